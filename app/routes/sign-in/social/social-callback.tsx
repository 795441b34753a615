import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { languageOf } from "~/i18n/i18n.server";
import { finishSocialSignIn, isSocialProvider } from "~/routes/sign-in/social/social.server";
import { ApiError } from "~/services/graphql.server";
import { accountRefusalKey } from "~/session/api-errors";
import { completeSignIn } from "~/session/sign-in.server";
import { redirectWithError, toastMessage } from "~/session/toast.server";

const providerNames = { google: "Google", facebook: "Facebook", apple: "Apple" } as const;

/**
 * Where a failed social sign-in ends, and with which text. An account the portal does not serve
 * gets that account's text (spec section 8); an e-mail without an account goes to the sign-up
 * page, which asks for the data-policy confirmation first; anything else (state mismatch, a
 * refused token, an unverified e-mail, a service that is down) gets the provider's general text.
 */
function failureOf(error: unknown): { path: string; key: string } {
  const cause = error instanceof AuthorizationError ? error.cause : error;
  if (cause instanceof ApiError && cause.code === "DATA_POLICY_NOT_ACKNOWLEDGED") {
    return { path: "/signup", key: "errors.social_no_account" };
  }
  return { path: "/login", key: accountRefusalKey(cause) ?? "errors.social_failed" };
}

/**
 * GET /auth/{provider}/callback: the provider sends the resident back here. Any failure ends on
 * /login (or /signup, see failureOf) with a message in the resident's language and no session.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const provider = params.provider;
  if (!isSocialProvider(provider)) return redirect("/login");
  const fail = async (error: unknown) => {
    const session = await context.session.get();
    session.unset("oauth2:state");
    session.unset("oauth2:verifier");
    session.unset("oauth2:dataPolicy");
    // Nothing else in the session: remove the cookie rather than keep an empty one. A pending
    // activation code stays for the sign-up that may follow.
    const keep = session.get("auth") || session.get("activationCode");
    const cookie = keep ? await context.session.commit() : await context.session.destroy();
    const { path, key } = failureOf(error);
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
      landing: created ? "/account-created" : undefined,
    });
  } catch (error) {
    return fail(error);
  }
}
