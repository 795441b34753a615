import { accountCreatedPath, loginPath } from "@common/portal-paths";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { languageOf } from "~/i18n/i18n.server";
import {
  finishSocialSignIn,
  isSocialProvider,
  relayFormPostCallback,
  socialSessionKeys,
} from "~/routes/sign-in/social/social.server";
import { socialFailureOf } from "~/routes/sign-in/social/social-failure";
import { completeSignIn } from "~/session/sign-in.server";
import { redirectWithError, toastMessage } from "~/session/toast.server";

const providerNames = { google: "Google", facebook: "Facebook", apple: "Apple" } as const;

/**
 * GET /auth/{provider}/callback: the provider sends the resident back here. Any failure ends on
 * /login (or /signup, see socialFailureOf) with a message in the resident's language and no session.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProvider(provider)) return redirect(loginPath);
  const fail = async (error: unknown) => {
    const session = await context.session.get();
    for (const key of socialSessionKeys) session.unset(key);
    // Nothing else in the session: remove the cookie rather than keep an empty one. A pending
    // activation code stays for the sign-up that may follow.
    const keep = session.get("auth") || session.get("activationCode");
    const cookie = keep ? await context.session.commit() : await context.session.destroy();
    const { path, key } = socialFailureOf(error);
    return redirectWithError(path, toastMessage(key, { provider: providerNames[provider] }), {
      headers: { "Set-Cookie": cookie },
    });
  };
  let result;
  try {
    result = await finishSocialSignIn(request, context, provider, await languageOf(request));
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn(`Social sign-in with ${provider} failed: ${error instanceof Error ? error.message : String(error)}`);
    return fail(error);
  }
  const { created, ...tokens } = result;
  try {
    return await completeSignIn(context, tokens, {
      persistent: false,
      landing: created ? accountCreatedPath : undefined,
    });
  } catch (error) {
    return fail(error);
  }
}

/**
 * POST /auth/{provider}/callback: Apple's answer comes as a form post from its own site (it
 * requires response_mode=form_post when asked for the e-mail). Relayed to the GET above, where the
 * session cookie comes along (ADR 0056).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (!isSocialProvider(params.provider)) return redirect(loginPath);
  return relayFormPostCallback(request, params.provider);
}
