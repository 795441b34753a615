import type { AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { CredentialAttempt } from "~/services/account/graphql.generated";
import { isServiceFailure } from "~/services/graphql.server";
import type { PendingSignIn } from "~/services/tokens";
import { sessionStorage } from "./session.server";

/** Thrown by a strategy when a back-end could not be reached (remix-auth keeps only Errors). */
export class ServiceDownError extends Error {
  constructor() {
    super("service unavailable");
    this.name = "ServiceDownError";
  }
}

/** What the sign-in action passes to the strategy besides the load context. */
export interface EmailPasswordContext extends AppLoadContext {
  formData: FormData;
  /** What the account service counts this check of the password on (ADR 0061). */
  attempt: CredentialAttempt;
}

/**
 * remix-auth with the e-mail and password strategy (spec section 4, "Login by e-mail"): the account
 * service checks the password under its limits (ADR 0061: no separate call asks first). Only once
 * it has accepted the password does the users service's sign-in start; it is not awaited here, so
 * the caller (completeSignIn) waits for it together with the resident's account: a sign-in waits
 * for two calls in series, not four (issue 44). If the second sign-in fails, completeSignIn gives
 * the first one's tokens back, so a failed login leaves nothing behind.
 */
export const authenticator = new Authenticator<PendingSignIn>(sessionStorage, { sessionKey: "auth" });

authenticator.use(
  new FormStrategy<PendingSignIn>(async ({ form, context }) => {
    const { publicApi, attempt } = context as EmailPasswordContext;
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    try {
      const account = await publicApi.account.tokenAuth(email, password, attempt);
      const users = publicApi.users.loginWithEmailAndPassword(email, password);
      // Awaited by completeSignIn; until then a failure must not count as unhandled.
      users.catch(() => undefined);
      return { type: "email-password", account, users };
    } catch (error) {
      if (isServiceFailure(error)) throw new ServiceDownError();
      throw error;
    }
  }),
  "email-password",
);
