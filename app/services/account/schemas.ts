import { RateLimitRule, SocialProvider } from "@common/graphql-enums.generated";
import { z } from "zod";
import { answerSchema, fieldAnswer, isoDate, okAnswer, revokedAnswer } from "../answer-parts";
import type * as Wire from "./graphql.generated";

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

export const tokenAuthResponse = fieldAnswer<Wire.TokenAuthMutation>()("tokenAuth", tokenPayload);
export const refreshTokenResponse = fieldAnswer<Wire.RefreshAccountTokenMutation>()("refreshToken", tokenPayload);
export const revokeTokenResponse = fieldAnswer<Wire.RevokeAccountTokenMutation>()("revokeToken", revokedAnswer);

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

export const validateActivationCodeResponse = fieldAnswer<Wire.ValidateActivationCodeQuery>()(
  "validateActivationCode",
  okAnswer.extend({ text: z.string().nullable(), code: z.string().nullable() }),
);
export const createEmailPasswordUserResponse = fieldAnswer<Wire.CreateEmailPasswordUserMutation>()(
  "createEmailPasswordUser",
  tokenPayload.extend({ created: z.boolean() }),
);
export const addTenancyResponse = fieldAnswer<Wire.AddTenancyMutation>()(
  "addTenancy",
  okAnswer.extend({ tenancy: z.object({ id: z.string() }) }),
);
export const requestPasswordResetResponse = fieldAnswer<Wire.RequestPasswordResetMutation>()(
  "requestPasswordReset",
  okAnswer,
);
export const passwordResetResponse = fieldAnswer<Wire.PasswordResetMutation>()("passwordReset", okAnswer);
export const impersonateResponse = fieldAnswer<Wire.ImpersonateMutation>()(
  "impersonate",
  tokenPayload.extend({ slt: z.string().min(1) }),
);
export const socialAuthResponse = fieldAnswer<Wire.SocialAuthMutation>()(
  "socialAuth",
  tokenPayload.extend({
    socialProvider: z.enum(SocialProvider),
    email: z.string(),
    slt: z.string().min(1),
    created: z.boolean(),
  }),
);
export const markOnboardedResponse = fieldAnswer<Wire.MarkOnboardedMutation>()("markOnboarded", okAnswer);

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
export const tenancyInfoResponse = fieldAnswer<Wire.TenancyInfoQuery>()("tenancyInfo", tenancyInfoSchema);
export const inviteTenancyUserResponse = fieldAnswer<Wire.InviteTenancyUserMutation>()(
  "inviteTenancyUser",
  tenancyInfoSchema,
);
export const resendTenancyInvitationResponse = fieldAnswer<Wire.ResendTenancyInvitationMutation>()(
  "resendTenancyInvitation",
  tenancyInfoSchema,
);
export const withdrawTenancyInvitationResponse = fieldAnswer<Wire.WithdrawTenancyInvitationMutation>()(
  "withdrawTenancyInvitation",
  tenancyInfoSchema,
);
export const setTenancyUserAdminResponse = fieldAnswer<Wire.SetTenancyUserAdminMutation>()(
  "setTenancyUserAdmin",
  tenancyInfoSchema,
);
export const removeTenancyUserResponse = fieldAnswer<Wire.RemoveTenancyUserMutation>()(
  "removeTenancyUser",
  tenancyInfoSchema,
);
export const leaveTenancyResponse = fieldAnswer<Wire.LeaveTenancyMutation>()("leaveTenancy", okAnswer);

// ---------------------------------------------------------------------------------------------
// Profile settings

export const updateAccountSettingsResponse = fieldAnswer<Wire.UpdateAccountSettingsMutation>()(
  "updateAccountSettings",
  z.object({ id: z.string(), language: z.string(), emailNotifications: z.boolean() }),
);
export const changePasswordResponse = fieldAnswer<Wire.ChangePasswordMutation>()("changePassword", okAnswer);
export const requestEmailChangeResponse = fieldAnswer<Wire.RequestEmailChangeMutation>()(
  "requestEmailChange",
  okAnswer,
);
export const confirmEmailChangeResponse = fieldAnswer<Wire.ConfirmEmailChangeMutation>()(
  "confirmEmailChange",
  okAnswer,
);
export const deleteAccountResponse = fieldAnswer<Wire.DeleteAccountMutation>()("deleteAccount", okAnswer);
export const myDataResponse = fieldAnswer<Wire.MyDataQuery>()("myData", z.string());

// ---------------------------------------------------------------------------------------------
// Abuse limits (ADR 0010): the rules are the account service's enum RateLimitRule, generated.

export const rateLimitRules = RateLimitRule;
export type { RateLimitRule };
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
export const rateLimitsResponse = fieldAnswer<Wire.RateLimitsQuery>()("rateLimits", z.array(rateLimitState));
export const countRateLimitHitsResponse = fieldAnswer<Wire.CountRateLimitHitsMutation>()(
  "countRateLimitHits",
  z.array(rateLimitState),
);
