/** GraphQL documents the portal sends to the account service (validated against its schema in a test). */

const tokenFields = /* GraphQL */ `token refreshToken refreshExpiresIn payload { email exp origIat }`;

export const TokenAuthMutation = /* GraphQL */ `
  mutation TokenAuth($email: String!, $password: String!) {
    tokenAuth(email: $email, password: $password) { ${tokenFields} }
  }
`;

export const RefreshTokenMutation = /* GraphQL */ `
  mutation RefreshAccountToken($refreshToken: String!) {
    refreshToken(refreshToken: $refreshToken) { ${tokenFields} }
  }
`;

export const RevokeTokenMutation = /* GraphQL */ `
  mutation RevokeAccountToken($refreshToken: String!) {
    revokeToken(refreshToken: $refreshToken) { revoked }
  }
`;

export const CurrentUserQuery = /* GraphQL */ `
  query CurrentUser {
    currentUser {
      id email language isSuperuser isActive isAdmin userType emailNotifications accountHasStatements
    }
    tenancies {
      id propertyNumber tenancyId tenant start end useNewBackend
      dataAvailability { start end }
      billingPeriod { start end }
      apartment { apartmentInfo { city zipcode } uniqueId apartment address }
      latestAllocationStatement { fileName url periodStartDate periodEndDate expenseTypes }
      meterUnits { kind unit }
    }
  }
`;
