/** GraphQL documents the portal sends to the account service (validated against its schema in a test). */

const tokenFields = /* GraphQL */ `token refreshToken refreshExpiresIn payload { email exp origIat }`;

export const TokenAuthMutation = /* GraphQL */ `
  mutation TokenAuth($email: String!, $password: String!, $attempt: CredentialAttempt) {
    tokenAuth(email: $email, password: $password, attempt: $attempt) { ${tokenFields} }
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
      id email language isSuperuser isActive isAdmin userType emailNotifications weeklyUpdate accountHasStatements
      onboarded impersonated
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

export const ValidateActivationCodeQuery = /* GraphQL */ `
  query ValidateActivationCode($activationCode: String!) {
    validateActivationCode(activationCode: $activationCode) { ok text code }
  }
`;

export const CreateEmailPasswordUserMutation = /* GraphQL */ `
  mutation CreateEmailPasswordUser(
    $email: String!
    $password: String!
    $language: String
    $dataPolicyAcknowledged: Boolean
    $attempt: CredentialAttempt
  ) {
    createEmailPasswordUser(
      email: $email
      password: $password
      language: $language
      dataPolicyAcknowledged: $dataPolicyAcknowledged
      attempt: $attempt
    ) {
      ${tokenFields}
      created
    }
  }
`;

export const AddTenancyMutation = /* GraphQL */ `
  mutation AddTenancy($activationCode: String!) {
    addTenancy(activationCode: $activationCode) { ok tenancy { id } }
  }
`;

export const RequestPasswordResetMutation = /* GraphQL */ `
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) { ok }
  }
`;

export const PasswordResetMutation = /* GraphQL */ `
  mutation PasswordReset($email: String!, $token: String!, $newPassword: String!) {
    passwordReset(email: $email, token: $token, newPassword: $newPassword) { ok }
  }
`;

export const ImpersonateMutation = /* GraphQL */ `
  mutation Impersonate($token: String!) {
    impersonate(token: $token) { ${tokenFields} slt }
  }
`;

export const MarkOnboardedMutation = /* GraphQL */ `
  mutation MarkOnboarded {
    markOnboarded { ok }
  }
`;

export const SocialAuthMutation = /* GraphQL */ `
  mutation SocialAuth(
    $accessToken: String!
    $provider: SocialProvider!
    $language: String
    $dataPolicyAcknowledged: Boolean
    $idToken: String
    $nonce: String
  ) {
    socialAuth(
      accessToken: $accessToken
      provider: $provider
      language: $language
      dataPolicyAcknowledged: $dataPolicyAcknowledged
      idToken: $idToken
      nonce: $nonce
    ) {
      ${tokenFields}
      socialProvider email slt created
    }
  }
`;

// Tenancy info and its users

const tenancyInfoFields = /* GraphQL */ `
  id address zipcode city startDate endDate billingPeriodStart billingPeriodEnd
  propertyContact { name email phone }
  callerIsAdmin
  users { userId invitationId name email isAdmin invitationPending isCaller invitedAt }
`;

export const TenancyInfoQuery = /* GraphQL */ `
  query TenancyInfo($tenancyId: Int!) {
    tenancyInfo(tenancyId: $tenancyId) { ${tenancyInfoFields} }
  }
`;

export const InviteTenancyUserMutation = /* GraphQL */ `
  mutation InviteTenancyUser($tenancyId: Int!, $email: String!, $language: String) {
    inviteTenancyUser(tenancyId: $tenancyId, email: $email, language: $language) { ${tenancyInfoFields} }
  }
`;

export const ResendTenancyInvitationMutation = /* GraphQL */ `
  mutation ResendTenancyInvitation($tenancyId: Int!, $invitationId: Int!) {
    resendTenancyInvitation(tenancyId: $tenancyId, invitationId: $invitationId) { ${tenancyInfoFields} }
  }
`;

export const WithdrawTenancyInvitationMutation = /* GraphQL */ `
  mutation WithdrawTenancyInvitation($tenancyId: Int!, $invitationId: Int!) {
    withdrawTenancyInvitation(tenancyId: $tenancyId, invitationId: $invitationId) { ${tenancyInfoFields} }
  }
`;

export const SetTenancyUserAdminMutation = /* GraphQL */ `
  mutation SetTenancyUserAdmin($tenancyId: Int!, $userId: Int!, $isAdmin: Boolean!) {
    setTenancyUserAdmin(tenancyId: $tenancyId, userId: $userId, isAdmin: $isAdmin) { ${tenancyInfoFields} }
  }
`;

export const RemoveTenancyUserMutation = /* GraphQL */ `
  mutation RemoveTenancyUser($tenancyId: Int!, $userId: Int!) {
    removeTenancyUser(tenancyId: $tenancyId, userId: $userId) { ${tenancyInfoFields} }
  }
`;

export const LeaveTenancyMutation = /* GraphQL */ `
  mutation LeaveTenancy($tenancyId: Int!) {
    leaveTenancy(tenancyId: $tenancyId) { ok }
  }
`;

// Profile settings

export const UpdateAccountSettingsMutation = /* GraphQL */ `
  mutation UpdateAccountSettings($language: String, $emailNotifications: Boolean, $weeklyUpdate: Boolean) {
    updateAccountSettings(language: $language, emailNotifications: $emailNotifications, weeklyUpdate: $weeklyUpdate) {
      id language emailNotifications weeklyUpdate
    }
  }
`;

// The weekly update e-mail's unsubscribe link (no sign-in: the token names the resident).

export const UnsubscribeWeeklyUpdateMutation = /* GraphQL */ `
  mutation UnsubscribeWeeklyUpdate($token: String!) {
    unsubscribeWeeklyUpdate(token: $token) { ok }
  }
`;

export const ChangePasswordMutation = /* GraphQL */ `
  mutation ChangePassword($currentPassword: String!, $newPassword: String!, $attempt: CredentialAttempt) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword, attempt: $attempt) { ok }
  }
`;

export const RequestEmailChangeMutation = /* GraphQL */ `
  mutation RequestEmailChange($newEmail: String!, $currentPassword: String, $attempt: CredentialAttempt) {
    requestEmailChange(newEmail: $newEmail, currentPassword: $currentPassword, attempt: $attempt) { ok }
  }
`;

export const ConfirmEmailChangeMutation = /* GraphQL */ `
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token) { ok }
  }
`;

export const DeleteAccountMutation = /* GraphQL */ `
  mutation DeleteAccount($password: String, $emailConfirmation: String, $attempt: CredentialAttempt) {
    deleteAccount(password: $password, emailConfirmation: $emailConfirmation, attempt: $attempt) { ok }
  }
`;

export const MyDataQuery = /* GraphQL */ `
  query MyData {
    myData
  }
`;

// Abuse limits (ADR 0010): counted by the account service for every portal instance.

const rateLimitStateFields = /* GraphQL */ `rule key allowed remaining retryAfterSeconds`;

export const RateLimitsQuery = /* GraphQL */ `
  query RateLimits($subjects: [RateLimitSubject!]!) {
    rateLimits(subjects: $subjects) { ${rateLimitStateFields} }
  }
`;

export const CountRateLimitHitsMutation = /* GraphQL */ `
  mutation CountRateLimitHits($subjects: [RateLimitSubject!]!) {
    countRateLimitHits(subjects: $subjects) { ${rateLimitStateFields} }
  }
`;
