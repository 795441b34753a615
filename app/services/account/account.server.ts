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
} from "./schemas";

/** Operations of the account service (spec section 7). */
export function accountService(gql: GraphQLService) {
  return {
    async tokenAuth(email: string, password: string): Promise<TokenSet> {
      const { tokenAuth } = await gql.request(TokenAuthMutation, { email, password }, tokenAuthResponse, "Invalid authentication response");
      return { token: tokenAuth.token, refreshToken: tokenAuth.refreshToken, expiresAt: tokenAuth.payload.exp };
    },

    async refreshToken(refreshToken: string): Promise<TokenSet> {
      const result = await gql.request(RefreshTokenMutation, { refreshToken }, refreshTokenResponse, "Invalid refreshToken response");
      const r = result.refreshToken;
      return { token: r.token, refreshToken: r.refreshToken, expiresAt: r.payload.exp };
    },

    async revokeToken(refreshToken: string): Promise<boolean> {
      const { revokeToken } = await gql.request(RevokeTokenMutation, { refreshToken }, revokeTokenResponse, "Invalid revokeToken response");
      return revokeToken.revoked;
    },

    /** Checks an activation code without using it (no sign-in needed). */
    async validateActivationCode(activationCode: string) {
      return (await gql.request(ValidateActivationCodeQuery, { activationCode }, validateActivationCodeResponse, "Invalid validateActivationCode response"))
        .validateActivationCode;
    },

    /** Sign-up; an existing user with the same password is signed in instead (created false). */
    async createEmailPasswordUser(email: string, password: string, language: string) {
      const { createEmailPasswordUser: r } = await gql.request(
        CreateEmailPasswordUserMutation,
        { email, password, language },
        createEmailPasswordUserResponse,
        "Invalid authentication response",
      );
      return { tokens: { token: r.token, refreshToken: r.refreshToken, expiresAt: r.payload.exp } satisfies TokenSet, created: r.created };
    },

    /** Links the signed-in user to the code's tenancy; returns the tenancy id. */
    async addTenancy(activationCode: string): Promise<string> {
      return (await gql.request(AddTenancyMutation, { activationCode }, addTenancyResponse, "Invalid addTenancy response")).addTenancy.tenancy.id;
    },

    async requestPasswordReset(email: string): Promise<void> {
      await gql.request(RequestPasswordResetMutation, { email }, requestPasswordResetResponse, "Invalid requestPasswordReset response");
    },

    async passwordReset(email: string, token: string, newPassword: string): Promise<void> {
      await gql.request(PasswordResetMutation, { email, token, newPassword }, passwordResetResponse, "Invalid passwordReset response");
    },

    /** Support sign-in: the account tokens, when the session ends, and an slt for the users service. */
    async impersonate(token: string) {
      const { impersonate: r } = await gql.request(ImpersonateMutation, { token }, impersonateResponse, "Invalid authentication response");
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
