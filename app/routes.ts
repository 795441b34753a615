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
    route("no-tenancies", "routes/no-tenancies.tsx"),
    // Where server.ts sends form posts from other sites (403 in the resident's language).
    route("forbidden", "routes/forbidden.tsx"),
  ]),

  // Actions without pages of their own.
  route("logout", "routes/logout.tsx"),
  route("language", "routes/language.tsx"),
  route("select-tenancy", "routes/select-tenancy.tsx"),

  // Tenancy area: side-menu layout; the layout loader guards every page below it.
  route("t", "routes/tenancy-redirect.tsx"),
  route("t/:tenancyId", "routes/tenancy-layout.tsx", [index("routes/dashboard.tsx")]),

  // Any unknown path goes to the sign-in page (spec section 2).
  route("*", "routes/unknown-path.tsx"),
] satisfies RouteConfig;
