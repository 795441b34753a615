// A real OpenID provider for the end-to-end suite (oidc-provider, a dev dependency), standing in
// for Google: its own login and consent pages, the authorization-code flow with PKCE, and the
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

const server = createServer(provider.callback());
server.listen(port, "127.0.0.1", () => console.log(`test OpenID provider on ${issuer}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
