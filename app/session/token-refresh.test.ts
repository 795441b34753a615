import { createSession } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import type { Api } from "~/services/api.server";
import { ApiError, serviceFailure } from "~/services/graphql.server";
import type { AuthTokens, TokenSet } from "~/services/tokens";
import type { RequestSession } from "./request-session.server";
import type { PortalSession, SessionData } from "./session.server";
import { createAuthState, refreshOncePerProcess } from "./token-refresh.server";

/**
 * Server-side token refresh (DESIGN.md section 1; spec section 4, "Tokens"): refreshed shortly
 * before expiry, once per request and once per process per refresh token; a refused refresh signs
 * the resident out, a service that is down does not.
 */

const nowMs = 1_750_000_000_000;
const nowSeconds = nowMs / 1000;
const leadSeconds = 30;

let counter = 0;
/** A refresh token no other test uses (the process-level cache is keyed by it). */
function uniqueRefreshToken(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2)}`;
}

function tokenSet(label: string, expiresInSeconds: number, refreshToken = uniqueRefreshToken(label)): TokenSet {
  return { token: `${label}-access-${counter}`, refreshToken, expiresAt: nowSeconds + expiresInSeconds };
}

function fakeRequestSession(auth?: AuthTokens) {
  const session: PortalSession = createSession<SessionData>();
  if (auth) {
    session.set("auth", auth);
    session.set("tenancyId", "7019");
  }
  const requestSession = {
    get: vi.fn(async () => session),
    commit: vi.fn(async () => "__session=committed"),
    destroy: vi.fn(async () => "__session=; Max-Age=0"),
    commitToResponse: vi.fn(async () => undefined),
    destroyOnResponse: vi.fn(async () => undefined),
  } satisfies RequestSession;
  return { session, requestSession };
}

type Refresh = (refreshToken: string) => Promise<TokenSet>;

function fakePublicApi(account: Refresh, users: Refresh) {
  const api = {
    account: { refreshToken: vi.fn(account) },
    users: { refreshToken: vi.fn(users) },
  };
  // Only refreshToken is used by the auth state; the rest of the API is not needed here.
  return { api, publicApi: api as unknown as Pick<Api, "account" | "users"> };
}

const never: Refresh = async () => {
  throw new Error("refresh must not be called");
};

function authState(requestSession: RequestSession, publicApi: Pick<Api, "account" | "users">) {
  return createAuthState({ session: requestSession, publicApi, leadSeconds, now: () => nowMs });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What a promise rejects with; undefined when it resolves. */
async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error;
  }
}

describe("createAuthState", () => {
  it("gives null without a signed-in session and calls nothing", async () => {
    const { requestSession } = fakeRequestSession();
    const { api, publicApi } = fakePublicApi(never, never);
    await expect(authState(requestSession, publicApi).tokens()).resolves.toBeNull();
    expect(api.account.refreshToken).not.toHaveBeenCalled();
    expect(api.users.refreshToken).not.toHaveBeenCalled();
    expect(requestSession.commitToResponse).not.toHaveBeenCalled();
  });

  it("gives fresh tokens as they are, without a refresh or a new cookie", async () => {
    const auth: AuthTokens = {
      type: "email-password",
      account: tokenSet("acc", 3600),
      users: tokenSet("usr", leadSeconds + 1),
    };
    const { requestSession } = fakeRequestSession(auth);
    const { api, publicApi } = fakePublicApi(never, never);
    await expect(authState(requestSession, publicApi).tokens()).resolves.toEqual(auth);
    expect(api.account.refreshToken).not.toHaveBeenCalled();
    expect(api.users.refreshToken).not.toHaveBeenCalled();
    expect(requestSession.commitToResponse).not.toHaveBeenCalled();
  });

  it("refreshes a token expiring within the lead time once, however many loaders ask at once", async () => {
    const oldAccount = tokenSet("acc", 10);
    const users = tokenSet("usr", 3600);
    const newAccount = tokenSet("acc-new", 300);
    const { session, requestSession } = fakeRequestSession({ type: "email-password", account: oldAccount, users });
    const gate = deferred<TokenSet>();
    const { api, publicApi } = fakePublicApi(() => gate.promise, never);
    const state = authState(requestSession, publicApi);

    const pending = Array.from({ length: 5 }, () => state.tokens());
    gate.resolve(newAccount);
    const results = await Promise.all(pending);

    expect(api.account.refreshToken).toHaveBeenCalledTimes(1);
    expect(api.account.refreshToken).toHaveBeenCalledWith(oldAccount.refreshToken);
    expect(api.users.refreshToken).not.toHaveBeenCalled();
    const expected: AuthTokens = { type: "email-password", account: newAccount, users };
    for (const result of results) expect(result).toEqual(expected);
    // Written to the session and committed on the response exactly once.
    expect(session.get("auth")).toEqual(expected);
    expect(session.get("tenancyId")).toBe("7019");
    expect(requestSession.commitToResponse).toHaveBeenCalledTimes(1);
    expect(requestSession.destroyOnResponse).not.toHaveBeenCalled();
  });

  it("refreshes both services once each when both tokens are stale (one already expired)", async () => {
    const oldAccount = tokenSet("acc", -60);
    const oldUsers = tokenSet("usr", leadSeconds);
    const newAccount = tokenSet("acc-new", 300);
    const newUsers = tokenSet("usr-new", 300);
    const { session, requestSession } = fakeRequestSession({
      type: "email-password",
      account: oldAccount,
      users: oldUsers,
    });
    const { api, publicApi } = fakePublicApi(
      async () => newAccount,
      async () => newUsers,
    );
    const state = authState(requestSession, publicApi);

    await Promise.all([state.tokens(), state.tokens(), state.tokens(), state.tokens(), state.tokens()]);
    await state.tokens();

    expect(api.account.refreshToken).toHaveBeenCalledTimes(1);
    expect(api.account.refreshToken).toHaveBeenCalledWith(oldAccount.refreshToken);
    expect(api.users.refreshToken).toHaveBeenCalledTimes(1);
    expect(api.users.refreshToken).toHaveBeenCalledWith(oldUsers.refreshToken);
    expect(session.get("auth")).toEqual({ type: "email-password", account: newAccount, users: newUsers });
    expect(requestSession.commitToResponse).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh between two requests (two tabs) holding the same refresh token", async () => {
    const shared = uniqueRefreshToken("two-tabs");
    const users = tokenSet("usr", 3600);
    const tab = () => fakeRequestSession({ type: "email-password", account: tokenSet("acc", 5, shared), users });
    const first = tab();
    const second = tab();
    const newAccount = tokenSet("acc-new", 300);
    const gate = deferred<TokenSet>();
    const refresh = vi.fn(() => gate.promise);
    const one = fakePublicApi(refresh, never);
    const two = fakePublicApi(refresh, never);

    const pending = Promise.all([
      authState(first.requestSession, one.publicApi).tokens(),
      authState(second.requestSession, two.publicApi).tokens(),
    ]);
    gate.resolve(newAccount);
    const [a, b] = await pending;

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(a?.account).toEqual(newAccount);
    expect(b?.account).toEqual(newAccount);
    // Each request writes its own cookie.
    expect(first.session.get("auth")).toEqual({ type: "email-password", account: newAccount, users });
    expect(second.session.get("auth")).toEqual({ type: "email-password", account: newAccount, users });
    expect(first.requestSession.commitToResponse).toHaveBeenCalledTimes(1);
    expect(second.requestSession.commitToResponse).toHaveBeenCalledTimes(1);

    // A third request that arrives just after the refresh gets the same result without a call.
    const third = tab();
    const late = await authState(third.requestSession, fakePublicApi(refresh, never).publicApi).tokens();
    expect(late?.account).toEqual(newAccount);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("signs out when the service refuses the refresh: session destroyed and a redirect to /login", async () => {
    const { requestSession } = fakeRequestSession({
      type: "email-password",
      account: tokenSet("acc", 1),
      users: tokenSet("usr", 3600),
    });
    const { publicApi } = fakePublicApi(async () => {
      throw new ApiError("account", "INVALID_REFRESH_TOKEN", "Invalid refresh token");
    }, never);

    const thrown = await thrownBy(authState(requestSession, publicApi).tokens());
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get("location")).toBe("/login");
    expect(requestSession.destroyOnResponse).toHaveBeenCalledTimes(1);
    expect(requestSession.commitToResponse).not.toHaveBeenCalled();
  });

  it("keeps the session when the service is down, and rethrows its failure", async () => {
    const auth: AuthTokens = { type: "email-password", account: tokenSet("acc", 3600), users: tokenSet("usr", 2) };
    const { session, requestSession } = fakeRequestSession(auth);
    const failure = serviceFailure("account", "service_unavailable");
    const { publicApi } = fakePublicApi(never, async () => {
      throw failure;
    });

    const thrown = await thrownBy(authState(requestSession, publicApi).tokens());
    expect(thrown).toBe(failure);
    expect(requestSession.destroyOnResponse).not.toHaveBeenCalled();
    expect(requestSession.commitToResponse).not.toHaveBeenCalled();
    expect(session.get("auth")).toEqual(auth);
  });

  it("keeps the tokens one service refreshed when the other service is down", async () => {
    const auth: AuthTokens = {
      type: "email-password",
      account: tokenSet("acc", 2, uniqueRefreshToken("partial-acc")),
      users: tokenSet("usr", 2, uniqueRefreshToken("partial-usr")),
    };
    const { session, requestSession } = fakeRequestSession(auth);
    const newAccount = tokenSet("acc-new", 300);
    const failure = serviceFailure("users", "service_unavailable");
    const { publicApi } = fakePublicApi(
      async () => newAccount,
      async () => {
        throw failure;
      },
    );

    await expect(authState(requestSession, publicApi).tokens()).rejects.toBe(failure);
    expect(session.get("auth")).toEqual({ ...auth, account: newAccount });
    expect(requestSession.commitToResponse).toHaveBeenCalledTimes(1);
    expect(requestSession.destroyOnResponse).not.toHaveBeenCalled();
  });

  it("tries a failed refresh again on the next request (a failure is not kept)", async () => {
    const refreshToken = uniqueRefreshToken("retry");
    const newUsers = tokenSet("usr-new", 300);
    const refresh = vi
      .fn<Refresh>()
      .mockRejectedValueOnce(serviceFailure("users", "service_unavailable"))
      .mockResolvedValueOnce(newUsers);
    const request = () =>
      fakeRequestSession({
        type: "email-password",
        account: tokenSet("acc", 3600),
        users: tokenSet("usr", 0, refreshToken),
      });

    const first = request();
    await expect(
      authState(first.requestSession, fakePublicApi(never, refresh).publicApi).tokens(),
    ).rejects.toBeDefined();
    const second = request();
    const tokens = await authState(second.requestSession, fakePublicApi(never, refresh).publicApi).tokens();
    expect(tokens?.users).toEqual(newUsers);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});

describe("refreshOncePerProcess", () => {
  it("runs one refresh per key while it is in flight, and separate ones for other keys", async () => {
    const key = uniqueRefreshToken("key");
    const gate = deferred<TokenSet>();
    const refresh = vi.fn(() => gate.promise);
    const a = refreshOncePerProcess(key, refresh);
    const b = refreshOncePerProcess(key, refresh);
    const other = vi.fn(async () => tokenSet("other", 300));
    await refreshOncePerProcess(uniqueRefreshToken("key"), other);
    const result = tokenSet("res", 300);
    gate.resolve(result);
    await expect(a).resolves.toEqual(result);
    await expect(b).resolves.toEqual(result);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
