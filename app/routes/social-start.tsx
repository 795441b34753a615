import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isSocialProvider, startSocialSignIn } from "~/session/social.server";

/** POST /auth/{provider}: the social sign-in buttons' form; off to the provider's sign-in page. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!isSocialProvider(params.provider)) return redirect("/login");
  return startSocialSignIn(request, context, params.provider);
}

export function loader() {
  return redirect("/login");
}
