import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { revokeTokens } from "~/session/sign-in.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

/**
 * Logout (spec section 4): revoke the refresh tokens, clear the session, go to /login. Revocation
 * failures do not keep anyone signed in: the cookie is cleared whatever the services answer.
 */
export async function action({ context }: ActionFunctionArgs) {
  const session = await context.session.get();
  const auth = session.get("auth");
  if (auth) await revokeTokens(context, auth);
  return redirectWithSuccess("/login", toastMessage("toast.signed_out"), {
    headers: { "Set-Cookie": await context.session.destroy() },
  });
}

/** Logging out changes state, so it is a POST only; a GET just goes home. */
export function loader() {
  return redirect("/");
}
