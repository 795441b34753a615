import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { readForm } from "~/http/read-form.server";
import { isSocialProvider, startSocialSignIn } from "~/routes/sign-in/social/social.server";

/** POST /auth/{provider}: the social sign-in buttons' form; off to the provider's sign-in page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await readForm(request);
  if (!isSocialProvider(params.provider)) return redirect("/login");
  return startSocialSignIn(request, context, params.provider);
}

export function loader() {
  return redirect("/login");
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
