import { createHash, randomBytes } from "node:crypto";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { type OAuth2Profile, OAuth2Strategy } from "remix-auth-oauth2";
import { config, type OAuthProviderConfig, type SocialProviderId } from "~/config.server";
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

function callbackUrl(request: Request, provider: SocialProviderId): string {
  return new URL(`/auth/${provider}/callback`, new URL(request.url).origin).toString();
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
  if (!settings) throw redirect("/login");
  const state = randomBytes(24).toString("base64url");
  const verifier = randomBytes(48).toString("base64url");
  const session = await context.session.get();
  session.set(stateKey, state);
  session.set(verifierKey, verifier);
  if (dataPolicyAcknowledged) session.set(dataPolicyKey, true);
  else session.unset(dataPolicyKey);

  const url = new URL(settings.authorizationUrl);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: settings.clientId,
    redirect_uri: callbackUrl(request, provider),
    scope: settings.scope,
    state,
    code_challenge: challengeOf(verifier),
    code_challenge_method: "S256",
  }).toString();
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
  if (!settings) throw redirect("/login");
  const session = await context.session.get();
  const verifier = session.get(verifierKey) ?? "";
  const dataPolicyAcknowledged = session.get(dataPolicyKey) === true;
  session.unset(verifierKey);
  session.unset(dataPolicyKey);

  const strategy = new PkceOAuth2Strategy(
    settings,
    callbackUrl(request, provider),
    verifier,
    async ({ accessToken }) => {
      try {
        const result = await context.publicApi.account.socialAuth(
          accessToken,
          provider.toUpperCase(),
          language,
          dataPolicyAcknowledged,
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
