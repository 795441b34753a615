import { loginPath } from "@common/portal-paths";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/services/graphql.server";
import { revokeTokens } from "~/session/sign-in.server";
import { redirectWithError, redirectWithSuccess, toastMessage } from "~/session/toast.server";

/**
 * /confirm-email?token=… (spec section 4): the link e-mailed to the new address. Opening it
 * changes the e-mail (the back-end tells the old address and ends every session), then, as the spec
 * says, the user is logged out: to /login with a message, signed in or not, in whichever browser.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const session = await context.session.get();
  const auth = session.get("auth");
  const clear = { headers: { "Set-Cookie": await context.session.destroy(), "Referrer-Policy": "no-referrer" } };
  try {
    await context.publicApi.account.confirmEmailChange(token.slice(0, 256));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const key = error.code === "EMAIL_IN_USE" ? "errors.email_in_use" : "profile.email_link_invalid";
    return redirectWithError(
      loginPath,
      toastMessage(key),
      auth ? clear : { headers: { "Referrer-Policy": "no-referrer" } },
    );
  }
  if (auth) await revokeTokens(context, auth).catch(() => undefined);
  return redirectWithSuccess(loginPath, toastMessage("profile.toast_email_changed"), clear);
}
