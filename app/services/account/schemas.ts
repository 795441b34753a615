import { z } from "zod";
import type * as Wire from "./graphql.generated";
import { isoDate, okAnswer, revokedAnswer } from "../answer-parts";

/** Shapes of the account service's answers (spec section 3). Anything else is rejected. */

const tokenPayload = z.object({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  refreshExpiresIn: z.number().int(),
  payload: z.object({
    email: z.string(),
    exp: z.number().int(),
    origIat: z.number().int(),
    impersonated: z.boolean().optional(),
    sessionExpiresAt: z.number().int().nullable().optional(),
  }),
});

export const tokenAuthResponse = z.object({ tokenAuth: tokenPayload }) satisfies z.ZodType<Wire.TokenAuthMutation>;
export const refreshTokenResponse = z.object({
  refreshToken: tokenPayload,
}) satisfies z.ZodType<Wire.RefreshAccountTokenMutation>;
export const revokeTokenResponse = z.object({
  revokeToken: revokedAnswer,
}) satisfies z.ZodType<Wire.RevokeAccountTokenMutation>;

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

export const currentUserResponse = z.object({
  currentUser: accountUserSchema,
  tenancies: z.array(tenancySchema),
}) satisfies z.ZodType<Wire.CurrentUserQuery>;

export const validateActivationCodeResponse = z.object({
  validateActivationCode: okAnswer.extend({ text: z.string().nullable(), code: z.string().nullable() }),
}) satisfies z.ZodType<Wire.ValidateActivationCodeQuery>;
export const createEmailPasswordUserResponse = z.object({
  createEmailPasswordUser: tokenPayload.extend({ created: z.boolean() }),
}) satisfies z.ZodType<Wire.CreateEmailPasswordUserMutation>;
export const addTenancyResponse = z.object({
  addTenancy: okAnswer.extend({ tenancy: z.object({ id: z.string() }) }),
}) satisfies z.ZodType<Wire.AddTenancyMutation>;
export const requestPasswordResetResponse = z.object({
  requestPasswordReset: okAnswer,
}) satisfies z.ZodType<Wire.RequestPasswordResetMutation>;
export const passwordResetResponse = z.object({
  passwordReset: okAnswer,
}) satisfies z.ZodType<Wire.PasswordResetMutation>;
export const impersonateResponse = z.object({
  impersonate: tokenPayload.extend({ slt: z.string().min(1) }),
}) satisfies z.ZodType<Wire.ImpersonateMutation>;
export const socialAuthResponse = z.object({
  socialAuth: tokenPayload.extend({
    socialProvider: z.enum(["GOOGLE", "FACEBOOK", "APPLE"]),
    email: z.string(),
    slt: z.string().min(1),
    created: z.boolean(),
  }),
}) satisfies z.ZodType<Wire.SocialAuthMutation>;
export const markOnboardedResponse = z.object({
  markOnboarded: okAnswer,
}) satisfies z.ZodType<Wire.MarkOnboardedMutation>;

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
export const tenancyInfoResponse = z.object({
  tenancyInfo: tenancyInfoSchema,
}) satisfies z.ZodType<Wire.TenancyInfoQuery>;
export const inviteTenancyUserResponse = z.object({
  inviteTenancyUser: tenancyInfoSchema,
}) satisfies z.ZodType<Wire.InviteTenancyUserMutation>;
export const resendTenancyInvitationResponse = z.object({
  resendTenancyInvitation: tenancyInfoSchema,
}) satisfies z.ZodType<Wire.ResendTenancyInvitationMutation>;
export const withdrawTenancyInvitationResponse = z.object({
  withdrawTenancyInvitation: tenancyInfoSchema,
}) satisfies z.ZodType<Wire.WithdrawTenancyInvitationMutation>;
export const setTenancyUserAdminResponse = z.object({
  setTenancyUserAdmin: tenancyInfoSchema,
}) satisfies z.ZodType<Wire.SetTenancyUserAdminMutation>;
export const removeTenancyUserResponse = z.object({
  removeTenancyUser: tenancyInfoSchema,
}) satisfies z.ZodType<Wire.RemoveTenancyUserMutation>;
export const leaveTenancyResponse = z.object({ leaveTenancy: okAnswer }) satisfies z.ZodType<Wire.LeaveTenancyMutation>;

// ---------------------------------------------------------------------------------------------
// Profile settings

export const updateAccountSettingsResponse = z.object({
  updateAccountSettings: z.object({ id: z.string(), language: z.string(), emailNotifications: z.boolean() }),
}) satisfies z.ZodType<Wire.UpdateAccountSettingsMutation>;
export const changePasswordResponse = z.object({
  changePassword: okAnswer,
}) satisfies z.ZodType<Wire.ChangePasswordMutation>;
export const requestEmailChangeResponse = z.object({
  requestEmailChange: okAnswer,
}) satisfies z.ZodType<Wire.RequestEmailChangeMutation>;
export const confirmEmailChangeResponse = z.object({
  confirmEmailChange: okAnswer,
}) satisfies z.ZodType<Wire.ConfirmEmailChangeMutation>;
export const deleteAccountResponse = z.object({
  deleteAccount: okAnswer,
}) satisfies z.ZodType<Wire.DeleteAccountMutation>;
export const myDataResponse = z.object({ myData: z.string() }) satisfies z.ZodType<Wire.MyDataQuery>;

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
export const rateLimitsResponse = z.object({
  rateLimits: z.array(rateLimitState),
}) satisfies z.ZodType<Wire.RateLimitsQuery>;
export const countRateLimitHitsResponse = z.object({
  countRateLimitHits: z.array(rateLimitState),
}) satisfies z.ZodType<Wire.CountRateLimitHitsMutation>;
