import { type PortalSession, secureCookies, sessionMaxAgeSeconds, sessionStorage } from "./session.server";

/**
 * The session of one request, parsed once and shared by every loader and action of that request,
 * so a token refresh made by one loader is seen by the others and committed once.
 */
export interface RequestSession {
  get(): Promise<PortalSession>;
  /** The Set-Cookie value for the session as it is now. */
  commit(): Promise<string>;
  /** The Set-Cookie value that removes the session. */
  destroy(): Promise<string>;
  /** Adds the session's Set-Cookie to this request's response, whatever the route returns. */
  commitToResponse(): Promise<void>;
  /** Adds a Set-Cookie that removes the session to this request's response. */
  destroyOnResponse(): Promise<void>;
}

export function createRequestSession(options: {
  cookieHeader: string | null;
  https: boolean;
  appendSetCookie: (value: string) => void;
}): RequestSession {
  let parsed: Promise<PortalSession> | undefined;
  const secure = secureCookies(options.https);
  const get = () => (parsed ??= sessionStorage.getSession(options.cookieHeader));
  const commit = async () => {
    const session = await get();
    // Without "remember me" (and for support sign-ins) the cookie ends with the browser session.
    const persistent = session.get("persistent") === true && !session.has("impersonationEndsAt");
    return sessionStorage.commitSession(session, { secure, maxAge: persistent ? sessionMaxAgeSeconds : undefined });
  };
  const destroy = async () => sessionStorage.destroySession(await get(), { secure });
  return {
    get,
    commit,
    destroy,
    async commitToResponse() {
      options.appendSetCookie(await commit());
    },
    async destroyOnResponse() {
      options.appendSetCookie(await destroy());
    },
  };
}
