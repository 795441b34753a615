import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/redirects";
import { readForm } from "~/http/read-form.server";
import { consentCookie } from "~/security/cookie-consent.server";
import { secureCookiesFor } from "~/session/session.server";

/** The cookie banner's form: OK stores true, reject stores false; then back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const accepted = form.get("accept") === "true";
  const target = safeRedirectPath(form.get("redirectTo")) ?? "/";
  const secure = secureCookiesFor(request);
  return redirect(target, { headers: { "Set-Cookie": consentCookie(accepted, secure) } });
}

export function loader() {
  return redirect("/");
}

/**
 * No page of its own: GET redirects (the loader) and the form's answer is a redirect. The
 * component exists so that a post the action refuses (ADR 0019) renders a page with the message.
 */
export default function ActionOnly() {
  return null;
}

export { PageError as ErrorBoundary } from "~/components/route-error";
export { errorAwareHeaders as headers } from "~/security/route-headers";
