import { loginPath } from "@common/portal-paths";
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { readForm } from "~/http/read-form.server";
import { revokeTokens } from "~/session/sign-in.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

/**
 * Logout (spec section 4): revoke the refresh tokens, clear the session, go to /login. Revocation
 * failures do not keep anyone signed in: the cookie is cleared whatever the services answer.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // No fields; read (and size-checked) like every form, so a refused post changes nothing.
  await readForm(request);
  const session = await context.session.get();
  const auth = session.get("auth");
  if (auth) await revokeTokens(context, auth);
  return redirectWithSuccess(loginPath, toastMessage("toast.signed_out"), {
    headers: { "Set-Cookie": await context.session.destroy() },
  });
}

/** Logging out changes state, so it is a POST only; a GET just goes home. */
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
