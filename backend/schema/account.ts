/**
 * Account service (spec section 7, "Account service"): sign-in with e-mail and password, token
 * refresh and revocation, and the current user with all their tenancies.
 *
 * Dates are ISO calendar dates (YYYY-MM-DD) in Europe/Copenhagen. Errors are GraphQL errors whose
 * `extensions.code` is one of the codes in backend/services/errors.ts; the portal maps codes, not
 * messages, to its translated texts.
 */
export const accountTypeDefs = /* GraphQL */ `
  type Query {
    "The signed-in user (needs an account-service access token)."
    currentUser: AccountUser!
    "Every tenancy the signed-in user holds, current or ended, ordered by start date."
    tenancies: [Tenancy!]!
  }

  type Mutation {
    "Signs in with e-mail and password. Fails with INVALID_CREDENTIALS."
    tokenAuth(email: String!, password: String!): TokenAuthPayload!
    "Rotates a refresh token. The previous token stays valid for a short grace window."
    refreshToken(refreshToken: String!): RefreshTokenPayload!
    "Revokes a refresh token (and the rotation chain it belongs to)."
    revokeToken(refreshToken: String!): RevokeTokenPayload!
  }

  type AccountUser {
    id: ID!
    email: String!
    language: String!
    isSuperuser: Boolean!
    isActive: Boolean!
    isAdmin: Boolean!
    "EMAIL_PASSWORD, GOOGLE, FACEBOOK or APPLE"
    userType: String!
    emailNotifications: Boolean!
    accountHasStatements: Boolean!
  }

  "Claims of the access token, as the portal needs them without decoding the JWT."
  type TokenPayload {
    email: String!
    "Expiry, seconds since the epoch."
    exp: Int!
    "Issued at, seconds since the epoch."
    origIat: Int!
  }

  type TokenAuthPayload {
    token: String!
    refreshToken: String!
    "Seconds since the epoch at which the refresh token expires."
    refreshExpiresIn: Int!
    payload: TokenPayload!
  }

  type RefreshTokenPayload {
    token: String!
    refreshToken: String!
    refreshExpiresIn: Int!
    payload: TokenPayload!
  }

  type RevokeTokenPayload {
    revoked: Boolean!
  }

  type DateRange {
    start: String
    end: String
  }

  type ApartmentInfo {
    city: String!
    zipcode: String!
  }

  type Apartment {
    apartmentInfo: ApartmentInfo!
    "Matches unit.unitUniqueId in the users and tenant data services."
    uniqueId: String!
    "The apartment designation, for example '2. tv.'"
    apartment: String!
    "Street address including the apartment designation."
    address: String!
  }

  type AllocationStatement {
    fileName: String!
    url: String!
    periodStartDate: String!
    periodEndDate: String!
    expenseTypes: [String!]!
  }

  "A quantity that the tenancy's unit has meters for, with its unit of measure."
  type MeterUnit {
    "A quantity identifier of spec section 3, for example heat-energy."
    kind: String!
    "kWh, m3, unit, K, °C or %"
    unit: String!
  }

  type Tenancy {
    id: ID!
    propertyNumber: String!
    tenancyId: Int!
    "Name of the tenant of record."
    tenant: String!
    start: String!
    end: String
    useNewBackend: Boolean!
    dataAvailability: DateRange
    billingPeriod: DateRange
    apartment: Apartment!
    latestAllocationStatement: AllocationStatement
    meterUnits: [MeterUnit!]!
  }
`;
