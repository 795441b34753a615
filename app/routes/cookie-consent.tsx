import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/redirects";
import { consentCookie } from "~/security/cookie-consent.server";
import { secureCookiesFor } from "~/session/session.server";

/** The cookie banner's form: OK stores true, reject stores false; then back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const accepted = form.get("accept") === "true";
  const target = safeRedirectPath(form.get("redirectTo")) ?? "/";
  const secure = secureCookiesFor(request);
  return redirect(target, { headers: { "Set-Cookie": consentCookie(accepted, secure) } });
}

export function loader() {
  return redirect("/");
}
