import { createHash, randomBytes } from "node:crypto";
import { loginPath, socialCallbackPath } from "@common/portal-paths";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { type OAuth2Profile, OAuth2Strategy } from "remix-auth-oauth2";
import { config, type OAuthProviderConfig, type SocialProviderId } from "~/config.server";
import { readForm } from "~/http/read-form.server";
import { isServiceFailure } from "~/services/graphql.server";
import type { AuthTokens } from "~/services/tokens";
import { ServiceDownError } from "../../../session/authenticator.server";
import { sessionStorage } from "../../../session/session.server";

/**
 * Social sign-in and sign-up (spec sections 1 and 4) with remix-auth-oauth2: the authorization
 * code flow with state, PKCE (S256) and the e-mail scope. The portal sends the provider's access
 * token to the account service (`socialAuth`), which verifies it at the provider's user-info
 * endpoint and answers with its own tokens and a short-lived token for the users service.
 *
 * Apple (ADR 0056) has no user-info endpoint: the portal sends the ID token of Apple's token answer
 * instead, with the nonce its authorization request carried, and the account service verifies the
 * token against Apple's keys. Apple answers the authorization by a cross-site form post, which
 * carries no SameSite=Lax session cookie: `relayFormPostCallback` turns it into the GET callback
 * every other provider uses, where the cookie, and with it the state check, are back.
 *
 * remix-auth-oauth2 1.x (the Remix v2 line) has no PKCE, so the first leg — the redirect to the
 * provider — is built here, keeping state and code verifier in the signed session; the callback
 * leg is the library's (state check, code exchange with the verifier added, verify).
 */
export const socialProviderIds = ["google", "facebook", "apple"] as const;

export function isSocialProvider(value: unknown): value is SocialProviderId {
  return typeof value === "string" && (socialProviderIds as readonly string[]).includes(value);
}

/** The providers this deployment has client ids for. */
export function enabledSocialProviders(): SocialProviderId[] {
  return socialProviderIds.filter((id) => config().socialProviders[id] !== undefined);
}

/** remix-auth-oauth2 keeps its state under "oauth2:state"; the PKCE verifier sits beside it. */
const stateKey = "oauth2:state" as const;
const verifierKey = "oauth2:verifier" as const;
/** Set when the sign-up form's data-policy box was ticked: only then may the service create an account. */
const dataPolicyKey = "oauth2:dataPolicy" as const;
/** The nonce an ID-token provider's token must carry (Apple). */
const nonceKey = "oauth2:nonce" as const;

/** What the callback cleans from the session when a sign-in ends, however it ends. */
export const socialSessionKeys = [stateKey, verifierKey, dataPolicyKey, nonceKey] as const;

function callbackUrl(request: Request, provider: SocialProviderId): string {
  return new URL(socialCallbackPath(provider), new URL(request.url).origin).toString();
}

function challengeOf(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/**
 * The redirect to the provider's sign-in page, with a new state and PKCE challenge.
 * `dataPolicyAcknowledged`: the resident came from the sign-up form and ticked the data-policy box.
 */
export async function startSocialSignIn(
  request: Request,
  context: AppLoadContext,
  provider: SocialProviderId,
  dataPolicyAcknowledged: boolean,
) {
  const settings = config().socialProviders[provider];
  if (!settings) throw redirect(loginPath);
  const state = randomBytes(24).toString("base64url");
  const verifier = randomBytes(48).toString("base64url");
  const session = await context.session.get();
  session.set(stateKey, state);
  session.set(verifierKey, verifier);
  if (dataPolicyAcknowledged) session.set(dataPolicyKey, true);
  else session.unset(dataPolicyKey);

  const url = new URL(settings.authorizationUrl);
  const search = new URLSearchParams({
    response_type: "code",
    client_id: settings.clientId,
    redirect_uri: callbackUrl(request, provider),
    scope: settings.scope,
    state,
    code_challenge: challengeOf(verifier),
    code_challenge_method: "S256",
  });
  if (settings.verifiedBy === "id-token") {
    const nonce = randomBytes(24).toString("base64url");
    session.set(nonceKey, nonce);
    search.set("nonce", nonce);
    search.set("response_mode", "form_post");
  } else {
    session.unset(nonceKey);
  }
  url.search = search.toString();
  return redirect(url.toString(), { headers: { "Set-Cookie": await context.session.commit() } });
}

/** The token exchange of the callback, with the PKCE verifier of this sign-in. */
class PkceOAuth2Strategy extends OAuth2Strategy<AuthTokens & { created: boolean }, OAuth2Profile> {
  constructor(
    settings: OAuthProviderConfig,
    callbackURL: string,
    private readonly codeVerifier: string,
    verify: ConstructorParameters<typeof OAuth2Strategy<AuthTokens & { created: boolean }, OAuth2Profile>>[1],
  ) {
    super(
      {
        authorizationURL: settings.authorizationUrl,
        tokenURL: settings.tokenUrl,
        clientID: settings.clientId,
        clientSecret: settings.clientSecret,
        callbackURL,
        scope: settings.scope,
      },
      verify,
    );
  }

  protected override fetchAccessToken(code: string, params: URLSearchParams) {
    params.set("code_verifier", this.codeVerifier);
    return super.fetchAccessToken(code, params);
  }
}

/**
 * The callback leg: checks the state, exchanges the code, has the account service verify the
 * provider's token, signs in to the users service. Returns both services' tokens and whether the
 * account was just created. Throws what remix-auth throws on failure (an AuthorizationError).
 */
export async function finishSocialSignIn(
  request: Request,
  context: AppLoadContext,
  provider: SocialProviderId,
  language: string,
): Promise<AuthTokens & { created: boolean }> {
  const settings = config().socialProviders[provider];
  if (!settings) throw redirect(loginPath);
  const session = await context.session.get();
  const verifier = session.get(verifierKey) ?? "";
  const dataPolicyAcknowledged = session.get(dataPolicyKey) === true;
  const nonce = session.get(nonceKey);
  session.unset(verifierKey);
  session.unset(dataPolicyKey);
  session.unset(nonceKey);

  const strategy = new PkceOAuth2Strategy(
    settings,
    callbackUrl(request, provider),
    verifier,
    async ({ accessToken, extraParams }) => {
      let idToken: { idToken: string; nonce: string } | undefined;
      if (settings.verifiedBy === "id-token") {
        const token = (extraParams as { id_token?: unknown }).id_token;
        // The back-end refuses these too; failing here saves the call.
        if (typeof token !== "string" || token === "") throw new Error("The token answer has no ID token.");
        if (typeof nonce !== "string" || nonce === "") throw new Error("No nonce in the session.");
        idToken = { idToken: token, nonce };
      }
      try {
        const result = await context.publicApi.account.socialAuth(
          accessToken ?? "",
          provider.toUpperCase(),
          language,
          dataPolicyAcknowledged,
          idToken,
        );
        const users = await context.publicApi.users.loginFromSlt(result.slt);
        return { type: provider, account: result.tokens, users, created: result.created };
      } catch (error) {
        if (isServiceFailure(error)) throw new ServiceDownError();
        throw error;
      }
    },
  );
  // The state is checked against this request's session (the library reads it from the cookie).
  const authenticator = new Authenticator<AuthTokens & { created: boolean }>(sessionStorage, {
    sessionKey: "socialResult",
  });
  authenticator.use(strategy, provider);
  return authenticator.authenticate(provider, request, { throwOnError: true, context });
}

/** The fields of a provider's form-post answer that the GET callback reads (RFC 6749, 4.1.2). */
const formPostFields = ["code", "state", "error"] as const;
const maxFormPostFieldLength = 2048;

/**
 * POST /auth/{provider}/callback, for a provider that answers by form post (Apple): a 303 to the
 * GET callback with the same code and state. The post comes from the provider's site, so the
 * browser sends no SameSite=Lax cookie with it and nothing can be checked or signed in here; the
 * GET that follows is a top-level navigation, which carries the cookie, and there the state is
 * checked as for every provider. The answer changes nothing and holds nothing the post did not
 * carry, so a forged post gains nothing (server.ts lets these posts through its cross-site guard).
 * The `user` field (the name, on the first sign-in only, not signed) is dropped.
 */
export async function relayFormPostCallback(request: Request, provider: SocialProviderId): Promise<Response> {
  const settings = config().socialProviders[provider];
  if (settings?.verifiedBy !== "id-token") return redirect(loginPath);
  // A body no provider sends (too large, another encoding) relays nothing: the GET callback then
  // ends on the sign-in page with the provider's failure text, as a route without a page should.
  const form = await readForm(request).catch(() => new FormData());
  const search = new URLSearchParams();
  for (const field of formPostFields) {
    const value = form.get(field);
    if (typeof value === "string" && value !== "" && value.length <= maxFormPostFieldLength) search.set(field, value);
  }
  return redirect(`${socialCallbackPath(provider)}?${search.toString()}`, 303);
}
