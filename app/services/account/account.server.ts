import type { GraphQLService } from "../graphql.server";
import type { TokenSet } from "../tokens";
import {
  CurrentUserQuery,
  RefreshTokenMutation,
  RevokeTokenMutation,
  TokenAuthMutation,
} from "./documents";
import {
  currentUserResponse,
  refreshTokenResponse,
  revokeTokenResponse,
  tokenAuthResponse,
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

    /** The signed-in user and all their tenancies, in one call (memoized for the request). */
    currentUser() {
      return gql.request(CurrentUserQuery, {}, currentUserResponse, "Invalid getUser response");
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
