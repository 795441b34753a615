// Real OpenID providers for the end-to-end suite (oidc-provider, a dev dependency). The first stands
// in for Google: its own login and consent pages, the authorization-code flow with PKCE, and the
// user-info endpoint the back-end verifies access tokens at. Any login works; the login is the
// e-mail, verified unless it starts with "unverified".
import { createServer } from "node:http";
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT ?? 4150);
const portal = process.env.PORTAL_ORIGIN ?? "http://127.0.0.1:3100";
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "portal-e2e",
      client_secret: "portal-e2e-secret",
      redirect_uris: [`${portal}/auth/google/callback`],
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  async findAccount(_ctx, sub) {
    return {
      accountId: sub,
      claims: async () => ({
        sub,
        email: sub.replace(/^unverified-/, ""),
        email_verified: !sub.startsWith("unverified"),
      }),
    };
  },
  claims: { openid: ["sub"], email: ["email", "email_verified"] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
});
provider.proxy = false;

// A second issuer standing in for Sign in with Apple (ADR 0056), on "localhost": another site than
// the portal's 127.0.0.1, so its form post to the portal is cross-site and carries no SameSite=Lax
// cookie, as Apple's does. Like Apple it takes the scopes "name email" (no "openid") and still
// issues an ID token, answers by form post (response_mode=form_post), puts the authorization
// request's nonce, the e-mail and Apple's string-valued "true"/"false" claims into the ID token, and
// publishes its keys at its jwks_uri. The login is the e-mail: verified unless it starts with
// "unverified-"; one at privaterelay.appleid.com is a private-relay address (is_private_email).
const applePort = Number(process.env.OIDC_APPLE_PORT ?? 4160);
const appleIssuer = `http://localhost:${applePort}`;
const apple = new Provider(appleIssuer, {
  clients: [
    {
      client_id: process.env.APPLE_CLIENT_ID ?? "dk.example.portal-e2e.web",
      // Apple's client secret is a JWT the deployer signs; any string stands in for it here.
      client_secret: "portal-e2e-apple-secret",
      redirect_uris: [`${portal}/auth/apple/callback`],
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  async findAccount(_ctx, sub) {
    const email = sub.replace(/^unverified-/, "");
    return {
      accountId: sub,
      claims: async () => ({
        sub,
        email,
        email_verified: sub.startsWith("unverified-") ? "false" : "true",
        is_private_email: email.endsWith("@privaterelay.appleid.com") ? "true" : "false",
      }),
    };
  },
  claims: { openid: ["sub"], email: ["email", "email_verified", "is_private_email"] },
  // Apple's ID token carries the e-mail in the code flow too.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
});
apple.proxy = false;
// Apple's scopes name no "openid" and Apple still issues an ID token: ask for one on its behalf.
apple.use(async (ctx, next) => {
  const scope = ctx.path === "/auth" ? ctx.query.scope : undefined;
  if (typeof scope === "string" && !scope.split(" ").includes("openid")) {
    const asked = scope.split(" ").filter((name) => name === "email");
    ctx.query = { ...ctx.query, scope: ["openid", ...asked].join(" ") };
  }
  await next();
});

const server = createServer(provider.callback());
server.listen(port, "127.0.0.1", () => console.log(`test OpenID provider on ${issuer}`));
const appleServer = createServer(apple.callback());
appleServer.listen(applePort, "127.0.0.1", () => console.log(`test OpenID provider for Apple on ${appleIssuer}`));
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => appleServer.close(() => process.exit(0))));
}
