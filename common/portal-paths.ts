/**
 * Every URL of the portal that code builds, in one place: the pages link to each other with these,
 * loaders and actions redirect with them, and the back-end's e-mails link into the portal with
 * them, so a path changes here and in app/routes.ts and nowhere else.
 *
 * Paths start with "/" and carry no origin; the `…Link` functions put the portal's public URL
 * (PORTAL_URL, without a trailing slash) in front, for e-mails. Ids and slugs go in as given:
 * tenancy, alarm, notification, statement, meter and user ids are numbers, quantities and room
 * names are URL-safe slugs. What a resident or a sender chose (a report code, tokens, an e-mail
 * address) is encoded.
 *
 * Pure: no React, Remix, Node or I/O, so the portal and the back-end can both import it.
 */

type Id = number | string;

// ---------------------------------------------------------------------------------------------
// Outside a tenancy

/** Where "/" and sign-in lead: the selected tenancy (or the tenancy list when none is chosen). */
export const tenanciesPath = "/t";

export const loginPath = "/login";
export const loginEmailPath = "/login/email";
export const forgotPasswordPath = "/login/email/forgot-password";
export const signupPath = "/signup";
export const signupEmailPath = "/signup/email";
/** Where a new account lands before its first tenancy is chosen. */
export const accountCreatedPath = "/account-created";
export const enterCodePath = "/enter-code";
/** The password reset's own page (the e-mail's link: passwordResetLink). */
export const setPasswordPath = "/set-password";
export const welcomePath = "/welcome";
export const selectTenancyPath = "/select-tenancy";
/** Redeems an activation code kept from sign-up (POST), or shows the dialog's choice. */
export const addTenancyPath = "/add-tenancy";
export const logoutPath = "/logout";
export const dataPolicyPath = "/data-policy";
export const cookiePolicyPath = "/cookie-policy";
export const languagePath = "/language";
export const cookieConsentPath = "/cookie-consent";
/** Where server.ts sends a cross-site form post (403) and a body larger than any form (413). */
export const forbiddenPath = "/forbidden";
export const requestTooLargePath = "/request-too-large";

/** The forgotten-password page once its e-mail is sent (it then says so). */
export const forgotPasswordSentPath = `${forgotPasswordPath}?sent=1`;
/** The add-a-tenancy page's answer to "not now" on the dashboard's suggestion. */
export const addTenancyDismissPath = `${addTenancyPath}?dismiss=1`;

/** The welcome page, which goes on to `redirectTo` (a portal path) when the resident continues. */
export function welcomeWithRedirectPath(redirectTo: string): string {
  return `${welcomePath}?${new URLSearchParams({ redirectTo })}`;
}

/** The sign-in page that returns to `redirectTo` (a portal path) after signing in. */
export function loginWithRedirectPath(redirectTo: string): string {
  return `${loginPath}?${new URLSearchParams({ redirectTo })}`;
}

/** Social sign-in: POST starts it with the provider (google, facebook, apple). */
export function socialStartPath(provider: string): string {
  return `/auth/${provider}`;
}

/** Where the provider returns to. */
export function socialCallbackPath(provider: string): string {
  return `${socialStartPath(provider)}/callback`;
}

/** The browser's copy of a language's translations (ADR 0013). */
export function localeFilePath(language: string, namespace: string): string {
  return `/locales/${language}/${namespace}.json`;
}

/** Support's sign-in as a resident (impersonationLink is the e-mail's absolute form). */
export function impersonatePath(token: string): string {
  return `/impersonate/${token}`;
}

/** The sign-up page with an invitation's activation code filled in (the code is letters and digits). */
export function signupWithCodePath(activationCode: string): string {
  return `${signupPath}?activationCode=${activationCode}`;
}

/**
 * The weekly update e-mail's unsubscribe page (ADR 0076): GET shows a button, POST (the button, or
 * a mail client's RFC 8058 one-click `List-Unsubscribe=One-Click`) turns the e-mail off. No sign-in:
 * the signed token names the resident.
 */
export function weeklyUpdateUnsubscribePath(token: string): string {
  return `/unsubscribe/weekly-update/${encodeURIComponent(token)}`;
}

/** The monthly consumption report, opened from its e-mail without signing in. */
export function reportPath(code: string): string {
  return `/report/${encodeURIComponent(code)}`;
}

/** The report's PDF. */
export function reportPdfPath(code: string): string {
  return `${reportPath(code)}/pdf`;
}

// ---------------------------------------------------------------------------------------------
// A tenancy's pages

/** The tenancy's dashboard; every page of the tenancy lies below it. */
export function tenancyPath(tenancyId: Id): string {
  return `/t/${tenancyId}`;
}

/** The consumption pages' common prefix (the dashboard's links add the quantity). */
export function consumptionBasePath(tenancyId: Id): string {
  return `${tenancyPath(tenancyId)}/consumption`;
}

/** A quantity's consumption page. */
export function consumptionPath(tenancyId: Id, quantity: string): string {
  return `${consumptionBasePath(tenancyId)}/${quantity}`;
}

export function consumptionPricePath(tenancyId: Id, quantity: string): string {
  return `${consumptionPath(tenancyId, quantity)}/price`;
}

export function consumptionRoomPath(tenancyId: Id, quantity: string, roomName: string): string {
  return `${consumptionPath(tenancyId, quantity)}/room/${roomName}`;
}

export function consumptionMeterPath(tenancyId: Id, quantity: string, meterId: Id): string {
  return `${consumptionPath(tenancyId, quantity)}/meter/${meterId}`;
}

export function indoorClimatePath(tenancyId: Id): string {
  return `${consumptionBasePath(tenancyId)}/indoor-climate`;
}

export function metersPath(tenancyId: Id): string {
  return `${tenancyPath(tenancyId)}/meters`;
}

export function meterReadingsCsvPath(tenancyId: Id): string {
  return `${metersPath(tenancyId)}/readings.csv`;
}

export function statementsPath(tenancyId: Id): string {
  return `${tenancyPath(tenancyId)}/statements`;
}

/** A statement's file, streamed through the portal. */
export function statementDownloadPath(tenancyId: Id, statementId: Id): string {
  return `${statementsPath(tenancyId)}/${statementId}/download`;
}

export function alarmsPath(tenancyId: Id): string {
  return `${tenancyPath(tenancyId)}/alarms`;
}

/** The alarm wizard; `search` (with its "?") carries the step and the choices so far. */
export function newAlarmPath(tenancyId: Id, search = ""): string {
  return `${alarmsPath(tenancyId)}/new-alarm${search}`;
}

export function alarmPath(tenancyId: Id, alarmId: Id): string {
  return `${alarmsPath(tenancyId)}/${alarmId}`;
}

export function alarmEditPath(tenancyId: Id, alarmId: Id): string {
  return `${alarmPath(tenancyId, alarmId)}/edit`;
}

export function alarmDeletePath(tenancyId: Id, alarmId: Id): string {
  return `${alarmPath(tenancyId, alarmId)}/delete`;
}

export function notificationsPath(tenancyId: Id): string {
  return `${tenancyPath(tenancyId)}/notifications`;
}

export function notificationPath(tenancyId: Id, notificationId: Id): string {
  return `${notificationsPath(tenancyId)}/${notificationId}`;
}

/** Tenancy info with its users and invitations. */
export function tenancySettingsPath(tenancyId: Id): string {
  return `${tenancyPath(tenancyId)}/settings`;
}

export function leaveTenancyPath(tenancyId: Id): string {
  return `${tenancySettingsPath(tenancyId)}/leave`;
}

export function removeTenancyUserPath(tenancyId: Id, userId: Id): string {
  return `${tenancySettingsPath(tenancyId)}/users/${userId}/remove`;
}

export function helpPath(tenancyId: Id): string {
  return `${tenancyPath(tenancyId)}/help`;
}

// ---------------------------------------------------------------------------------------------
// The profile: in a tenancy, or for a resident without one (null) outside the tenancy area

/** Where a signed-in resident without a tenancy lands (guard rule 2). */
export const noTenanciesPath = "/no-tenancies";

/** The profile's pages of a resident without a tenancy, served by the same route modules (ADR 0057). */
export const accountPath = "/account";

/** The profile of the tenancy area, or with `null` (no tenancy) its pages outside it, under /account. */
export function profilePath(tenancyId: Id | null): string {
  return tenancyId === null ? accountPath : `${tenancyPath(tenancyId)}/profile`;
}

export function profilePasswordPath(tenancyId: Id | null): string {
  return `${profilePath(tenancyId)}/password`;
}

export function profileEmailPath(tenancyId: Id | null): string {
  return `${profilePath(tenancyId)}/email`;
}

export function profileDeletePath(tenancyId: Id | null): string {
  return `${profilePath(tenancyId)}/delete`;
}

/** The download of everything the portal holds about the resident (JSON). */
export function profileDataPath(tenancyId: Id | null): string {
  return `${profilePath(tenancyId)}/my-data.json`;
}

/**
 * The same page of a tenancy's profile as an /account path names ("/account/password" →
 * "/t/7/profile/password"): where a resident who has a tenancy is sent from /account. Any other
 * path gives the profile itself.
 */
export function profilePageInTenancy(accountPagePath: string, tenancyId: Id): string {
  const samePage = [profilePasswordPath, profileEmailPath, profileDeletePath, profileDataPath].find(
    (pathOf) => pathOf(null) === accountPagePath,
  );
  return (samePage ?? profilePath)(tenancyId);
}

// ---------------------------------------------------------------------------------------------
// Links in e-mails (absolute: PORTAL_URL in front)

/** A notification in the portal (which links on to the consumption). */
export function notificationLink(portalUrl: string, tenancyId: Id, notificationId: Id): string {
  return `${portalUrl}${notificationPath(tenancyId, notificationId)}`;
}

/** The report in the resident's language: `?lng=` opens it so on a browser with no language chosen yet. */
export function reportLink(portalUrl: string, code: string, language: string): string {
  return `${portalUrl}${reportPath(code)}?lng=${language}`;
}

/** The weekly update's List-Unsubscribe address and footer link, in the resident's language (`?lng=`). */
export function weeklyUpdateUnsubscribeLink(portalUrl: string, token: string, language: string): string {
  return `${portalUrl}${weeklyUpdateUnsubscribePath(token)}?lng=${language}`;
}

/** A portal page (a path of this module) as an e-mail's absolute link. */
export function portalLink(portalUrl: string, path: string): string {
  return `${portalUrl}${path}`;
}

/** An invitation: the sign-up page with the activation code. */
export function invitationLink(portalUrl: string, activationCode: string): string {
  return `${portalUrl}${signupWithCodePath(activationCode)}`;
}

/** The e-mail change's confirmation page (it reads the token, changes the address, then signs out). */
export const confirmEmailPath = "/confirm-email";

/** The e-mail change's one-time confirmation; the portal's /confirm-email page reads the token. */
export function emailChangeLink(portalUrl: string, token: string): string {
  const url = new URL(`${portalUrl}${confirmEmailPath}`);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The password reset; the portal's /set-password page reads both parameters. */
export function passwordResetLink(portalUrl: string, token: string, email: string): string {
  const url = new URL(`${portalUrl}${setPasswordPath}`);
  url.searchParams.set("token", token);
  url.searchParams.set("email", email);
  return url.toString();
}

/** Support's sign-in as a resident. */
export function impersonationLink(portalUrl: string, token: string): string {
  return `${portalUrl}${impersonatePath(token)}`;
}
