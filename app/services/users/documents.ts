/** GraphQL documents the portal sends to the users service (the spec's "second service"). */

export const LoginWithEmailAndPasswordMutation = /* GraphQL */ `
  mutation LoginWithEmailAndPassword($credentials: LoginCredentials!) {
    loginWithEmailAndPassword(credentials: $credentials) { ok { token refreshToken expiresAt } }
  }
`;

export const RefreshUsersTokenMutation = /* GraphQL */ `
  mutation RefreshUsersToken($refreshToken: String!) {
    refreshToken(refreshToken: $refreshToken) { ok { token refreshToken expiresAt } }
  }
`;

export const RevokeUsersTokenMutation = /* GraphQL */ `
  mutation RevokeUsersToken($refreshToken: String!) {
    revokeToken(refreshToken: $refreshToken) { revoked }
  }
`;

export const UserUnitsQuery = /* GraphQL */ `
  query UserUnits {
    userUnits {
      unit { id unitUniqueId name }
      path { property { id number settings { kind } } }
    }
  }
`;

export const LoginFromSltMutation = /* GraphQL */ `
  mutation LoginFromSlt($token: String!) {
    loginFromSlt(token: $token) { ok { token refreshToken expiresAt } }
  }
`;

// Profile

/** Spec section 7, second service: "Query me: id, name, email, language, permissions, accounts". */
export const MeQuery = /* GraphQL */ `
  query Me {
    me { id name email language permissions { name description } accounts { id } }
  }
`;

export const UpdateMyNameMutation = /* GraphQL */ `
  mutation UpdateMyName($name: String!) {
    updateMyName(name: $name) { id name email language }
  }
`;
