import type { GraphQLService } from "../graphql.server";
import type { TokenSet } from "../tokens";
import {
  AddTenancyMutation,
  CreateEmailPasswordUserMutation,
  CurrentUserQuery,
  ImpersonateMutation,
  MarkOnboardedMutation,
  PasswordResetMutation,
  RefreshTokenMutation,
  RequestPasswordResetMutation,
  RevokeTokenMutation,
  SocialAuthMutation,
  TokenAuthMutation,
  ValidateActivationCodeQuery,
  TenancyInfoQuery,
  InviteTenancyUserMutation,
  ResendTenancyInvitationMutation,
  WithdrawTenancyInvitationMutation,
  SetTenancyUserAdminMutation,
  RemoveTenancyUserMutation,
  LeaveTenancyMutation,
  UpdateAccountSettingsMutation,
  ChangePasswordMutation,
  RequestEmailChangeMutation,
  ConfirmEmailChangeMutation,
  DeleteAccountMutation,
  MyDataQuery,
  RateLimitsQuery,
  CountRateLimitHitsMutation,
} from "./documents";
import {
  addTenancyResponse,
  createEmailPasswordUserResponse,
  currentUserResponse,
  impersonateResponse,
  markOnboardedResponse,
  passwordResetResponse,
  refreshTokenResponse,
  requestPasswordResetResponse,
  revokeTokenResponse,
  socialAuthResponse,
  tokenAuthResponse,
  validateActivationCodeResponse,
  tenancyInfoResponse,
  inviteTenancyUserResponse,
  resendTenancyInvitationResponse,
  withdrawTenancyInvitationResponse,
  setTenancyUserAdminResponse,
  removeTenancyUserResponse,
  leaveTenancyResponse,
  type TenancyInfo,
  updateAccountSettingsResponse,
  changePasswordResponse,
  requestEmailChangeResponse,
  confirmEmailChangeResponse,
  deleteAccountResponse,
  myDataResponse,
  rateLimitsResponse,
  countRateLimitHitsResponse,
  type RateLimitState,
  type RateLimitSubject,
} from "./schemas";

/** Operations of the account service (spec section 7). */
export function accountService(gql: GraphQLService) {
  return {
    async tokenAuth(email: string, password: string): Promise<TokenSet> {
      const { tokenAuth } = await gql.request(
        TokenAuthMutation,
        { email, password },
        tokenAuthResponse,
        "Invalid authentication response",
      );
      return { token: tokenAuth.token, refreshToken: tokenAuth.refreshToken, expiresAt: tokenAuth.payload.exp };
    },

    async refreshToken(refreshToken: string): Promise<TokenSet> {
      const result = await gql.request(
        RefreshTokenMutation,
        { refreshToken },
        refreshTokenResponse,
        "Invalid refreshToken response",
      );
      const r = result.refreshToken;
      return { token: r.token, refreshToken: r.refreshToken, expiresAt: r.payload.exp };
    },

    async revokeToken(refreshToken: string): Promise<boolean> {
      const { revokeToken } = await gql.request(
        RevokeTokenMutation,
        { refreshToken },
        revokeTokenResponse,
        "Invalid revokeToken response",
      );
      return revokeToken.revoked;
    },

    /** Checks an activation code without using it (no sign-in needed). */
    async validateActivationCode(activationCode: string) {
      return (
        await gql.request(
          ValidateActivationCodeQuery,
          { activationCode },
          validateActivationCodeResponse,
          "Invalid validateActivationCode response",
        )
      ).validateActivationCode;
    },

    /** Sign-up; an existing user with the same password is signed in instead (created false). */
    async createEmailPasswordUser(email: string, password: string, language: string) {
      const { createEmailPasswordUser: r } = await gql.request(
        CreateEmailPasswordUserMutation,
        { email, password, language },
        createEmailPasswordUserResponse,
        "Invalid authentication response",
      );
      return {
        tokens: { token: r.token, refreshToken: r.refreshToken, expiresAt: r.payload.exp } satisfies TokenSet,
        created: r.created,
      };
    },

    /** Links the signed-in user to the code's tenancy; returns the tenancy id. */
    async addTenancy(activationCode: string): Promise<string> {
      return (
        await gql.request(AddTenancyMutation, { activationCode }, addTenancyResponse, "Invalid addTenancy response")
      ).addTenancy.tenancy.id;
    },

    async requestPasswordReset(email: string): Promise<void> {
      await gql.request(
        RequestPasswordResetMutation,
        { email },
        requestPasswordResetResponse,
        "Invalid requestPasswordReset response",
      );
    },

    async passwordReset(email: string, token: string, newPassword: string): Promise<void> {
      await gql.request(
        PasswordResetMutation,
        { email, token, newPassword },
        passwordResetResponse,
        "Invalid passwordReset response",
      );
    },

    /** Support sign-in: the account tokens, when the session ends, and an slt for the users service. */
    async impersonate(token: string) {
      const { impersonate: r } = await gql.request(
        ImpersonateMutation,
        { token },
        impersonateResponse,
        "Invalid authentication response",
      );
      return {
        tokens: { token: r.token, refreshToken: r.refreshToken, expiresAt: r.payload.exp } satisfies TokenSet,
        sessionEndsAt: r.payload.sessionExpiresAt ?? r.refreshExpiresIn,
        slt: r.slt,
      };
    },

    /** Social sign-in: the provider's access token, verified by the account service. */
    async socialAuth(accessToken: string, provider: string, language: string) {
      const { socialAuth: r } = await gql.request(
        SocialAuthMutation,
        { accessToken, provider, language },
        socialAuthResponse,
        "Invalid authentication response",
      );
      return {
        tokens: { token: r.token, refreshToken: r.refreshToken, expiresAt: r.payload.exp } satisfies TokenSet,
        slt: r.slt,
        created: r.created,
      };
    },

    /** A tenancy of the caller with its property's contact and its users; FORBIDDEN otherwise. */
    async tenancyInfo(tenancyId: number): Promise<TenancyInfo> {
      return (await gql.request(TenancyInfoQuery, { tenancyId }, tenancyInfoResponse, "Invalid tenancyInfo response"))
        .tenancyInfo;
    },

    /**
     * An admin's changes to the tenancy's users; each answers the fresh TenancyInfo. Refusals reject
     * with an ApiError: FORBIDDEN (not an admin), ALREADY_MEMBER, INVITATION_NOT_FOUND,
     * USER_NOT_FOUND, LAST_ADMIN, BAD_USER_INPUT (field email).
     */
    async inviteTenancyUser(tenancyId: number, email: string, language: string | null): Promise<TenancyInfo> {
      return (
        await gql.request(
          InviteTenancyUserMutation,
          { tenancyId, email, language },
          inviteTenancyUserResponse,
          "Invalid inviteTenancyUser response",
        )
      ).inviteTenancyUser;
    },
    async resendTenancyInvitation(tenancyId: number, invitationId: number): Promise<TenancyInfo> {
      return (
        await gql.request(
          ResendTenancyInvitationMutation,
          { tenancyId, invitationId },
          resendTenancyInvitationResponse,
          "Invalid resendTenancyInvitation response",
        )
      ).resendTenancyInvitation;
    },
    async withdrawTenancyInvitation(tenancyId: number, invitationId: number): Promise<TenancyInfo> {
      return (
        await gql.request(
          WithdrawTenancyInvitationMutation,
          { tenancyId, invitationId },
          withdrawTenancyInvitationResponse,
          "Invalid withdrawTenancyInvitation response",
        )
      ).withdrawTenancyInvitation;
    },
    async setTenancyUserAdmin(tenancyId: number, userId: number, isAdmin: boolean): Promise<TenancyInfo> {
      return (
        await gql.request(
          SetTenancyUserAdminMutation,
          { tenancyId, userId, isAdmin },
          setTenancyUserAdminResponse,
          "Invalid setTenancyUserAdmin response",
        )
      ).setTenancyUserAdmin;
    },
    async removeTenancyUser(tenancyId: number, userId: number): Promise<TenancyInfo> {
      return (
        await gql.request(
          RemoveTenancyUserMutation,
          { tenancyId, userId },
          removeTenancyUserResponse,
          "Invalid removeTenancyUser response",
        )
      ).removeTenancyUser;
    },
    /** Leaves the tenancy (any member; LAST_ADMIN while other users remain and the caller is the last admin). */
    async leaveTenancy(tenancyId: number): Promise<void> {
      await gql.request(LeaveTenancyMutation, { tenancyId }, leaveTenancyResponse, "Invalid leaveTenancy response");
    },

    /** The caller's language and/or e-mail notifications. */
    async updateAccountSettings(settings: { language?: string; emailNotifications?: boolean }) {
      return (
        await gql.request(
          UpdateAccountSettingsMutation,
          settings,
          updateAccountSettingsResponse,
          "Invalid updateAccountSettings response",
        )
      ).updateAccountSettings;
    },

    /**
     * Changes the password; every session of the user ends (the caller signs in again with the new
     * one). PASSWORD_UPDATE_FAILED for a wrong current password, BAD_USER_INPUT (passwordProblems)
     * for a weak new one, FORBIDDEN in a support session.
     */
    async changePassword(currentPassword: string, newPassword: string): Promise<void> {
      await gql.request(
        ChangePasswordMutation,
        { currentPassword, newPassword },
        changePasswordResponse,
        "Invalid changePassword response",
      );
    },

    /** Sends a confirmation link to the new address; nothing changes until it is opened. */
    async requestEmailChange(newEmail: string, currentPassword: string | null): Promise<void> {
      await gql.request(
        RequestEmailChangeMutation,
        { newEmail, currentPassword },
        requestEmailChangeResponse,
        "Invalid requestEmailChange response",
      );
    },

    /** The confirmation link's token (no sign-in needed); INVALID_TOKEN when spent. */
    async confirmEmailChange(token: string): Promise<void> {
      await gql.request(
        ConfirmEmailChangeMutation,
        { token },
        confirmEmailChangeResponse,
        "Invalid confirmEmailChange response",
      );
    },

    /** Deletes the caller's account (password, or the e-mail typed again for social users). */
    async deleteAccount(confirmation: { password?: string; emailConfirmation?: string }): Promise<void> {
      await gql.request(DeleteAccountMutation, confirmation, deleteAccountResponse, "Invalid deleteAccount response");
    },

    /** Everything held about the caller, as a JSON text (GDPR Art. 15/20). */
    async myData(): Promise<string> {
      return (await gql.request(MyDataQuery, {}, myDataResponse, "Invalid myData response")).myData;
    },

    /**
     * Abuse limits (ADR 0010), kept by the account service for every portal instance; no token
     * needed. Whether each (rule, key) may have one more hit now, in the order given.
     */
    async rateLimits(subjects: RateLimitSubject[]): Promise<RateLimitState[]> {
      return (await gql.request(RateLimitsQuery, { subjects }, rateLimitsResponse, "Invalid rateLimits response"))
        .rateLimits;
    },

    /** Counts one hit for each (rule, key); answers the states after counting. */
    async countRateLimitHits(subjects: RateLimitSubject[]): Promise<RateLimitState[]> {
      return (
        await gql.request(
          CountRateLimitHitsMutation,
          { subjects },
          countRateLimitHitsResponse,
          "Invalid countRateLimitHits response",
        )
      ).countRateLimitHits;
    },

    async markOnboarded(): Promise<void> {
      await gql.request(MarkOnboardedMutation, {}, markOnboardedResponse, "Invalid markOnboarded response");
    },

    /**
     * The signed-in user and all their tenancies, in one call: memoized for the request and shared
     * with the same session's other requests on this instance for a few seconds (ADR 0015).
     */
    currentUser() {
      return gql.request(CurrentUserQuery, {}, currentUserResponse, "Invalid getUser response", { shared: true });
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
