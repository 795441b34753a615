import { RateLimitRule } from "@common/graphql-enums.generated";
import { z } from "zod";
import { answerRules, isoDate, tokenPair } from "../answer-parts";
import type * as Wire from "./graphql.generated";

/**
 * The account service's answers (spec section 3) are their generated types, each checked against
 * its generated shape (answer-shapes.ts, ADR 0064); the rules below say only what those types
 * cannot: tokens are not empty, dates are YYYY-MM-DD, the limits' counts are not negative. An
 * answer that breaks them is rejected.
 */

/** The types say it all. */
const typed = z.unknown();

export const tokenAuthResponse = answerRules<Wire.TokenAuthMutation>()(z.looseObject({ tokenAuth: tokenPair }));
export const refreshTokenResponse = answerRules<Wire.RefreshAccountTokenMutation>()(
  z.looseObject({ refreshToken: tokenPair }),
);
export const revokeTokenResponse = answerRules<Wire.RevokeAccountTokenMutation>()(typed);

export type AccountUser = Wire.CurrentUserQuery["currentUser"];
export type Tenancy = Wire.CurrentUserQuery["tenancies"][number];

const dateRange = z.looseObject({ start: isoDate.nullable(), end: isoDate.nullable() });
const tenancy = z.looseObject({
  start: isoDate,
  end: isoDate.nullable(),
  dataAvailability: dateRange.nullable(),
  billingPeriod: dateRange.nullable(),
  latestAllocationStatement: z.looseObject({ periodStartDate: isoDate, periodEndDate: isoDate }).nullable(),
});

export const currentUserResponse = answerRules<Wire.CurrentUserQuery>()(z.looseObject({ tenancies: z.array(tenancy) }));

export const validateActivationCodeResponse = answerRules<Wire.ValidateActivationCodeQuery>()(typed);
export const createEmailPasswordUserResponse = answerRules<Wire.CreateEmailPasswordUserMutation>()(
  z.looseObject({ createEmailPasswordUser: tokenPair }),
);
export const addTenancyResponse = answerRules<Wire.AddTenancyMutation>()(typed);
export const requestPasswordResetResponse = answerRules<Wire.RequestPasswordResetMutation>()(typed);
export const passwordResetResponse = answerRules<Wire.PasswordResetMutation>()(typed);
export const impersonateResponse = answerRules<Wire.ImpersonateMutation>()(
  z.looseObject({ impersonate: tokenPair.extend({ slt: z.string().min(1) }) }),
);
export const socialAuthResponse = answerRules<Wire.SocialAuthMutation>()(
  z.looseObject({ socialAuth: tokenPair.extend({ slt: z.string().min(1) }) }),
);
export const markOnboardedResponse = answerRules<Wire.MarkOnboardedMutation>()(typed);

// ---------------------------------------------------------------------------------------------
// Tenancy info and its users

export type TenancyInfo = Wire.TenancyInfoQuery["tenancyInfo"];
export type TenancyUser = TenancyInfo["users"][number];
const tenancyInfo = z.looseObject({
  startDate: isoDate,
  endDate: isoDate.nullable(),
  billingPeriodStart: isoDate.nullable(),
  billingPeriodEnd: isoDate.nullable(),
});
export const tenancyInfoResponse = answerRules<Wire.TenancyInfoQuery>()(z.looseObject({ tenancyInfo }));
export const inviteTenancyUserResponse = answerRules<Wire.InviteTenancyUserMutation>()(
  z.looseObject({ inviteTenancyUser: tenancyInfo }),
);
export const resendTenancyInvitationResponse = answerRules<Wire.ResendTenancyInvitationMutation>()(
  z.looseObject({ resendTenancyInvitation: tenancyInfo }),
);
export const withdrawTenancyInvitationResponse = answerRules<Wire.WithdrawTenancyInvitationMutation>()(
  z.looseObject({ withdrawTenancyInvitation: tenancyInfo }),
);
export const setTenancyUserAdminResponse = answerRules<Wire.SetTenancyUserAdminMutation>()(
  z.looseObject({ setTenancyUserAdmin: tenancyInfo }),
);
export const removeTenancyUserResponse = answerRules<Wire.RemoveTenancyUserMutation>()(
  z.looseObject({ removeTenancyUser: tenancyInfo }),
);
export const leaveTenancyResponse = answerRules<Wire.LeaveTenancyMutation>()(typed);

// ---------------------------------------------------------------------------------------------
// Profile settings

export const updateAccountSettingsResponse = answerRules<Wire.UpdateAccountSettingsMutation>()(typed);
export const changePasswordResponse = answerRules<Wire.ChangePasswordMutation>()(typed);
export const requestEmailChangeResponse = answerRules<Wire.RequestEmailChangeMutation>()(typed);
export const confirmEmailChangeResponse = answerRules<Wire.ConfirmEmailChangeMutation>()(typed);
export const unsubscribeWeeklyUpdateResponse = answerRules<Wire.UnsubscribeWeeklyUpdateMutation>()(typed);
export const deleteAccountResponse = answerRules<Wire.DeleteAccountMutation>()(typed);
export const myDataResponse = answerRules<Wire.MyDataQuery>()(typed);

// ---------------------------------------------------------------------------------------------
// Abuse limits (ADR 0010): the rules are the account service's enum RateLimitRule, generated.

export const rateLimitRules = RateLimitRule;
export type { RateLimitRule };
export interface RateLimitSubject {
  rule: RateLimitRule;
  /** Opaque to the back-end: a keyed hash made by the portal (app/security/limits.server.ts). */
  key: string;
}
export type RateLimitState = Wire.RateLimitsQuery["rateLimits"][number];
const rateLimitStates = z.array(
  z.looseObject({ remaining: z.number().nonnegative(), retryAfterSeconds: z.number().nonnegative() }),
);
export const rateLimitsResponse = answerRules<Wire.RateLimitsQuery>()(z.looseObject({ rateLimits: rateLimitStates }));
export const countRateLimitHitsResponse = answerRules<Wire.CountRateLimitHitsMutation>()(
  z.looseObject({ countRateLimitHits: rateLimitStates }),
);
