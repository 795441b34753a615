import { noTenanciesPath, tenancyPath, welcomeWithRedirectPath } from "@common/portal-paths";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/redirects";
import { chooseTenancy, tenancyIdFromPath } from "~/domain/tenancy-selection";
import { privateNoStore } from "~/http/cache-control";
import { accountAnswers, accountOwnerOf, tenantAnswers } from "~/services/api.server";
import { ApiError, type SharedAnswers } from "~/services/graphql.server";
import type { AuthTokens, PendingSignIn, TokenSet } from "~/services/tokens";
import { usedCodeToastCookie } from "./activation-code.server";

/**
 * Gives both services' refresh tokens back (logout, a sign-in that failed half-way): the services
 * then refuse the session's access tokens too (ADR 0020). Failures are ignored: the caller drops
 * the tokens whatever the services answer. The answers this instance keeps for the session are
 * forgotten after the services have answered, so a copy of the cookie cannot be served from them.
 */
export async function revokeTokens(
  context: AppLoadContext,
  tokens: { account: TokenSet; users: TokenSet | null },
  sharedAnswers: SharedAnswers = accountAnswers,
): Promise<void> {
  await Promise.allSettled([
    context.publicApi.account.revokeToken(tokens.account.refreshToken),
    tokens.users && context.publicApi.users.revokeToken(tokens.users.refreshToken),
  ]);
  sharedAnswers.forget(tokens.account.token);
  if (tokens.users) tenantAnswers.forget(tokens.users.token);
}

/**
 * After a password reset the services have ended every session of the account (ADR 0020): forget
 * the answers this instance keeps for any of them.
 */
export function forgetSessionsOfAccount(email: string, sharedAnswers: SharedAnswers = accountAnswers): void {
  const owner = accountOwnerOf({ currentUser: { email } });
  if (owner !== null) sharedAnswers.forgetOwner(owner);
}

/**
 * The end of every sign-in (e-mail, sign-up, social, support), spec section 4 "Login by e-mail":
 * apply a pending activation code (add the tenancy, then forget the code), load the user and
 * tenancies, choose the tenancy (the path the resident came for, else ?tenancyId, else a tenancy
 * just added, else the first) and start a fresh session. Nothing is written to the cookie until
 * everything has answered; if loading fails, the new tokens are revoked and the error rethrown.
 *
 * The users service's sign-in may still be on its way (`PendingSignIn`, e-mail sign-in): it is
 * awaited beside the account service's calls, which need only that service's token, so a sign-in
 * waits for two calls in series when every call is slow (issue 44).
 */
export async function completeSignIn(
  context: AppLoadContext,
  signIn: PendingSignIn,
  options: {
    redirectTo?: string | null;
    queryTenancyId?: string | null;
    persistent: boolean;
    /** Support sign-in: when the session ends (epoch seconds). */
    impersonationEndsAt?: number;
    /** Further Set-Cookie values for the answer (e.g. the known-device cookie). */
    cookies?: string[];
    /** Where a new account goes first (/account-created) instead of its tenancy. */
    landing?: string;
  },
): Promise<Response> {
  const api = context.apiWithTokens(signIn);
  const session = await context.session.get();
  const pendingCode = session.get("activationCode");

  let addedTenancyId: string | undefined;
  let codeInUse = false;
  const accountAnswer = (async () => {
    if (pendingCode && options.impersonationEndsAt === undefined) {
      try {
        addedTenancyId = await api.account.addTenancy(pendingCode);
      } catch (error) {
        // A code that turned out to be used or invalid is forgotten; a used one says so (spec section 8).
        if (!(error instanceof ApiError)) throw error;
        if (error.code === "ACTIVATION_CODE_IN_USE") codeInUse = true;
      }
    }
    return api.account.currentUser();
  })();
  const [users, answer] = await Promise.allSettled([Promise.resolve(signIn.users), accountAnswer]);
  if (users.status === "rejected" || answer.status === "rejected") {
    await revokeTokens(context, { account: signIn.account, users: users.status === "fulfilled" ? users.value : null });
    throw users.status === "rejected" ? users.reason : (answer as PromiseRejectedResult).reason;
  }
  const tokens: AuthTokens = { type: signIn.type, account: signIn.account, users: users.value };
  const { currentUser: user, tenancies } = answer.value;

  // A fresh session: nothing of a previous sign-in survives except the language cookie.
  for (const key of ["tenancyId", "impersonationEndsAt", "activationCode", "passwordReset"] as const)
    session.unset(key);
  session.set("auth", tokens);
  session.set("persistent", options.persistent && options.impersonationEndsAt === undefined);
  if (options.impersonationEndsAt !== undefined) session.set("impersonationEndsAt", options.impersonationEndsAt);

  let target = noTenanciesPath;
  if (tenancies.length > 0) {
    const wanted = safeRedirectPath(options.redirectTo);
    const tenancy = chooseTenancy(tenancies, {
      path: wanted,
      queryTenancyId: options.queryTenancyId,
      selectedId: addedTenancyId,
    });
    session.set("tenancyId", tenancy.id);
    target = wanted && tenancyIdFromPath(wanted) === tenancy.id ? wanted : tenancyPath(tenancy.id);
  }
  if (options.landing) target = `${options.landing}?${new URLSearchParams({ redirectTo: target })}`;
  else if (!user.onboarded) target = welcomeWithRedirectPath(target);

  // The answer carries the new session (and may come from a support link): no cache keeps it.
  const headers = new Headers({ "Cache-Control": privateNoStore });
  headers.append("Set-Cookie", await context.session.commit());
  for (const cookie of options.cookies ?? []) headers.append("Set-Cookie", cookie);
  if (codeInUse) headers.append("Set-Cookie", await usedCodeToastCookie());
  return redirect(target, { headers });
}
