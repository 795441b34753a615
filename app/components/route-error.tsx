import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * 404s that say what was not found (a quantity the home has no meter for, a price and CO2 view of a
 * quantity with neither, a room, a meter).
 */
export const notFoundCodes = [
  "quantity_not_measured",
  "no_price_or_co2",
  "room_not_found",
  "meter_not_found",
  "alarm_not_found",
  "notification_not_found",
  "statement_not_found",
] as const;

/** The translation key and HTTP status for whatever a loader or action threw. */
export function describeRouteError(error: unknown): {
  status: number;
  messageKey: string;
  values?: Record<string, string | number>;
} {
  if (isRouteErrorResponse(error)) {
    const body = error.data as { error?: unknown; retryAfterMinutes?: unknown } | null;
    const code = body?.error;
    if (code === "rate_limited") {
      const minutes = typeof body?.retryAfterMinutes === "number" ? body.retryAfterMinutes : 60;
      return { status: error.status, messageKey: "errors.too_many_requests", values: { minutes } };
    }
    if (error.status === 404 && typeof code === "string" && (notFoundCodes as readonly string[]).includes(code)) {
      return { status: 404, messageKey: `errors.${code}` };
    }
    if (code === "service_unavailable") return { status: error.status, messageKey: "errors.service_unavailable" };
    if (code === "invalid_response") return { status: error.status, messageKey: "errors.invalid_response" };
    const byStatus: Record<number, string> = {
      400: "errors.bad_request",
      403: "errors.forbidden",
      404: "errors.not_found",
      405: "errors.method_not_allowed",
      413: "errors.payload_too_large",
      415: "errors.unsupported_media_type",
      502: "errors.invalid_response",
      503: "errors.service_unavailable",
      504: "errors.service_unavailable",
    };
    return { status: error.status, messageKey: byStatus[error.status] ?? "errors.unexpected" };
  }
  return { status: 500, messageKey: "errors.unexpected" };
}

/**
 * The error message of a route ErrorBoundary, in the resident's language, never a stack trace.
 * Placed by a layout's boundary, the layout (menu, header) stays standing around it.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const { status, messageKey, values } = describeRouteError(error);
  return (
    <div className="route-error" role="alert">
      <h1>{t(messageKey, values)}</h1>
      <p className="route-error-status">{t("errors.status", { status })}</p>
      <p className="route-error-actions">
        <a className="button" href={location.pathname + location.search}>
          {t("errors.try_again")}
        </a>
        <Link to="/" className="button button-secondary" reloadDocument>
          {t("errors.go_to_start")}
        </Link>
      </p>
    </div>
  );
}

/**
 * The whole-page form of RouteError: the root's boundary, and the boundary of the action routes
 * that have no page of their own (/language, /logout…), so a form post they refuse (ADR 0019)
 * still gets a page in the resident's language.
 */
export function PageError() {
  return (
    <main id="main" className="error-page">
      <RouteError />
    </main>
  );
}
