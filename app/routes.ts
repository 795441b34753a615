import { type RouteConfig, index, layout, route } from "@remix-run/route-config";

/**
 * The route table: every URL of the portal and the module that serves it (spec section 2).
 * Reads like the product's table of contents.
 */
export default [
  index("routes/home.tsx"),

  // Public layout: splash panel, back link, language switcher.
  layout("routes/public-layout.tsx", [
    route("login", "routes/login.tsx"),
    route("login/email", "routes/login-email.tsx"),
    route("login/email/forgot-password", "routes/forgot-password.tsx"),
    route("signup", "routes/signup.tsx"),
    route("signup/email", "routes/signup-email.tsx"),
    route("account-created", "routes/account-created.tsx"),
    route("enter-code", "routes/enter-code.tsx"),
    route("set-password", "routes/set-password.tsx"),
    route("welcome", "routes/welcome.tsx"),
    route("impersonate/:token", "routes/impersonate.tsx"),
    route("no-tenancies", "routes/no-tenancies.tsx"),
    // Where server.ts sends form posts from other sites (403 in the resident's language).
    route("forbidden", "routes/forbidden.tsx"),
    // Where server.ts sends requests with a body larger than any form (413; ADR 0019).
    route("request-too-large", "routes/request-too-large.tsx"),
  ]),

  // The e-mail change's confirmation link: changes the address, then logs out.
  route("confirm-email", "routes/confirm-email.tsx"),

  // Standalone pages.
  route("data-policy", "routes/data-policy.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  // The monthly consumption report, opened from its e-mail without signing in, and its PDF.
  route("report/:code", "routes/report.tsx"),
  route("report/:code/pdf", "routes/report-pdf.tsx"),

  // The browser's copy of a language's translations (cached; ADR 0013).
  route("locales/:lng/:file", "routes/locale-file.tsx"),

  // Actions without pages of their own.
  route("logout", "routes/logout.tsx"),
  route("language", "routes/language.tsx"),
  route("select-tenancy", "routes/select-tenancy.tsx"),
  route("cookie-consent", "routes/cookie-consent.tsx"),
  route("add-tenancy", "routes/add-tenancy.tsx"),
  // Social sign-in: POST starts it, the provider returns to the callback.
  route("auth/:provider", "routes/social-start.tsx"),
  route("auth/:provider/callback", "routes/social-callback.tsx"),

  // Tenancy area: side-menu layout; the layout loader guards every page below it.
  route("t", "routes/tenancy-redirect.tsx"),
  route("t/:tenancyId", "routes/tenancy-layout.tsx", [
    index("routes/dashboard.tsx"),
    // Static segments rank above :quantity, so indoor climate is never taken for a quantity.
    route("consumption/indoor-climate", "routes/indoor-climate.tsx"),
    route("consumption/:quantity", "routes/consumption.tsx", [
      index("routes/consumption-overview.tsx"),
      route("price", "routes/consumption-price.tsx"),
      route("room/:roomName", "routes/consumption-room.tsx"),
      route("meter/:meterId", "routes/consumption-meter.tsx"),
    ]),
    // The meter list.
    route("meters", "routes/meters.tsx"),
    route("meters/readings.csv", "routes/meter-readings-csv.tsx"),
    // Allocation statements: the list, and each file streamed through the portal.
    route("statements", "routes/statements.tsx"),
    route("statements/:statementId/download", "routes/statement-download.tsx"),
    // Alarms and notifications. "new-alarm" is static, so it ranks above :alarmId.
    route("alarms", "routes/alarms-layout.tsx", [
      index("routes/alarms.tsx"),
      route("new-alarm", "routes/alarm-new.tsx"),
      route(":alarmId", "routes/alarm-detail.tsx"),
      route(":alarmId/edit", "routes/alarm-edit.tsx"),
      route(":alarmId/delete", "routes/alarm-delete.tsx"),
    ]),
    // Tenancy info with its users and invitations.
    route("settings", "routes/tenancy-settings.tsx"),
    route("settings/leave", "routes/tenancy-leave.tsx"),
    route("settings/users/:userId/remove", "routes/tenancy-user-remove.tsx"),
    route("help", "routes/help.tsx"),
    // Profile settings.
    route("profile", "routes/profile.tsx"),
    route("profile/password", "routes/profile-password.tsx"),
    route("profile/email", "routes/profile-email.tsx"),
    route("profile/delete", "routes/profile-delete.tsx"),
    route("profile/my-data.json", "routes/profile-data.tsx"),
    route("notifications", "routes/notifications-layout.tsx", [
      index("routes/notifications.tsx"),
      route(":notificationId", "routes/notification-detail.tsx"),
    ]),
  ]),

  // Any unknown path goes to the sign-in page (spec section 2).
  route("*", "routes/unknown-path.tsx"),
] satisfies RouteConfig;
