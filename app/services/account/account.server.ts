import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import type { z } from "zod";
import { type GraphQLService, oneFieldRequests } from "../graphql.server";
import type { TokenSet } from "../tokens";
import type { CredentialAttempt, SocialProvider } from "./graphql.generated";
import {
  AddTenancyDocument,
  ChangePasswordDocument,
  ConfirmEmailChangeDocument,
  CountRateLimitHitsDocument,
  CreateEmailPasswordUserDocument,
  CurrentUserDocument,
  DeleteAccountDocument,
  ImpersonateDocument,
  InviteTenancyUserDocument,
  LeaveTenancyDocument,
  MarkOnboardedDocument,
  MyDataDocument,
  PasswordResetDocument,
  RateLimitsDocument,
  RefreshAccountTokenDocument,
  RemoveTenancyUserDocument,
  RequestEmailChangeDocument,
  RequestPasswordResetDocument,
  ResendTenancyInvitationDocument,
  RevokeAccountTokenDocument,
  SetTenancyUserAdminDocument,
  SocialAuthDocument,
  TenancyInfoDocument,
  TokenAuthDocument,
  UnsubscribeWeeklyUpdateDocument,
  UpdateAccountSettingsDocument,
  ValidateActivationCodeDocument,
  WithdrawTenancyInvitationDocument,
} from "./graphql.generated";
import {
  addTenancyResponse,
  changePasswordResponse,
  confirmEmailChangeResponse,
  countRateLimitHitsResponse,
  createEmailPasswordUserResponse,
  currentUserResponse,
  deleteAccountResponse,
  impersonateResponse,
  inviteTenancyUserResponse,
  leaveTenancyResponse,
  markOnboardedResponse,
  myDataResponse,
  passwordResetResponse,
  type RateLimitState,
  type RateLimitSubject,
  rateLimitsResponse,
  refreshTokenResponse,
  removeTenancyUserResponse,
  requestEmailChangeResponse,
  requestPasswordResetResponse,
  resendTenancyInvitationResponse,
  revokeTokenResponse,
  setTenancyUserAdminResponse,
  socialAuthResponse,
  type TenancyInfo,
  tenancyInfoResponse,
  tokenAuthResponse,
  unsubscribeWeeklyUpdateResponse,
  updateAccountSettingsResponse,
  validateActivationCodeResponse,
  withdrawTenancyInvitationResponse,
} from "./schemas";

/** The session's tokens out of an answer that signs in (the access token's expiry from its payload). */
function tokenSetOf(answer: { token: string; refreshToken: string; payload: { exp: number } }): TokenSet {
  return { token: answer.token, refreshToken: answer.refreshToken, expiresAt: answer.payload.exp };
}

/** Operations of the account service (spec section 7). */
export function accountService(gql: GraphQLService) {
  const field = oneFieldRequests(gql);
  /** The sign-in answers: an answer of another shape is logged under one name (spec section 8). */
  const signIn = <Result, Variables extends Record<string, unknown>, S extends z.ZodType>(
    document: TypedDocumentNode<Result, Variables>,
    variables: Variables,
    schema: S,
  ) => gql.request(document, variables, schema, "Invalid authentication response");
  return {
    /** Signs in; counts toward the password limits (RATE_LIMITED over them; ADR 0061). */
    async tokenAuth(email: string, password: string, attempt?: CredentialAttempt): Promise<TokenSet> {
      const { tokenAuth } = await signIn(TokenAuthDocument, { email, password, attempt }, tokenAuthResponse);
      return tokenSetOf(tokenAuth);
    },

    async refreshToken(refreshToken: string): Promise<TokenSet> {
      return tokenSetOf(await field(RefreshAccountTokenDocument, { refreshToken }, refreshTokenResponse));
    },

    async revokeToken(refreshToken: string): Promise<boolean> {
      return (await field(RevokeAccountTokenDocument, { refreshToken }, revokeTokenResponse)).revoked;
    },

    /** Checks an activation code without using it (no sign-in needed). */
    async validateActivationCode(activationCode: string) {
      return field(ValidateActivationCodeDocument, { activationCode }, validateActivationCodeResponse);
    },

    /** Sign-up; an existing user with the same password is signed in instead (created false). */
    /** Sign-up; `dataPolicyAcknowledged`: the resident ticked the data-policy box (stored with its time). */
    async createEmailPasswordUser(
      email: string,
      password: string,
      language: string,
      dataPolicyAcknowledged: boolean,
      attempt?: CredentialAttempt,
    ) {
      const { createEmailPasswordUser: r } = await signIn(
        CreateEmailPasswordUserDocument,
        { email, password, language, dataPolicyAcknowledged, attempt },
        createEmailPasswordUserResponse,
      );
      return { tokens: tokenSetOf(r), created: r.created };
    },

    /** Links the signed-in user to the code's tenancy; returns the tenancy id. */
    async addTenancy(activationCode: string): Promise<string> {
      return (await field(AddTenancyDocument, { activationCode }, addTenancyResponse)).tenancy.id;
    },

    async requestPasswordReset(email: string): Promise<void> {
      await field(RequestPasswordResetDocument, { email }, requestPasswordResetResponse);
    },

    async passwordReset(email: string, token: string, newPassword: string): Promise<void> {
      await field(PasswordResetDocument, { email, token, newPassword }, passwordResetResponse);
    },

    /** Support sign-in: the account tokens, when the session ends, and an slt for the users service. */
    async impersonate(token: string) {
      const { impersonate: r } = await signIn(ImpersonateDocument, { token }, impersonateResponse);
      return {
        tokens: tokenSetOf(r),
        // An impersonation session's refresh token expires when the session ends (account.graphql).
        sessionEndsAt: r.refreshExpiresIn,
        slt: r.slt,
      };
    },

    /**
     * Social sign-in or sign-up: the provider's access token, or for Apple its ID token and the
     * nonce the authorization request carried, verified by the account service. Without
     * `dataPolicyAcknowledged` no account is created: an unknown e-mail fails with
     * DATA_POLICY_NOT_ACKNOWLEDGED.
     */
    async socialAuth(
      accessToken: string,
      provider: string,
      language: string,
      dataPolicyAcknowledged: boolean,
      idToken?: { idToken: string; nonce: string },
    ) {
      const { socialAuth: r } = await signIn(
        SocialAuthDocument,
        {
          accessToken,
          // The route's provider name, upper-case; the service refuses a name its enum lacks.
          provider: provider as SocialProvider,
          language,
          dataPolicyAcknowledged,
          idToken: idToken?.idToken ?? null,
          nonce: idToken?.nonce ?? null,
        },
        socialAuthResponse,
      );
      return { tokens: tokenSetOf(r), slt: r.slt, created: r.created };
    },

    /** A tenancy of the caller with its property's contact and its users; FORBIDDEN otherwise. */
    async tenancyInfo(tenancyId: number): Promise<TenancyInfo> {
      return field(TenancyInfoDocument, { tenancyId }, tenancyInfoResponse);
    },

    /**
     * An admin's changes to the tenancy's users; each answers the fresh TenancyInfo. Refusals reject
     * with an ApiError: FORBIDDEN (not an admin), ALREADY_MEMBER, INVITATION_NOT_FOUND,
     * USER_NOT_FOUND, LAST_ADMIN, BAD_USER_INPUT (field email).
     */
    async inviteTenancyUser(tenancyId: number, email: string, language: string | null): Promise<TenancyInfo> {
      return field(InviteTenancyUserDocument, { tenancyId, email, language }, inviteTenancyUserResponse);
    },
    async resendTenancyInvitation(tenancyId: number, invitationId: number): Promise<TenancyInfo> {
      return field(ResendTenancyInvitationDocument, { tenancyId, invitationId }, resendTenancyInvitationResponse);
    },
    async withdrawTenancyInvitation(tenancyId: number, invitationId: number): Promise<TenancyInfo> {
      return field(WithdrawTenancyInvitationDocument, { tenancyId, invitationId }, withdrawTenancyInvitationResponse);
    },
    async setTenancyUserAdmin(tenancyId: number, userId: number, isAdmin: boolean): Promise<TenancyInfo> {
      return field(SetTenancyUserAdminDocument, { tenancyId, userId, isAdmin }, setTenancyUserAdminResponse);
    },
    async removeTenancyUser(tenancyId: number, userId: number): Promise<TenancyInfo> {
      return field(RemoveTenancyUserDocument, { tenancyId, userId }, removeTenancyUserResponse);
    },
    /** Leaves the tenancy (any member; LAST_ADMIN while other users remain and the caller is the last admin). */
    async leaveTenancy(tenancyId: number): Promise<void> {
      await field(LeaveTenancyDocument, { tenancyId }, leaveTenancyResponse);
    },

    /** The caller's language, e-mail notifications and/or weekly update e-mail. */
    async updateAccountSettings(settings: { language?: string; emailNotifications?: boolean; weeklyUpdate?: boolean }) {
      return field(UpdateAccountSettingsDocument, settings, updateAccountSettingsResponse);
    },

    /**
     * Changes the password; every session of the user ends (the caller signs in again with the new
     * one). PASSWORD_UPDATE_FAILED for a wrong current password, BAD_USER_INPUT (passwordProblems)
     * for a weak new one, FORBIDDEN in a support session.
     */
    async changePassword(currentPassword: string, newPassword: string, attempt?: CredentialAttempt): Promise<void> {
      await field(ChangePasswordDocument, { currentPassword, newPassword, attempt }, changePasswordResponse);
    },

    /** Sends a confirmation link to the new address; nothing changes until it is opened. */
    async requestEmailChange(
      newEmail: string,
      currentPassword: string | null,
      attempt?: CredentialAttempt,
    ): Promise<void> {
      await field(RequestEmailChangeDocument, { newEmail, currentPassword, attempt }, requestEmailChangeResponse);
    },

    /** Turns off the weekly update e-mail of the user the signed token names (no sign-in needed); BAD_USER_INPUT for a bad token. */
    async unsubscribeWeeklyUpdate(token: string): Promise<void> {
      await field(UnsubscribeWeeklyUpdateDocument, { token }, unsubscribeWeeklyUpdateResponse);
    },

    /** The confirmation link's token (no sign-in needed); INVALID_TOKEN when spent. */
    async confirmEmailChange(token: string): Promise<void> {
      await field(ConfirmEmailChangeDocument, { token }, confirmEmailChangeResponse);
    },

    /** Deletes the caller's account (password, or the e-mail typed again for social users). */
    async deleteAccount(
      confirmation: { password?: string; emailConfirmation?: string },
      attempt?: CredentialAttempt,
    ): Promise<void> {
      await field(DeleteAccountDocument, { ...confirmation, attempt }, deleteAccountResponse);
    },

    /** Everything held about the caller, as a JSON text (GDPR Art. 15/20). */
    async myData(): Promise<string> {
      return field(MyDataDocument, {}, myDataResponse);
    },

    /**
     * Abuse limits (ADR 0010), kept by the account service for every portal instance; no token
     * needed. Whether each (rule, key) may have one more hit now, in the order given.
     */
    async rateLimits(subjects: RateLimitSubject[]): Promise<RateLimitState[]> {
      return field(RateLimitsDocument, { subjects }, rateLimitsResponse);
    },

    /** Counts one hit for each (rule, key); answers the states after counting. */
    async countRateLimitHits(subjects: RateLimitSubject[]): Promise<RateLimitState[]> {
      return field(CountRateLimitHitsDocument, { subjects }, countRateLimitHitsResponse);
    },

    async markOnboarded(): Promise<void> {
      await field(MarkOnboardedDocument, {}, markOnboardedResponse);
    },

    /**
     * The signed-in user and all their tenancies, in one call: memoized for the request and shared
     * with the same session's other requests on this instance for a few seconds (ADR 0015).
     */
    currentUser() {
      return gql.request(CurrentUserDocument, {}, currentUserResponse, "Invalid getUser response", { shared: true });
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
