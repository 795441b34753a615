/**
 * Account service (spec section 7, "Account service"): sign-in with e-mail and password, token
 * refresh and revocation, the current user with all their tenancies, and the account flows of
 * issue 3 (sign-up, social sign-in, activation codes, password reset, impersonation; ADR 0009).
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
    """
    Checks an activation code without using it; no sign-in needed. Dashes, spaces and case are
    ignored (the portal sends the 12 letters). Never fails for a bad code: answers ok false with
    the reason instead. Unknown, malformed or expired → code ACTIVATION_CODE_INVALID, text 'The
    activation code you entered is invalid.'; already used → code ACTIVATION_CODE_IN_USE, text
    'Activation code has already been used'.
    """
    validateActivationCode(activationCode: String!): ValidateActivationCodeResult!
  }

  type Mutation {
    "Signs in with e-mail and password. Fails with INVALID_CREDENTIALS."
    tokenAuth(email: String!, password: String!): TokenAuthPayload!
    "Rotates a refresh token. The previous token stays valid for a short grace window."
    refreshToken(refreshToken: String!): RefreshTokenPayload!
    "Revokes a refresh token (and the rotation chain it belongs to)."
    revokeToken(refreshToken: String!): RevokeTokenPayload!

    """
    Sign-up with e-mail and password (no sign-in needed). The e-mail is trimmed and lower-cased.
    Errors, checked in this order:
    - BAD_USER_INPUT with extensions.field 'email' and extensions.emailProblem 'invalid_email'
      when the e-mail is not an address;
    - BAD_USER_INPUT with extensions.field 'password' and extensions.passwordProblems, a list of
      too_short | too_long | no_capital | no_lowercase | no_digit | no_special (the codes of
      common/password-rules.ts), when the password breaks the rules of spec section 5;
    - BAD_USER_INPUT with extensions.field 'language' for a language other than da, en, nb;
    - EMAIL_USED_BY_ADMIN_PORTAL: the e-mail belongs to the landlords' admin portal;
    - USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS: the e-mail belongs to a user with admin or superuser rights;
    - EMAIL_IN_USE: a user with the e-mail exists and the password is not theirs (also for a user
      who has no password yet: invited or social; they use the password-reset e-mail instead);
    - INVALID_CREDENTIALS: the existing user with this password is deactivated.
    An existing user with the right password is signed in instead (created: false).
    The new user's language is 'language' (default da); the portal passes the current UI language.
    """
    createEmailPasswordUser(email: String!, password: String!, language: String): CreateEmailPasswordUserPayload!

    """
    Sign-in or sign-up with a social provider. 'accessToken' is the provider's OAuth2 access token
    (authorization-code flow with the e-mail scope, done by the portal). The back-end calls the
    provider's user-info endpoint with it and uses the e-mail of the answer, which must be verified
    (email_verified true; Facebook only returns confirmed addresses). Finds the user with that e-mail,
    or creates one whose userType is the provider (created: true; language from 'language', else the
    provider's locale, else da). Also returns 'slt', a short-lived token for the users service's
    loginFromSlt (single use, 60 seconds).
    Errors: SOCIAL_PROVIDER_DISABLED (no user-info URL configured for the provider),
    SOCIAL_AUTH_FAILED (token refused, provider unreachable or answering nonsense),
    SOCIAL_EMAIL_NOT_VERIFIED (no e-mail or not verified), EMAIL_USED_BY_ADMIN_PORTAL,
    USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS, INVALID_CREDENTIALS (the user is deactivated),
    BAD_USER_INPUT (field 'language').
    """
    socialAuth(accessToken: String!, provider: SocialProvider!, language: String): SocialAuthPayload!

    """
    Signs in as a user with a one-time impersonation token (the {token} of the
    /impersonate/{token} link printed by 'npm run impersonation-link'). The token works once and
    for 15 minutes; otherwise INVALID_TOKEN. The session ends 60 minutes after this call
    (payload.sessionExpiresAt = refreshExpiresIn): access tokens never outlive it and refreshToken
    fails with LOGIN_EXPIRED after it. Anything that changes the e-mail or password refuses such
    a session with FORBIDDEN. currentUser.onboarded is true during it (the real user's flag is
    not changed). 'slt' signs in to the users service (loginFromSlt) for the same session.
    """
    impersonate(token: String!): ImpersonatePayload!

    """
    Links the signed-in user (account access token) to the activation code's tenancy and marks the
    code used; the user becomes the tenancy's admin if it has none. When the code is an
    invitation's (inviteTenancyUser), the invitation is accepted: it leaves TenancyInfo.users and
    the user appears there as a member. Dashes, spaces and case are ignored. Errors: UNAUTHENTICATED, ACTIVATION_CODE_IN_USE ('Activation code has already been
    used'), ACTIVATION_CODE_INVALID (unknown, malformed or expired).
    """
    addTenancy(activationCode: String!): AddTenancyPayload!

    """
    Sends a password-reset e-mail (da, en or nb by the user's language) with the one-time link
    {PORTAL_URL}/set-password?token=…&email=… valid for 1 hour. Always answers ok true, the same
    whether or not the e-mail belongs to a user (no e-mail is sent then). No sign-in needed.
    """
    requestPasswordReset(email: String!): OkPayload!

    """
    Sets a new password with the token of the reset e-mail. Errors: BAD_USER_INPUT with
    extensions.field 'password' and extensions.passwordProblems (as createEmailPasswordUser; the
    token is not spent), PASSWORD_UPDATE_FAILED ('Password update failed. Please try again.') for
    a wrong, used or expired token or an e-mail that does not match it, FORBIDDEN when the request
    carries an impersonation session's access token. On success all the user's refresh tokens
    (both services) are revoked and the other reset links stop working; sign in again.
    """
    passwordReset(email: String!, token: String!, newPassword: String!): OkPayload!

    """
    Records that the signed-in user has seen the onboarding slides (AccountUser.onboarded becomes
    true). Idempotent. In an impersonation session it changes nothing. Errors: UNAUTHENTICATED.
    """
    markOnboarded: OkPayload!
  }

  enum SocialProvider {
    GOOGLE
    FACEBOOK
    APPLE
  }

  type OkPayload {
    ok: Boolean!
  }

  type ValidateActivationCodeResult {
    ok: Boolean!
    "Null when ok; else the English text of spec section 8 (see validateActivationCode)."
    text: String
    "Null when ok; else ACTIVATION_CODE_IN_USE or ACTIVATION_CODE_INVALID, for the portal's translation."
    code: String
  }

  type UserRef {
    id: ID!
  }

  type CreateEmailPasswordUserPayload {
    token: String!
    refreshToken: String!
    "Seconds since the epoch at which the refresh token expires."
    refreshExpiresIn: Int!
    payload: TokenPayload!
    user: UserRef!
    "True when the account was created; false when an existing user was signed in."
    created: Boolean!
  }

  type SocialAuthPayload {
    socialProvider: SocialProvider!
    "The verified e-mail the provider answered with (lower-cased), the user's e-mail."
    email: String!
    token: String!
    refreshToken: String!
    refreshExpiresIn: Int!
    payload: TokenPayload!
    "Short-lived single-use token for the users service's loginFromSlt (60 seconds)."
    slt: String!
    user: UserRef!
    "True when the account was created by this call (sign-up)."
    created: Boolean!
  }

  type ImpersonatePayload {
    token: String!
    refreshToken: String!
    "Seconds since the epoch at which the refresh token expires: the end of the impersonation session."
    refreshExpiresIn: Int!
    payload: TokenPayload!
    "Short-lived single-use token for the users service's loginFromSlt (60 seconds)."
    slt: String!
    user: UserRef!
  }

  type AddTenancyPayload {
    ok: Boolean!
    "The tenancy the code belongs to, now one of the caller's tenancies."
    tenancy: Tenancy!
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
    "True once the onboarding slides were shown (markOnboarded); always true in an impersonation session."
    onboarded: Boolean!
    "True when the caller's access token belongs to an impersonation session (e-mail and password cannot be changed)."
    impersonated: Boolean!
  }

  "Claims of the access token, as the portal needs them without decoding the JWT."
  type TokenPayload {
    email: String!
    "Expiry, seconds since the epoch."
    exp: Int!
    "Issued at, seconds since the epoch."
    origIat: Int!
    "True in an impersonation session."
    impersonated: Boolean!
    "Impersonation sessions only: when the session ends (seconds since the epoch); null otherwise."
    sessionExpiresAt: Int
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

  # Tenancy info and its users (issue 16; services/tenancy-users.ts). Every call needs an account
  # access token (UNAUTHENTICATED otherwise). FORBIDDEN, the same for a tenancy that does not exist,
  # answers a caller who is not a member (tenancyInfo, leaveTenancy) or not an admin of the tenancy
  # (every other mutation); nothing changes then. The admin mutations answer the fresh TenancyInfo.
  extend type Query {
    "A tenancy of the caller with its property's contact and its users. FORBIDDEN when the caller is not a member."
    tenancyInfo(tenancyId: Int!): TenancyInfo!
  }

  extend type Mutation {
    """
    Invites an e-mail address to the tenancy (admins only). The e-mail is trimmed and lower-cased.
    Creates a 12-letter activation code of the tenancy, valid 30 days, stores the invitation and
    e-mails the invitee (text and HTML) who invites them to which home, with the link
    {PORTAL_URL}/signup?activationCode={CODE} on its own line of the text part (and the code, for someone who
    already has an account). The e-mail's language: 'language' when da, en or nb; else the language
    of the address's account, if it has one; else da. An address with an open invitation of this
    tenancy gets it again as by resendTenancyInvitation (its language changes only when given).
    Errors, in this order: FORBIDDEN; BAD_USER_INPUT with extensions.field 'email' and
    extensions.emailProblem 'invalid_email' when the e-mail is not an address (the sign-up rule);
    ALREADY_MEMBER ('That person is already a user of this tenancy.') when a member has the e-mail.
    """
    inviteTenancyUser(tenancyId: Int!, email: String!, language: String): TenancyInfo!

    """
    Sends an open invitation again with a new code (admins only); the old code stops working
    (validateActivationCode answers ACTIVATION_CODE_INVALID). Errors: FORBIDDEN;
    INVITATION_NOT_FOUND ('No such invitation.') when invitationId is not an open invitation of the
    tenancy (withdrawn, accepted, another tenancy's or unknown).
    """
    resendTenancyInvitation(tenancyId: Int!, invitationId: Int!): TenancyInfo!

    """
    Withdraws an open invitation (admins only): it leaves the users and its code stops working
    (ACTIVATION_CODE_INVALID). Errors: FORBIDDEN; INVITATION_NOT_FOUND as resendTenancyInvitation.
    """
    withdrawTenancyInvitation(tenancyId: Int!, invitationId: Int!): TenancyInfo!

    """
    Makes a member admin or not (admins only; an admin may also step down while another admin
    remains). Errors: FORBIDDEN; USER_NOT_FOUND ('No such user of this tenancy.') when userId is not
    a member of the tenancy (pending memberships included); LAST_ADMIN ('A tenancy must keep at
    least one admin.') when the tenancy would be left without an admin.
    """
    setTenancyUserAdmin(tenancyId: Int!, userId: Int!, isAdmin: Boolean!): TenancyInfo!

    """
    Removes a user from the tenancy (admins only): their membership (also a pending one, listed
    with userId and no invitationId) and their alarms and notifications of the tenancy. An admin
    removing themselves leaves, and the answer shows the tenancy without them. Errors: FORBIDDEN;
    USER_NOT_FOUND when userId is not a user of the tenancy; LAST_ADMIN when they are its last
    admin (oneself included; use leaveTenancy as the sole member).
    """
    removeTenancyUser(tenancyId: Int!, userId: Int!): TenancyInfo!

    """
    The caller leaves the tenancy (any member): their membership and their alarms and
    notifications of it are removed, and they no longer see it. Errors: FORBIDDEN (not a member);
    LAST_ADMIN when the caller is its last admin and other members remain (a sole member may
    leave; open invitations stay, and whoever accepts one becomes admin).
    """
    leaveTenancy(tenancyId: Int!): OkPayload!
  }

  type TenancyInfo {
    "The tenancy's id (Tenancy.tenancyId)."
    id: Int!
    "The unit's street address including the apartment designation."
    address: String!
    zipcode: String!
    city: String!
    "YYYY-MM-DD"
    startDate: String!
    "YYYY-MM-DD; null while the tenancy runs."
    endDate: String
    billingPeriodStart: String
    billingPeriodEnd: String
    "The property's contact for residents; null when the property has none."
    propertyContact: PropertyContact
    "True when the caller is an admin of the tenancy (the admin mutations are theirs)."
    callerIsAdmin: Boolean!
    """
    Members first (admins first, then by name), then pending ones, oldest first: open invitations
    and memberships pending from before invitations existed (the latter with userId and without
    invitationId; they cannot be resent, only removed).
    """
    users: [TenancyUser!]!
  }

  type PropertyContact {
    name: String
    email: String
    phone: String
  }

  type TenancyUser {
    "Null for an invitation."
    userId: Int
    "Null for a member (and a pending membership)."
    invitationId: Int
    "Null for an invitation, and for a user without a name."
    name: String
    email: String!
    isAdmin: Boolean!
    invitationPending: Boolean!
    isCaller: Boolean!
    "When invited (ISO instant); null for members."
    invitedAt: String
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

  # Profile settings (issue 16; services/profile.ts). Every call but confirmEmailChange needs an
  # account access token (UNAUTHENTICATED otherwise). A support (impersonation) session may change
  # the language and e-mail notifications and read myData, but not the e-mail or the password, nor
  # delete the account (FORBIDDEN, checked first; nothing changes).
  extend type Mutation {
    "Language ('da' | 'en' | 'nb', else BAD_USER_INPUT field 'language') and/or e-mail notifications of the caller. Allowed during support sessions."
    updateAccountSettings(language: String, emailNotifications: Boolean): AccountUser!

    """
    Changes the caller's password: PASSWORD_UPDATE_FAILED when currentPassword is wrong (or the user has no password: social-only users use the reset e-mail);
    BAD_USER_INPUT with extensions.field 'newPassword' and extensions.passwordProblems (the same codes as sign-up) when the new one breaks the rules;
    FORBIDDEN in a support session. On success every refresh token of the user (both services, all sessions) is revoked; the portal signs the current session in again with the new password.
    """
    changePassword(currentPassword: String!, newPassword: String!): OkPayload!

    """
    Starts an e-mail change: the new address gets a confirmation link PORTAL_URL/confirm-email?token=… (single use, 24 h), nothing changes yet.
    Errors in order: FORBIDDEN in a support session; INVALID_CREDENTIALS when currentPassword is wrong (required for users with a password; ignored for social-only users);
    BAD_USER_INPUT field 'email' (emailProblem 'invalid_email') for a bad address or the same address; EMAIL_IN_USE when another account has it; EMAIL_USED_BY_ADMIN_PORTAL when an admin-portal account has it.
    """
    requestEmailChange(newEmail: String!, currentPassword: String): OkPayload!

    """
    Confirms an e-mail change with the token from the link (no sign-in needed): the address changes, the old address is told by e-mail,
    every refresh token of the user is revoked (the portal then logs out, as the spec says). INVALID_TOKEN for an unknown, used or expired token;
    EMAIL_IN_USE if the address was taken meanwhile.
    """
    confirmEmailChange(token: String!): OkPayload!

    """
    Deletes the caller's account, irreversibly: password required for users with one (INVALID_CREDENTIALS when wrong); social-only users confirm by typing their e-mail (emailConfirmation, compared case-insensitively; INVALID_CREDENTIALS when it differs).
    FORBIDDEN in a support session. LAST_ADMIN when the caller is the last admin of a tenancy that has other members (hand over first).
    Removes the user's memberships, alarms, notifications, refresh tokens and token families, single-use tokens, open invitations they sent stay (invited_by set null), and the user row; readings stay (they belong to the unit).
    The same e-mail can sign up again afterwards.
    """
    deleteAccount(password: String, emailConfirmation: String): OkPayload!
  }

  extend type Query {
    "Everything the portal holds about the caller (GDPR Art. 15/20), as one JSON document (a String holding JSON): profile (id, e-mail, name, language, emailNotifications, userType, createdAt), tenancies (id, address, zipcode, city, start, end, isAdmin), alarms (all fields), notifications (all fields). No password hash, no token hashes."
    myData: String!
  }

  # Abuse limits (issue 17, ADR 0010; services/rate-limits.ts): the portal's limits on sign-in,
  # sign-up, activation codes, password reset and report codes, kept here so that they hold across
  # every portal and back-end instance. No token needed (the portal asks before sign-in); like
  # consumptionReport, these calls are for the portal only: the back-end is never exposed to the
  # internet. Each call takes 1 to 10 (rule, key) pairs, else BAD_USER_INPUT (field 'subjects'); a
  # key has 1 to 128 characters, else BAD_USER_INPUT (field 'key').
  extend type Query {
    "Whether each pair may have one more hit now, in the order given; counts nothing."
    rateLimits(subjects: [RateLimitSubject!]!): [RateLimitState!]!
  }

  extend type Mutation {
    """
    Counts one hit for each pair (a pair listed twice counts twice) and answers the states after
    counting, in the order given. A fixed window per pair: the first hit, or the first after the
    window ended, starts a new window of the rule's length.
    """
    countRateLimitHits(subjects: [RateLimitSubject!]!): [RateLimitState!]!
  }

  "A limit defined by the back-end (the number of hits and the window are not the client's to choose)."
  enum RateLimitRule {
    "Failed sign-ins per client address: 30 per 15 minutes."
    SIGN_IN_PER_ADDRESS
    "Failed sign-ins per account from browsers not known to it: 100 an hour."
    SIGN_IN_PER_ACCOUNT
    "Failed sign-ins per account from one browser known to it: 20 an hour."
    SIGN_IN_PER_KNOWN_DEVICE
    "Sign-ups per client address: 20 an hour."
    SIGN_UP_PER_ADDRESS
    "Activation codes entered or applied per client address: 20 an hour."
    ACTIVATION_CODE_PER_ADDRESS
    "Password-reset requests per client address: 10 an hour."
    RESET_REQUEST_PER_ADDRESS
    "New passwords set with a reset link per client address: 20 an hour."
    SET_PASSWORD_PER_ADDRESS
    "Unknown or ended monthly-report codes per client address: 30 per 15 minutes."
    REPORT_CODE_FAILURES_PER_ADDRESS
  }

  input RateLimitSubject {
    rule: RateLimitRule!
    "Opaque to the back-end: the portal's keyed hash of an address, an account or a device (never the address or e-mail itself)."
    key: String!
  }

  type RateLimitState {
    rule: RateLimitRule!
    key: String!
    "Whether one more hit is allowed now."
    allowed: Boolean!
    "Hits left in the current window (the rule's limit when none is running)."
    remaining: Int!
    "0 while allowed; else the seconds until the window ends (at least 1)."
    retryAfterSeconds: Int!
  }
`;
