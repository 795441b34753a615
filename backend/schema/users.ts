/**
 * Users service, the spec's "second service" (spec section 7): a second sign-in whose tokens the
 * tenant data service accepts, the user's profile and the units the user may see.
 */
export const usersTypeDefs = /* GraphQL */ `
  type Query {
    "The signed-in user (needs a users-service access token)."
    me: UsersUser!
    "The units of the signed-in user's tenancies, each with its property and the property's settings."
    userUnits: [UserUnit!]!
  }

  type Mutation {
    "Signs in for a target resource (the portal sends 'tenant'). Fails with INVALID_CREDENTIALS."
    loginWithEmailAndPassword(credentials: LoginCredentials!): LoginResult!
    "Rotates a users-service refresh token; the previous one stays valid for a short grace window."
    refreshToken(refreshToken: String!): LoginResult!
    "Revokes a users-service refresh token."
    revokeToken(refreshToken: String!): RevokeResult!
    """
    Signs in with the short-lived token (slt) returned by the account service's socialAuth or
    impersonate. Single use, valid 60 seconds; otherwise INVALID_TOKEN. An slt from impersonate
    starts an impersonation session that ends with the account-service one (refreshToken then
    fails with LOGIN_EXPIRED). expiresAt is the access token's expiry.
    """
    loginFromSlt(token: String!): LoginResult!
  }

  # Profile settings (issue 16; services/profile.ts). Needs a users-service access token
  # (UNAUTHENTICATED otherwise); allowed during support sessions.
  extend type Mutation {
    "Changes the caller's name (trimmed, 1–100 characters, no control characters). BAD_USER_INPUT with extensions.field 'name' otherwise."
    updateMyName(name: String!): UsersUser!
  }

  input LoginCredentials {
    email: String!
    password: String!
    targetResource: String!
  }

  type TokenPair {
    token: String!
    refreshToken: String!
    "Seconds since the epoch at which the access token expires."
    expiresAt: Int!
  }

  type LoginResult {
    ok: TokenPair!
  }

  type RevokeResult {
    revoked: Boolean!
  }

  type Permission {
    name: String!
    description: String!
  }

  type UserAccount {
    id: ID!
  }

  type UsersUser {
    id: ID!
    name: String!
    email: String!
    language: String!
    "Derived from the user's flags: every user has tenant.read; admin and superuser add their own."
    permissions: [Permission!]!
    "The tenancies the user holds (invitation accepted); each id is a tenancy id."
    accounts: [UserAccount!]!
  }

  type PropertySetting {
    "For example HOURLY_VALUES."
    kind: String!
  }

  type UserUnitProperty {
    id: ID!
    number: String!
    settings: [PropertySetting!]!
  }

  type UserUnitPathNode {
    property: UserUnitProperty!
  }

  type UserUnitRef {
    id: ID!
    "Matches the tenancy apartment's uniqueId in the account service."
    unitUniqueId: String!
    name: String!
  }

  type UserUnit {
    unit: UserUnitRef!
    "From the property down to the unit; path[0] is the property."
    path: [UserUnitPathNode!]!
  }
`;
