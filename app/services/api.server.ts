import type { PortalConfig } from "~/config.server";
import { accountService } from "./account/account.server";
import { createGraphQLService, SharedAnswers, type ServiceName } from "./graphql.server";
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
  /** Answers shared between requests (tests pass their own). */
  sharedAnswers?: SharedAnswers;
}

/** How long this instance shares the account service's answer about a resident (ADR 0015). */
export const SHARED_ANSWER_SECONDS = 5;

/** Whose account a shared answer is about: the e-mail of `currentUser`, lower-cased. */
export function accountOwnerOf(answer: unknown): string | null {
  const email = (answer as { currentUser?: { email?: unknown } } | null)?.currentUser?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : null;
}

/**
 * The account service's answers shared by the requests of this instance (ADR 0015); logout and a
 * password reset forget a session's or an account's answers (ADR 0020).
 */
export const accountAnswers = new SharedAnswers({
  ttlMs: SHARED_ANSWER_SECONDS * 1000,
  maxTokens: 10_000,
  ownerOf: accountOwnerOf,
});

/**
 * One client per back-end service, built per request (so query memoization is per request).
 * The tenant data service accepts the users service's tokens. Account queries that ask for it
 * share their answers between requests with the same token for a few seconds; a mutation to any
 * service forgets them, so a resident sees their own change on the next page.
 */
export function createApi({ config, tokens, onAuthRequired, fetch, sharedAnswers = accountAnswers }: ApiOptions) {
  const afterMutation = async () => {
    const token = await tokens.account().catch(() => null);
    if (token !== null) sharedAnswers.forget(token);
  };
  const make = (service: ServiceName, url: string, getToken: () => Promise<string | null>) =>
    createGraphQLService({
      service,
      url,
      timeoutMs: config.apiTimeoutMs,
      getToken,
      onAuthRequired,
      fetch,
      afterMutation,
      sharedAnswers: service === "account" ? sharedAnswers : undefined,
    });
  return {
    account: accountService(make("account", config.accountApiUrl, tokens.account)),
    users: usersService(make("users", config.usersApiUrl, tokens.users)),
    tenant: tenantService(make("tenant", config.tenantDataApiUrl, tokens.users)),
  };
}

export type Api = ReturnType<typeof createApi>;
