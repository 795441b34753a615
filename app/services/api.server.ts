import type { PortalConfig } from "~/config.server";
import { accountService } from "./account/account.server";
import { createGraphQLService, type ServiceName } from "./graphql.server";
import { tenantService } from "./tenant/tenant.server";
import { usersService } from "./users/users.server";

/** Where each service's bearer token comes from (the session, or tokens just issued at sign-in). */
export interface TokenSource {
  account(): Promise<string | null>;
  users(): Promise<string | null>;
}

export const noTokens: TokenSource = {
  account: async () => null,
  users: async () => null,
};

export interface ApiOptions {
  config: Pick<PortalConfig, "accountApiUrl" | "usersApiUrl" | "tenantDataApiUrl" | "apiTimeoutMs">;
  tokens: TokenSource;
  onAuthRequired?: () => Promise<never>;
  fetch?: typeof fetch;
}

/**
 * One client per back-end service, built per request (so query memoization is per request).
 * The tenant data service accepts the users service's tokens.
 */
export function createApi({ config, tokens, onAuthRequired, fetch }: ApiOptions) {
  const make = (service: ServiceName, url: string, getToken: () => Promise<string | null>) =>
    createGraphQLService({ service, url, timeoutMs: config.apiTimeoutMs, getToken, onAuthRequired, fetch });
  return {
    account: accountService(make("account", config.accountApiUrl, tokens.account)),
    users: usersService(make("users", config.usersApiUrl, tokens.users)),
    tenant: tenantService(make("tenant", config.tenantDataApiUrl, tokens.users)),
  };
}

export type Api = ReturnType<typeof createApi>;
