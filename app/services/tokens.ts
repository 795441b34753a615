/** An access token with its refresh token, as the portal keeps them in the session cookie. */
export interface TokenSet {
  token: string;
  refreshToken: string;
  /** Access-token expiry, seconds since the epoch. */
  expiresAt: number;
}

/** How the resident signed in (spec section 3: e-mail and password, or a social provider). */
export type AuthType = "email-password" | "google" | "facebook" | "apple";

/** Both services' tokens: what a signed-in session holds. */
export interface AuthTokens {
  type: AuthType;
  account: TokenSet;
  users: TokenSet;
}

/** True when the access token expires within `leadSeconds` of `nowSeconds`. */
export function needsRefresh(tokens: TokenSet, nowSeconds: number, leadSeconds: number): boolean {
  return tokens.expiresAt - nowSeconds <= leadSeconds;
}

/**
 * A sign-in on its way: the account service has accepted it, the users service's answer may still
 * be coming (it is started without waiting, beside the next call; completeSignIn awaits it).
 */
export interface PendingSignIn {
  type: AuthType;
  account: TokenSet;
  users: TokenSet | Promise<TokenSet>;
}
