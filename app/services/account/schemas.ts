import { z } from "zod";
import type * as Wire from "./graphql.generated";
import { answerSchema, isoDate, okAnswer, revokedAnswer } from "../answer-parts";

/** Shapes of the account service's answers (spec section 3). Anything else is rejected. */

const tokenPayload = z.object({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  refreshExpiresIn: z.number().int(),
  payload: z.object({
    email: z.string(),
    exp: z.number().int(),
    origIat: z.number().int(),
  }),
});

export const tokenAuthResponse = answerSchema<Wire.TokenAuthMutation>()(z.object({ tokenAuth: tokenPayload }));
export const refreshTokenResponse = answerSchema<Wire.RefreshAccountTokenMutation>()(
  z.object({
    refreshToken: tokenPayload,
  }),
);
export const revokeTokenResponse = answerSchema<Wire.RevokeAccountTokenMutation>()(
  z.object({
    revokeToken: revokedAnswer,
  }),
);

export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  language: z.string(),
  isSuperuser: z.boolean(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  userType: z.string(),
  emailNotifications: z.boolean(),
  accountHasStatements: z.boolean(),
  onboarded: z.boolean(),
  impersonated: z.boolean(),
});

const dateRange = z.object({ start: isoDate.nullable(), end: isoDate.nullable() });

export const tenancySchema = z.object({
  id: z.string(),
  propertyNumber: z.string(),
  tenancyId: z.number().int(),
  tenant: z.string(),
  start: isoDate,
  end: isoDate.nullable(),
  useNewBackend: z.boolean(),
  dataAvailability: dateRange.nullable(),
  billingPeriod: dateRange.nullable(),
  apartment: z.object({
    apartmentInfo: z.object({ city: z.string(), zipcode: z.string() }),
    uniqueId: z.string(),
    apartment: z.string(),
    address: z.string(),
  }),
  latestAllocationStatement: z
    .object({
      fileName: z.string(),
      url: z.string(),
      periodStartDate: isoDate,
      periodEndDate: isoDate,
      expenseTypes: z.array(z.string()),
    })
    .nullable(),
  meterUnits: z.array(z.object({ kind: z.string(), unit: z.string() })),
});

export const currentUserResponse = answerSchema<Wire.CurrentUserQuery>()(
  z.object({
    currentUser: accountUserSchema,
    tenancies: z.array(tenancySchema),
  }),
);

export const validateActivationCodeResponse = answerSchema<Wire.ValidateActivationCodeQuery>()(
  z.object({
    validateActivationCode: okAnswer.extend({ text: z.string().nullable(), code: z.string().nullable() }),
  }),
);
export const createEmailPasswordUserResponse = answerSchema<Wire.CreateEmailPasswordUserMutation>()(
  z.object({
    createEmailPasswordUser: tokenPayload.extend({ created: z.boolean() }),
  }),
);
export const addTenancyResponse = answerSchema<Wire.AddTenancyMutation>()(
  z.object({
    addTenancy: okAnswer.extend({ tenancy: z.object({ id: z.string() }) }),
  }),
);
export const requestPasswordResetResponse = answerSchema<Wire.RequestPasswordResetMutation>()(
  z.object({
    requestPasswordReset: okAnswer,
  }),
);
export const passwordResetResponse = answerSchema<Wire.PasswordResetMutation>()(
  z.object({
    passwordReset: okAnswer,
  }),
);
export const impersonateResponse = answerSchema<Wire.ImpersonateMutation>()(
  z.object({
    impersonate: tokenPayload.extend({ slt: z.string().min(1) }),
  }),
);
export const socialAuthResponse = answerSchema<Wire.SocialAuthMutation>()(
  z.object({
    socialAuth: tokenPayload.extend({
      socialProvider: z.enum(["GOOGLE", "FACEBOOK", "APPLE"]),
      email: z.string(),
      slt: z.string().min(1),
      created: z.boolean(),
    }),
  }),
);
export const markOnboardedResponse = answerSchema<Wire.MarkOnboardedMutation>()(
  z.object({
    markOnboarded: okAnswer,
  }),
);

export type AccountUser = z.infer<typeof accountUserSchema>;
export type Tenancy = z.infer<typeof tenancySchema>;

// ---------------------------------------------------------------------------------------------
// Tenancy info and its users

export const tenancyInfoSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  startDate: isoDate,
  endDate: isoDate.nullable(),
  billingPeriodStart: isoDate.nullable(),
  billingPeriodEnd: isoDate.nullable(),
  propertyContact: z
    .object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  callerIsAdmin: z.boolean(),
  users: z.array(
    z.object({
      userId: z.number().int().nullable(),
      invitationId: z.number().int().nullable(),
      name: z.string().nullable(),
      email: z.string(),
      isAdmin: z.boolean(),
      invitationPending: z.boolean(),
      isCaller: z.boolean(),
      invitedAt: z.string().nullable(),
    }),
  ),
});
export type TenancyInfo = z.infer<typeof tenancyInfoSchema>;
export type TenancyUser = TenancyInfo["users"][number];
export const tenancyInfoResponse = answerSchema<Wire.TenancyInfoQuery>()(
  z.object({
    tenancyInfo: tenancyInfoSchema,
  }),
);
export const inviteTenancyUserResponse = answerSchema<Wire.InviteTenancyUserMutation>()(
  z.object({
    inviteTenancyUser: tenancyInfoSchema,
  }),
);
export const resendTenancyInvitationResponse = answerSchema<Wire.ResendTenancyInvitationMutation>()(
  z.object({
    resendTenancyInvitation: tenancyInfoSchema,
  }),
);
export const withdrawTenancyInvitationResponse = answerSchema<Wire.WithdrawTenancyInvitationMutation>()(
  z.object({
    withdrawTenancyInvitation: tenancyInfoSchema,
  }),
);
export const setTenancyUserAdminResponse = answerSchema<Wire.SetTenancyUserAdminMutation>()(
  z.object({
    setTenancyUserAdmin: tenancyInfoSchema,
  }),
);
export const removeTenancyUserResponse = answerSchema<Wire.RemoveTenancyUserMutation>()(
  z.object({
    removeTenancyUser: tenancyInfoSchema,
  }),
);
export const leaveTenancyResponse = answerSchema<Wire.LeaveTenancyMutation>()(z.object({ leaveTenancy: okAnswer }));

// ---------------------------------------------------------------------------------------------
// Profile settings

export const updateAccountSettingsResponse = answerSchema<Wire.UpdateAccountSettingsMutation>()(
  z.object({
    updateAccountSettings: z.object({ id: z.string(), language: z.string(), emailNotifications: z.boolean() }),
  }),
);
export const changePasswordResponse = answerSchema<Wire.ChangePasswordMutation>()(
  z.object({
    changePassword: okAnswer,
  }),
);
export const requestEmailChangeResponse = answerSchema<Wire.RequestEmailChangeMutation>()(
  z.object({
    requestEmailChange: okAnswer,
  }),
);
export const confirmEmailChangeResponse = answerSchema<Wire.ConfirmEmailChangeMutation>()(
  z.object({
    confirmEmailChange: okAnswer,
  }),
);
export const deleteAccountResponse = answerSchema<Wire.DeleteAccountMutation>()(
  z.object({
    deleteAccount: okAnswer,
  }),
);
export const myDataResponse = answerSchema<Wire.MyDataQuery>()(z.object({ myData: z.string() }));

// ---------------------------------------------------------------------------------------------
// Abuse limits (ADR 0010): the rules are the account service's enum RateLimitRule.

export const rateLimitRules = [
  "SIGN_IN_PER_ADDRESS",
  "SIGN_IN_PER_ACCOUNT",
  "SIGN_IN_PER_KNOWN_DEVICE",
  "SIGN_UP_PER_ADDRESS",
  "ACTIVATION_CODE_PER_ADDRESS",
  "RESET_REQUEST_PER_ADDRESS",
  "SET_PASSWORD_PER_ADDRESS",
  "REPORT_CODE_FAILURES_PER_ADDRESS",
] as const;
export type RateLimitRule = (typeof rateLimitRules)[number];
export interface RateLimitSubject {
  rule: RateLimitRule;
  /** Opaque to the back-end: a keyed hash made by the portal (app/security/limits.server.ts). */
  key: string;
}
const rateLimitState = z.object({
  rule: z.enum(rateLimitRules),
  key: z.string(),
  allowed: z.boolean(),
  remaining: z.number().int().nonnegative(),
  retryAfterSeconds: z.number().int().nonnegative(),
});
export type RateLimitState = z.infer<typeof rateLimitState>;
export const rateLimitsResponse = answerSchema<Wire.RateLimitsQuery>()(
  z.object({
    rateLimits: z.array(rateLimitState),
  }),
);
export const countRateLimitHitsResponse = answerSchema<Wire.CountRateLimitHitsMutation>()(
  z.object({
    countRateLimitHits: z.array(rateLimitState),
  }),
);
