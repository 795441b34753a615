/**
 * Test helpers: real HTTP-shaped GraphQL requests against Backend.fetch.
 */
import type { Backend } from "../app";
import { DEMO_PASSWORD } from "../db/seed/demo-accounts";
import type { ServiceName } from "../schema";
import type { ErrorCode } from "../services/errors";

export interface GraphQLErrorBody {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

export interface GraphQLResponseBody<TData> {
  data?: TData | null;
  errors?: GraphQLErrorBody[];
}

export interface GraphQLCallResult<TData> {
  status: number;
  body: GraphQLResponseBody<TData>;
  text: string;
}

export async function graphql<TData = Record<string, unknown>>(
  backend: Pick<Backend, "fetch">,
  service: ServiceName,
  query: string,
  options: { variables?: Record<string, unknown>; token?: string } = {},
): Promise<GraphQLCallResult<TData>> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await backend.fetch(
    new Request(`http://backend.test/${service}/graphql`, {
      method: "POST",
      headers,
      body: JSON.stringify({ query, variables: options.variables ?? {} }),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as GraphQLResponseBody<TData>, text };
}

/** The data of a call that must succeed; fails the test with the errors otherwise. */
export async function graphqlData<TData = Record<string, unknown>>(
  ...args: Parameters<typeof graphql<TData>>
): Promise<TData> {
  const result = await graphql<TData>(...args);
  if (result.body.errors !== undefined || result.body.data == null) {
    throw new Error(`GraphQL call failed: ${result.text}`);
  }
  return result.body.data;
}

/** The `extensions.code` of the first error, if any. */
export function firstErrorCode(result: GraphQLCallResult<unknown>): ErrorCode | string | undefined {
  return result.body.errors?.[0]?.extensions?.code;
}

/** What the account service answers on signing in or refreshing. */
const accountSessionFields = "token refreshToken refreshExpiresIn payload { email exp origIat }";

export const tokenAuthMutation = /* GraphQL */ `
  mutation TokenAuth($email: String!, $password: String!) {
    tokenAuth(email: $email, password: $password) { ${accountSessionFields} }
  }
`;

export const accountRefreshMutation = /* GraphQL */ `
  mutation Refresh($refreshToken: String!) {
    refreshToken(refreshToken: $refreshToken) { ${accountSessionFields} }
  }
`;

export const usersLoginMutation = /* GraphQL */ `
  mutation Login($credentials: LoginCredentials!) {
    loginWithEmailAndPassword(credentials: $credentials) {
      ok { token refreshToken expiresAt }
    }
  }
`;

export const usersRefreshMutation = /* GraphQL */ `
  mutation Refresh($refreshToken: String!) {
    refreshToken(refreshToken: $refreshToken) { ok { token refreshToken expiresAt } }
  }
`;

export interface TokenAuthData {
  tokenAuth: {
    token: string;
    refreshToken: string;
    refreshExpiresIn: number;
    payload: { email: string; exp: number; origIat: number };
  };
}

export interface UsersSession {
  token: string;
  refreshToken: string;
  expiresAt: number;
}

export interface UsersLoginData {
  loginWithEmailAndPassword: { ok: UsersSession };
}

/** Refreshes an account-service session: the whole answer, errors included. */
export function refreshAccount(backend: Pick<Backend, "fetch">, refreshToken: string) {
  return graphql<{ refreshToken: TokenAuthData["tokenAuth"] }>(backend, "account", accountRefreshMutation, {
    variables: { refreshToken },
  });
}

/** Refreshes a users-service session: the whole answer, errors included. */
export function refreshUsers(backend: Pick<Backend, "fetch">, refreshToken: string) {
  return graphql<{ refreshToken: { ok: UsersSession } }>(backend, "users", usersRefreshMutation, {
    variables: { refreshToken },
  });
}

/**
 * tokenAuth, refreshAccount and refreshUsers on a test file's back-end, which the file makes in a
 * beforeAll or beforeEach: `backend` is read at each call. Each gives the whole answer, errors
 * included (signInToAccount and signInToUsers insist on success).
 */
export function sessionCalls(backend: () => Pick<Backend, "fetch">) {
  return {
    tokenAuth: (email: string, password: string) =>
      graphql<TokenAuthData>(backend(), "account", tokenAuthMutation, { variables: { email, password } }),
    refreshAccount: (refreshToken: string) => refreshAccount(backend(), refreshToken),
    refreshUsers: (refreshToken: string) => refreshUsers(backend(), refreshToken),
  };
}

/** Signs in to the account service; returns tokenAuth's result. */
export async function signInToAccount(backend: Pick<Backend, "fetch">, email: string, password = DEMO_PASSWORD) {
  const data = await graphqlData<TokenAuthData>(backend, "account", tokenAuthMutation, {
    variables: { email, password },
  });
  return data.tokenAuth;
}

/** Signs in to the users service (target resource 'tenant'); returns ok {token, refreshToken, expiresAt}. */
export async function signInToUsers(backend: Pick<Backend, "fetch">, email: string, password = DEMO_PASSWORD) {
  const data = await graphqlData<UsersLoginData>(backend, "users", usersLoginMutation, {
    variables: { credentials: { email, password, targetResource: "tenant" } },
  });
  return data.loginWithEmailAndPassword.ok;
}
