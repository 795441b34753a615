import { type GraphQLService, oneFieldRequests } from "../graphql.server";
import type { TokenSet } from "../tokens";
import {
  LoginFromSltMutation,
  LoginWithEmailAndPasswordMutation,
  MeQuery,
  RefreshUsersTokenMutation,
  RevokeUsersTokenMutation,
  UpdateMyNameMutation,
  UserUnitsQuery,
} from "./documents";
import {
  loginFromSltResponse,
  loginResponse,
  meResponse,
  refreshResponse,
  revokeResponse,
  updateMyNameResponse,
  userUnitsResponse,
} from "./schemas";

/** The target resource the portal signs in for at the users service. */
export const tenantTargetResource = "tenant";

/** Operations of the users service, the spec's "second service" (spec section 7). */
export function usersService(gql: GraphQLService) {
  const field = oneFieldRequests(gql);
  return {
    async loginWithEmailAndPassword(email: string, password: string): Promise<TokenSet> {
      const result = await gql.request(
        LoginWithEmailAndPasswordMutation,
        { credentials: { email, password, targetResource: tenantTargetResource } },
        loginResponse,
        "Invalid login response.",
      );
      return result.loginWithEmailAndPassword.ok;
    },

    /** Exchanges the account service's short-lived token (social sign-in, impersonation). */
    async loginFromSlt(token: string): Promise<TokenSet> {
      return (await gql.request(LoginFromSltMutation, { token }, loginFromSltResponse, "Invalid login response."))
        .loginFromSlt.ok;
    },

    async refreshToken(refreshToken: string): Promise<TokenSet> {
      return (await field(RefreshUsersTokenMutation, { refreshToken }, refreshResponse)).ok;
    },

    async revokeToken(refreshToken: string): Promise<boolean> {
      return (await field(RevokeUsersTokenMutation, { refreshToken }, revokeResponse)).revoked;
    },

    /** The signed-in user's profile at the users service (the name lives here). */
    async me() {
      return field(MeQuery, {}, meResponse);
    },

    /** Changes the caller's name; BAD_USER_INPUT (field name) for an empty or too long one. */
    async updateMyName(name: string) {
      return field(UpdateMyNameMutation, { name }, updateMyNameResponse);
    },

    async userUnits() {
      return field(UserUnitsQuery, {}, userUnitsResponse);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
