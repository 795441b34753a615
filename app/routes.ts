import { index, layout, type RouteConfig, route } from "@remix-run/route-config";

/**
 * The route table: every URL of the portal and the module that serves it (spec section 2).
 * Reads like the product's table of contents; each area's modules and their server helpers live
 * together in app/routes/<area>/.
 */
export default [
  // Tenancy entry: "/" and "/t" lead to the selected tenancy.
  index("routes/tenancy/home.tsx"),

  // Public layout: splash panel, back link, language switcher.
  layout("routes/public/public-layout.tsx", [
    // Sign-in and sign-up.
    route("login", "routes/sign-in/login.tsx"),
    route("login/email", "routes/sign-in/login-email.tsx"),
    route("login/email/forgot-password", "routes/sign-in/password/forgot-password.tsx"),
    route("signup", "routes/sign-in/signup.tsx"),
    route("signup/email", "routes/sign-in/signup-email.tsx"),
    route("account-created", "routes/sign-in/account-created.tsx"),
    route("enter-code", "routes/sign-in/enter-code.tsx"),
    route("set-password", "routes/sign-in/password/set-password.tsx"),
    route("welcome", "routes/sign-in/welcome.tsx"),
    route("impersonate/:token", "routes/sign-in/impersonate.tsx"),
    route("no-tenancies", "routes/tenancy/no-tenancies.tsx"),
    // A resident without a tenancy: the profile's own modules, outside the tenancy area (ADR 0057).
    route("account", "routes/profile/profile.tsx", { id: "account/profile" }),
    route("account/password", "routes/profile/profile-password.tsx", { id: "account/password" }),
    route("account/email", "routes/profile/profile-email.tsx", { id: "account/email" }),
    route("account/delete", "routes/profile/profile-delete.tsx", { id: "account/delete" }),
    route("account/my-data.json", "routes/profile/profile-data.tsx", { id: "account/my-data" }),
    // The weekly update e-mail's unsubscribe: GET a page with a button, POST (one-click, RFC 8058) turns it off.
    route("unsubscribe/weekly-update/:token", "routes/public/unsubscribe-weekly-update.tsx"),
    // Where server.ts sends form posts from other sites (403 in the resident's language).
    route("forbidden", "routes/public/forbidden.tsx"),
    // Where server.ts sends requests with a body larger than any form (413; ADR 0019).
    route("request-too-large", "routes/public/request-too-large.tsx"),
  ]),

  // Sign-in actions without pages of their own.
  route("logout", "routes/sign-in/logout.tsx"),
  route("add-tenancy", "routes/sign-in/add-tenancy.tsx"),
  // Social sign-in: POST starts it, the provider returns to the callback.
  route("auth/:provider", "routes/sign-in/social/social-start.tsx"),
  route("auth/:provider/callback", "routes/sign-in/social/social-callback.tsx"),

  // Profile: the e-mail change's confirmation link: changes the address, then logs out.
  route("confirm-email", "routes/profile/confirm-email.tsx"),

  // Public pages and actions.
  route("data-policy", "routes/public/data-policy.tsx"),
  route("cookie-policy", "routes/public/cookie-policy.tsx"),
  route("language", "routes/public/language.tsx"),
  route("cookie-consent", "routes/public/cookie-consent.tsx"),
  // The browser's copy of a language's translations (cached; ADR 0013).
  route("locales/:lng/:file", "routes/public/locale-file.tsx"),

  // Documents: the monthly consumption report, opened from its e-mail without signing in, and its PDF.
  route("report/:code", "routes/documents/report/report.tsx"),
  route("report/:code/pdf", "routes/documents/report/report-pdf.tsx"),

  // Tenancy area: side-menu layout; the layout loader guards every page below it.
  route("select-tenancy", "routes/tenancy/select-tenancy.tsx"),
  route("t", "routes/tenancy/tenancy-redirect.tsx"),
  route("t/:tenancyId", "routes/tenancy/tenancy-layout.tsx", [
    // Consumption. Static segments rank above :quantity, so indoor climate is never taken for a quantity.
    index("routes/consumption/dashboard.tsx"),
    route("consumption/indoor-climate", "routes/consumption/indoor-climate.tsx"),
    route("consumption/:quantity", "routes/consumption/consumption.tsx", [
      index("routes/consumption/consumption-overview.tsx"),
      route("price", "routes/consumption/consumption-price.tsx"),
      route("room/:roomName", "routes/consumption/consumption-room.tsx"),
      route("meter/:meterId", "routes/consumption/consumption-meter.tsx"),
    ]),

    // Documents: the meter list, allocation statements, each file streamed through the portal.
    route("meters", "routes/documents/meters.tsx"),
    route("meters/readings.csv", "routes/documents/meter-readings-csv.tsx"),
    route("statements", "routes/documents/statements.tsx"),
    route("statements/:statementId/download", "routes/documents/statement-download.tsx"),

    // Alarms. "new-alarm" is static, so it ranks above :alarmId.
    route("alarms", "routes/alarms/alarms-layout.tsx", [
      index("routes/alarms/alarms.tsx"),
      route("new-alarm", "routes/alarms/alarm-new.tsx"),
      route(":alarmId", "routes/alarms/alarm-detail.tsx"),
      route(":alarmId/edit", "routes/alarms/alarm-edit.tsx"),
      route(":alarmId/delete", "routes/alarms/alarm-delete.tsx"),
    ]),

    // Notifications.
    route("notifications", "routes/notifications/notifications-layout.tsx", [
      index("routes/notifications/notifications.tsx"),
      route(":notificationId", "routes/notifications/notification-detail.tsx"),
    ]),

    // Tenancy info with its users and invitations.
    route("settings", "routes/tenancy/tenancy-settings.tsx"),
    route("settings/leave", "routes/tenancy/tenancy-leave.tsx"),
    route("settings/users/:userId/remove", "routes/tenancy/tenancy-user-remove.tsx"),

    // Profile settings.
    route("profile", "routes/profile/profile.tsx"),
    route("profile/password", "routes/profile/profile-password.tsx"),
    route("profile/email", "routes/profile/profile-email.tsx"),
    route("profile/delete", "routes/profile/profile-delete.tsx"),
    route("profile/my-data.json", "routes/profile/profile-data.tsx"),

    // Public pages: help.
    route("help", "routes/public/help.tsx"),
  ]),

  // Any unknown path goes to the sign-in page (spec section 2).
  route("*", "routes/public/unknown-path.tsx"),
] satisfies RouteConfig;
