/**
 * The little of oidc-provider (a dev dependency without bundled types) that the tests' OpenID
 * provider uses (social-test-provider.ts).
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: { client_id: string; client_secret?: string; redirect_uris?: string[] }[];
    findAccount?(ctx: unknown, sub: string): Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    ttl?: Record<string, number>;
  }

  interface Client {
    clientId: string;
  }

  class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  class AccessToken {
    constructor(properties: { accountId: string; client: Client; grantId: string; scope: string });
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    Client: { find(id: string): Promise<Client | undefined> };
    Grant: typeof Grant;
    AccessToken: typeof AccessToken;
  }
}
