import { type GraphQLService, oneFieldRequests } from "../graphql.server";
import type { TokenSet } from "../tokens";
import {
  LoginFromSltDocument,
  LoginWithEmailAndPasswordDocument,
  MeDocument,
  RefreshUsersTokenDocument,
  RevokeUsersTokenDocument,
  UpdateMyNameDocument,
  UserUnitsDocument,
} from "./graphql.generated";
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
        LoginWithEmailAndPasswordDocument,
        { credentials: { email, password, targetResource: tenantTargetResource } },
        loginResponse,
        "Invalid login response.",
      );
      return result.loginWithEmailAndPassword.ok;
    },

    /** Exchanges the account service's short-lived token (social sign-in, impersonation). */
    async loginFromSlt(token: string): Promise<TokenSet> {
      return (await gql.request(LoginFromSltDocument, { token }, loginFromSltResponse, "Invalid login response."))
        .loginFromSlt.ok;
    },

    async refreshToken(refreshToken: string): Promise<TokenSet> {
      return (await field(RefreshUsersTokenDocument, { refreshToken }, refreshResponse)).ok;
    },

    async revokeToken(refreshToken: string): Promise<boolean> {
      return (await field(RevokeUsersTokenDocument, { refreshToken }, revokeResponse)).revoked;
    },

    /** The signed-in user's profile at the users service (the name lives here). */
    async me() {
      return field(MeDocument, {}, meResponse);
    },

    /** Changes the caller's name; BAD_USER_INPUT (field name) for an empty or too long one. */
    async updateMyName(name: string) {
      return field(UpdateMyNameDocument, { name }, updateMyNameResponse);
    },

    async userUnits() {
      return field(UserUnitsDocument, {}, userUnitsResponse);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
