import type { PortalConfig } from "~/config.server";
import { accountService } from "./account/account.server";
import { answerShapes as accountAnswerShapes } from "./account/graphql.generated";
import { createGraphQLService, type ServiceName, SharedAnswers } from "./graphql.server";
import { defaultMaxAnswerBytes, httpFetchWithCap } from "./http-fetch.server";
import { answerShapes as tenantAnswerShapes } from "./tenant/graphql.generated";
import { tenantMutationNames, tenantService } from "./tenant/tenant.server";
import { answerShapes as usersAnswerShapes } from "./users/graphql.generated";
import { usersService } from "./users/users.server";

/** Each service's answer shapes, as codegen wrote them from its schema (ADR 0064). */
const answerShapesOf = { account: accountAnswerShapes, users: usersAnswerShapes, tenant: tenantAnswerShapes };

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
  config: Pick<PortalConfig, "accountApiUrl" | "usersApiUrl" | "tenantDataApiUrl" | "apiTimeoutMs"> &
    Partial<Pick<PortalConfig, "apiMaxAnswerBytes">>;
  tokens: TokenSource;
  onAuthRequired?: () => Promise<never>;
  fetch?: typeof fetch;
  /** Answers shared between requests (tests pass their own). */
  sharedAnswers?: SharedAnswers;
  /** The tenant service's shared answers (the side menu's; tests pass their own). */
  tenantSharedAnswers?: SharedAnswers;
  /** The incoming request's one deadline for all its calls (ADR 0021); else apiTimeoutMs per call. */
  deadline?: AbortSignal;
  /** The incoming request's id, sent on every call as X-Request-Id. */
  requestId?: string;
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
 * The tenant service's answers shared for a few seconds (ADR 0026): only the side menu's unread
 * count and property settings, which every tenancy page asks for with the same token. Any mutation
 * of the session forgets them, so a notification read or all marked read show at once; a new
 * notification made by the job shows within the few seconds.
 */
export const tenantAnswers = new SharedAnswers({ ttlMs: SHARED_ANSWER_SECONDS * 1000, maxTokens: 10_000 });

/**
 * One client per back-end service, built per request (so query memoization is per request).
 * The tenant data service accepts the users service's tokens. Account queries that ask for it
 * share their answers between requests with the same token for a few seconds; a mutation to any
 * service forgets them, so a resident sees their own change on the next page.
 */
export function createApi({
  config,
  tokens,
  onAuthRequired,
  fetch,
  sharedAnswers = accountAnswers,
  tenantSharedAnswers = tenantAnswers,
  deadline,
  requestId,
}: ApiOptions) {
  const afterMutation = async () => {
    const [account, users] = await Promise.all([tokens.account().catch(() => null), tokens.users().catch(() => null)]);
    if (account !== null) sharedAnswers.forget(account);
    if (users !== null) tenantSharedAnswers.forget(users);
  };
  const make = (service: ServiceName, url: string, getToken: () => Promise<string | null>) =>
    createGraphQLService({
      service,
      url,
      timeoutMs: config.apiTimeoutMs,
      deadline,
      requestId,
      getToken,
      onAuthRequired,
      // Every answer read up to the configured cap (ADR 0059); tests pass their own fetch.
      fetch: fetch ?? httpFetchWithCap(config.apiMaxAnswerBytes ?? defaultMaxAnswerBytes),
      afterMutation,
      mergeQueries: true,
      answerShapes: answerShapesOf[service],
      sharedAnswers: service === "account" ? sharedAnswers : service === "tenant" ? tenantSharedAnswers : undefined,
    });
  const tenant = make("tenant", config.tenantDataApiUrl, tokens.users);
  return {
    account: accountService(make("account", config.accountApiUrl, tokens.account)),
    users: usersService(make("users", config.usersApiUrl, tokens.users)),
    tenant: tenantService(tenant),
    /**
     * Starts tenant data queries whose variables the URL already gives, before the guard has
     * answered (ADR 0021). Nothing is returned: the loader makes the same call when it needs the
     * answer and gets this one (memoized); a guess that turns out wrong is simply not used.
     */
    prefetch: { tenant: startOnly(tenantService(tenant.speculative)) },
  };
}

type QueryOf<S> = Omit<S, (typeof tenantMutationNames)[number]>;
type Started<S> = {
  [K in keyof QueryOf<S>]: S[K] extends (...args: infer A) => Promise<unknown> ? (...args: A) => void : never;
};

/** The service's queries as calls whose outcome nobody awaits (a failure is the real call's to report). */
function startOnly<S extends object>(service: S): Started<S> {
  const started: Record<string, (...args: unknown[]) => void> = {};
  for (const [name, operation] of Object.entries(service)) {
    if ((tenantMutationNames as readonly string[]).includes(name) || typeof operation !== "function") continue;
    started[name] = (...args: unknown[]) => {
      void (operation as (...a: unknown[]) => Promise<unknown>)(...args).catch(() => undefined);
    };
  }
  return started as Started<S>;
}

export type Api = ReturnType<typeof createApi>;
