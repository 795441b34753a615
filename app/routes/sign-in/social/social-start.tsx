import { loginPath, signupPath } from "@common/portal-paths";
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { readForm } from "~/http/read-form.server";
import { isSocialProvider, startSocialSignIn } from "~/routes/sign-in/social/social.server";
import { redirectWithError, toastMessage } from "~/session/toast.server";

/**
 * POST /auth/{provider}: the social buttons' forms; off to the provider's sign-in page. The
 * sign-up form sends purpose=signup and its data-policy box (spec section 4: no account without
 * the confirmation); the browser requires the box, and so does this action.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (!isSocialProvider(params.provider)) return redirect(loginPath);
  const dataPolicyAcknowledged = form.get("dataPolicy") === "on";
  if (form.get("purpose") === "signup" && !dataPolicyAcknowledged) {
    return redirectWithError(signupPath, toastMessage("validation.data_policy_required"));
  }
  return startSocialSignIn(request, context, params.provider, dataPolicyAcknowledged);
}

export function loader() {
  return redirect(loginPath);
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
