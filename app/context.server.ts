import { loginPath } from "@common/portal-paths";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { config, type PortalConfig } from "./config.server";
import { type Api, type ApiOptions, createApi, noTokens } from "./services/api.server";
import type { PendingSignIn } from "./services/tokens";
import { createRequestSession, type RequestSession } from "./session/request-session.server";
import { type AuthState, createAuthState } from "./session/token-refresh.server";

/**
 * The load context every loader and action receives (built per request by server.ts):
 * the configuration, the CSP nonce, the request's session, its auth state (tokens refreshed on
 * demand) and `api`, one client per back-end service whose queries are memoized for the request.
 */
export interface PortalLoadContext {
  config: PortalConfig;
  cspNonce: string;
  /** The resident's address (behind a trusted proxy, from X-Forwarded-For), for rate limits. */
  clientAddress: string;
  /**
   * The request's id (X-Request-Id from the proxy, or made by server.ts; server/request-id.ts),
   * sent on with every back-end call so both processes' log lines for it can be found.
   */
  requestId: string;
  session: RequestSession;
  auth: AuthState;
  api: Api;
  /** An API that sends no tokens: sign-in, refresh and revocation. */
  publicApi: Api;
  /**
   * An API that uses the given tokens, for the moment between sign-in and the first page (the users
   * service's token may still be on its way: its calls wait for it).
   */
  apiWithTokens(tokens: PendingSignIn): Api;
  /**
   * The request's one deadline for every back-end call (ADR 0021): aborted once API_TIMEOUT_MS has
   * passed, so a form can say its service was too slow rather than unreachable.
   */
  deadline: AbortSignal;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends PortalLoadContext {}
}

export function createAppLoadContext(
  request: {
    cookieHeader: string | null;
    https: boolean;
    cspNonce: string;
    clientAddress: string;
    /** Made here when absent (tests). */
    requestId?: string;
    appendSetCookie: (value: string) => void;
  },
  services: Pick<ApiOptions, "fetch" | "sharedAnswers" | "deadline"> = {},
): AppLoadContext {
  const portalConfig = config();
  const session = createRequestSession(request);
  // Several loaders may learn at once that the login is gone: the session is removed once.
  let signingOut: Promise<void> | undefined;
  const signOut = async (): Promise<never> => {
    signingOut ??= session.destroyOnResponse();
    await signingOut;
    throw redirect(loginPath);
  };
  // One deadline for every back-end call this request makes, in all its loaders (ADR 0021).
  const deadline = services.deadline ?? AbortSignal.timeout(portalConfig.apiTimeoutMs);
  const requestId = request.requestId ?? crypto.randomUUID();
  const calls: Pick<ApiOptions, "fetch" | "sharedAnswers" | "deadline" | "requestId"> = {
    ...services,
    deadline,
    requestId,
  };
  const publicApi = createApi({ ...calls, config: portalConfig, tokens: noTokens });
  const auth = createAuthState({ session, publicApi, leadSeconds: portalConfig.tokenRefreshLeadSeconds });
  const api = createApi({
    ...calls,
    config: portalConfig,
    onAuthRequired: signOut,
    tokens: {
      account: async () => (await auth.tokens())?.account.token ?? null,
      users: async () => (await auth.tokens())?.users.token ?? null,
    },
  });
  return {
    config: portalConfig,
    cspNonce: request.cspNonce,
    clientAddress: request.clientAddress,
    requestId,
    session,
    auth,
    api,
    publicApi,
    deadline,
    apiWithTokens: (tokens) =>
      createApi({
        ...calls,
        config: portalConfig,
        tokens: { account: async () => tokens.account.token, users: async () => (await tokens.users).token },
      }),
  };
}
