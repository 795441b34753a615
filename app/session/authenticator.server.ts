import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { isServiceFailure } from "~/services/graphql.server";
import type { AuthTokens } from "~/services/tokens";
import { sessionStorage } from "./session.server";

/** Thrown by a strategy when a back-end could not be reached (remix-auth keeps only Errors). */
export class ServiceDownError extends Error {
  constructor() {
    super("service unavailable");
    this.name = "ServiceDownError";
  }
}

/**
 * remix-auth with the e-mail and password strategy (spec section 4, "Login by e-mail"): sign in to
 * the account service, then to the users service. If the second sign-in fails, the first one's
 * refresh token is revoked, so a failed login leaves nothing behind.
 */
export const authenticator = new Authenticator<AuthTokens>(sessionStorage, { sessionKey: "auth" });

authenticator.use(
  new FormStrategy<AuthTokens>(async ({ form, context }) => {
    const { publicApi } = context as AppLoadContext;
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    try {
      const account = await publicApi.account.tokenAuth(email, password);
      try {
        const users = await publicApi.users.loginWithEmailAndPassword(email, password);
        return { type: "email-password", account, users };
      } catch (error) {
        await publicApi.account.revokeToken(account.refreshToken).catch(() => undefined);
        throw error;
      }
    } catch (error) {
      if (isServiceFailure(error)) throw new ServiceDownError();
      throw error;
    }
  }),
  "email-password",
);
