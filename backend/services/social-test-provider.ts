/**
 * For tests only: a real OpenID provider (the oidc-provider package, a dev dependency) on
 * 127.0.0.1 with a random port. Tests register accounts with the claims they need and mint
 * access tokens for them directly (no browser round trip); `userinfoUrl` is the provider's real
 * user-info endpoint, which verifies those tokens like Google's does.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export interface TestAccountClaims {
  email?: string;
  email_verified?: boolean;
  name?: string;
  locale?: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  /** The user-info endpoint (oidc-provider serves it at /me). */
  userinfoUrl: string;
  /** Registers (or replaces) an account; returns an access token for it with scope 'openid email profile'. */
  accessTokenFor(accountId: string, claims: TestAccountClaims): Promise<string>;
  close(): Promise<void>;
}

const clientId = "tenant-portal-test";

export async function startTestOpenIdProvider(): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, TestAccountClaims>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: "test-secret", redirect_uris: ["http://127.0.0.1/callback"] }],
    async findAccount(_ctx, sub) {
      const claims = accounts.get(sub);
      if (claims === undefined) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "locale"] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 3600, Grant: 3600 },
  });
  server.on("request", provider.callback());

  return {
    issuer,
    userinfoUrl: `${issuer}/me`,
    async accessTokenFor(accountId, claims) {
      accounts.set(accountId, claims);
      const client = await provider.Client.find(clientId);
      if (client === undefined) throw new Error("test client missing");
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope("openid email profile");
      const grantId = await grant.save();
      const token = new provider.AccessToken({ accountId, client, grantId, scope: "openid email profile" });
      return token.save();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
