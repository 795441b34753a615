import { tenanciesPath } from "@common/portal-paths";
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { enabledSocialProviders } from "~/routes/sign-in/social/social.server";
import { optionalUser } from "~/session/guards.server";

/** The sign-in and sign-up forms are for the signed-out: a signed-in resident goes on to a tenancy. */
export async function signedOutLoader({ context }: LoaderFunctionArgs) {
  if (await optionalUser(context)) return redirect(tenanciesPath);
  return null;
}

/** /login and /signup: the signed-out choose e-mail or one of the social providers configured. */
export async function signInEntryLoader({ context }: LoaderFunctionArgs) {
  if (await optionalUser(context)) return redirect(tenanciesPath);
  return { socialProviders: enabledSocialProviders() };
}
