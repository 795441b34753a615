/**
 * Every page of the portal: for each route of app/routes.ts that answers a page, the path of one of
 * its pages and which demo account reaches it. Read by the bench (scripts/bench/pages.mjs: the
 * JavaScript of every page) and by the end-to-end suite (tests/e2e/every-page.ts: reflow, axe and
 * hydration in every-page.spec.ts, the HTML validator and text browsers, with more views of some pages).
 * every-page.test.ts fails when a route of app/routes.ts is neither here nor in `notPages`.
 *
 * `route` is the route's module; `id` the route's id where app/routes.ts gives one, because the
 * module serves more than one route (the profile's pages in a tenancy and under /account).
 * `who` is the demo account (backend/db/seed/demo-accounts.ts) whose session the page needs, or
 * "visitor" for none: jens (two homes, admin of the first, heat cost allocators, a statement) for
 * most pages, anna for her alarms and notifications, mette (admin of Jens's second home) for
 * removing a user, nora (no home) for the pages of an account without one. A path's placeholders
 * are filled by the reader from the demo data:
 *   {tenancy}       the account's current tenancy (Jens's first)
 *   {alarm} {notification}  one of the account's, from its lists
 *   {room} {meter}  a room and a heat cost allocator of the home
 *   {user}          another user of the tenancy, whom an admin can remove
 *   {report}        a monthly report's code
 * `scripts: false` marks pages that ship no script (handle.scripts = false; DESIGN.md section 5
 * gives them a budget of their own).
 */

/** @typedef {"visitor" | "anna" | "jens" | "mette" | "nora"} Who */
/** @typedef {{ route: string; id?: string; who: Who; path: string; scripts?: false }} PageOfRoute */

/** @type {readonly PageOfRoute[]} */
export const everyPage = [
  // Signing in and up, as a visitor.
  { route: "routes/sign-in/login.tsx", who: "visitor", path: "/login" },
  { route: "routes/sign-in/login-email.tsx", who: "visitor", path: "/login/email" },
  { route: "routes/sign-in/password/forgot-password.tsx", who: "visitor", path: "/login/email/forgot-password" },
  { route: "routes/sign-in/signup.tsx", who: "visitor", path: "/signup" },
  { route: "routes/sign-in/signup-email.tsx", who: "visitor", path: "/signup/email" },
  { route: "routes/sign-in/enter-code.tsx", who: "visitor", path: "/enter-code" },
  { route: "routes/sign-in/password/set-password.tsx", who: "visitor", path: "/set-password" },
  { route: "routes/public/data-policy.tsx", who: "visitor", path: "/data-policy", scripts: false },
  { route: "routes/public/cookie-policy.tsx", who: "visitor", path: "/cookie-policy", scripts: false },
  { route: "routes/documents/report/report.tsx", who: "visitor", path: "/report/{report}", scripts: false },
  // The weekly update's unsubscribe page (ADR 0076): GET shows it whatever the token; only a POST checks it.
  {
    route: "routes/public/unsubscribe-weekly-update.tsx",
    who: "visitor",
    path: "/unsubscribe/weekly-update/wu.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  },
  // Consumption.
  { route: "routes/consumption/dashboard.tsx", who: "jens", path: "/t/{tenancy}" },
  { route: "routes/consumption/consumption-overview.tsx", who: "jens", path: "/t/{tenancy}/consumption/heat-energy" },
  {
    route: "routes/consumption/consumption-price.tsx",
    who: "jens",
    path: "/t/{tenancy}/consumption/heat-energy/price",
  },
  { route: "routes/consumption/consumption-room.tsx", who: "jens", path: "/t/{tenancy}/consumption/hca/room/{room}" },
  {
    route: "routes/consumption/consumption-meter.tsx",
    who: "jens",
    path: "/t/{tenancy}/consumption/hca/meter/{meter}",
  },
  { route: "routes/consumption/indoor-climate.tsx", who: "jens", path: "/t/{tenancy}/consumption/indoor-climate" },
  // Documents.
  { route: "routes/documents/meters.tsx", who: "jens", path: "/t/{tenancy}/meters" },
  { route: "routes/documents/statements.tsx", who: "jens", path: "/t/{tenancy}/statements", scripts: false },
  // Alarms and notifications.
  { route: "routes/alarms/alarms.tsx", who: "anna", path: "/t/{tenancy}/alarms" },
  { route: "routes/alarms/alarm-new.tsx", who: "anna", path: "/t/{tenancy}/alarms/new-alarm?step=1" },
  { route: "routes/alarms/alarm-detail.tsx", who: "anna", path: "/t/{tenancy}/alarms/{alarm}" },
  { route: "routes/alarms/alarm-edit.tsx", who: "anna", path: "/t/{tenancy}/alarms/{alarm}/edit" },
  { route: "routes/alarms/alarm-delete.tsx", who: "anna", path: "/t/{tenancy}/alarms/{alarm}/delete" },
  { route: "routes/notifications/notifications.tsx", who: "anna", path: "/t/{tenancy}/notifications" },
  {
    route: "routes/notifications/notification-detail.tsx",
    who: "anna",
    path: "/t/{tenancy}/notifications/{notification}",
  },
  // The tenancy and the profile.
  { route: "routes/tenancy/tenancy-settings.tsx", who: "jens", path: "/t/{tenancy}/settings" },
  { route: "routes/tenancy/tenancy-leave.tsx", who: "jens", path: "/t/{tenancy}/settings/leave" },
  {
    route: "routes/tenancy/tenancy-user-remove.tsx",
    who: "mette",
    path: "/t/{tenancy}/settings/users/{user}/remove",
  },
  { route: "routes/profile/profile.tsx", who: "jens", path: "/t/{tenancy}/profile" },
  { route: "routes/profile/profile-password.tsx", who: "jens", path: "/t/{tenancy}/profile/password" },
  { route: "routes/profile/profile-email.tsx", who: "jens", path: "/t/{tenancy}/profile/email" },
  { route: "routes/profile/profile-delete.tsx", who: "jens", path: "/t/{tenancy}/profile/delete" },
  { route: "routes/public/help.tsx", who: "jens", path: "/t/{tenancy}/help", scripts: false },
  // Signing in: the new account's pages, and an account without a home.
  { route: "routes/sign-in/account-created.tsx", who: "jens", path: "/account-created" },
  { route: "routes/sign-in/welcome.tsx", who: "jens", path: "/welcome" },
  { route: "routes/tenancy/no-tenancies.tsx", who: "nora", path: "/no-tenancies" },
  // The profile's pages of an account without a home (ADR 0057).
  { route: "routes/profile/profile.tsx", id: "account/profile", who: "nora", path: "/account" },
  { route: "routes/profile/profile-password.tsx", id: "account/password", who: "nora", path: "/account/password" },
  { route: "routes/profile/profile-email.tsx", id: "account/email", who: "nora", path: "/account/email" },
  { route: "routes/profile/profile-delete.tsx", id: "account/delete", who: "nora", path: "/account/delete" },
];

/**
 * The routes of app/routes.ts that answer no page of their own (layouts are covered by their
 * pages), with why.
 * @type {Readonly<Record<string, string>>}
 */
export const notPages = {
  "routes/tenancy/home.tsx": "redirects to a tenancy or to sign-in",
  "routes/tenancy/tenancy-redirect.tsx": "redirects to a tenancy",
  "routes/tenancy/select-tenancy.tsx": "its GET redirects; it takes the choice of a tenancy",
  "routes/sign-in/logout.tsx": "an action",
  "routes/sign-in/add-tenancy.tsx": "an action",
  "routes/sign-in/social/social-start.tsx": "an action that leaves for the provider",
  "routes/sign-in/social/social-callback.tsx": "the provider's return, which redirects",
  "routes/sign-in/impersonate.tsx": "a one-time support link (tests/e2e/accounts.spec.ts opens one)",
  "routes/profile/confirm-email.tsx": "a one-time link that changes the address and redirects",
  "routes/profile/profile-data.tsx": "a JSON download",
  "routes/public/language.tsx": "an action",
  "routes/public/cookie-consent.tsx": "an action",
  "routes/public/locale-file.tsx": "a translation file",
  "routes/public/forbidden.tsx": "the 403 answer to a refused form post",
  "routes/public/request-too-large.tsx": "the 413 answer to a refused request",
  "routes/public/unknown-path.tsx": "redirects to sign-in",
  "routes/documents/report/report-pdf.tsx": "a PDF download",
  "routes/documents/meter-readings-csv.tsx": "a CSV download",
  "routes/documents/statement-download.tsx": "a file download",
};
