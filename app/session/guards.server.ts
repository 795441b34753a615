import {
  loginPath,
  loginWithRedirectPath,
  noTenanciesPath,
  profilePageInTenancy,
  signupPath,
  tenanciesPath,
  tenancyPath,
} from "@common/portal-paths";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/redirects";
import { chooseTenancy } from "~/domain/tenancy-selection";
import type { AccountUser, Tenancy } from "~/services/account/schemas";

/**
 * Guards of the tenancy area (spec section 2, "Guard on tenancy pages"). Every tenancy loader and
 * action starts with `requireTenancy(request, params, context)`.
 */

export interface SignedInUser {
  user: AccountUser;
  tenancies: Tenancy[];
}

/** The signed-in user with their tenancies, or null. Never redirects for a missing session. */
export async function optionalUser(context: AppLoadContext): Promise<SignedInUser | null> {
  const tokens = await context.auth.tokens();
  if (!tokens) return null;
  const { currentUser, tenancies } = await context.api.account.currentUser();
  return { user: currentUser, tenancies };
}

/** Rule 1: no user → /login, remembering the path the resident came for. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SignedInUser> {
  const signedIn = await optionalUser(context);
  if (signedIn) return signedIn;
  // Rule 1: with an activation code pending, a new resident signs up first.
  if ((await context.session.get()).get("activationCode")) throw redirect(signupPath);
  const url = new URL(request.url);
  const wanted = safeRedirectPath(url.pathname + url.search);
  // "/" and "/t" only lead to the selected tenancy, which sign-in chooses anyway.
  throw redirect(wanted && wanted !== "/" && wanted !== tenanciesPath ? loginWithRedirectPath(wanted) : loginPath);
}

/**
 * Rules 1, 2 and 4: signed in, holding at least one tenancy, and the tenancy in the URL is one of
 * theirs. A held tenancy in the URL becomes the selected one; any other id goes to the selected
 * tenancy's dashboard, so another resident's tenancy id reveals nothing.
 */
export async function requireTenancy(
  request: Request,
  params: { tenancyId?: string },
  context: AppLoadContext,
): Promise<SignedInUser & { tenancy: Tenancy }> {
  const signedIn = await requireUser(request, context);
  if (signedIn.tenancies.length === 0) throw redirect(noTenanciesPath);
  const session = await context.session.get();
  const tenancy = signedIn.tenancies.find((t) => t.id === params.tenancyId);
  if (!tenancy) {
    const selected = chooseTenancy(signedIn.tenancies, { selectedId: session.get("tenancyId") });
    throw redirect(tenancyPath(selected.id));
  }
  if (session.get("tenancyId") !== tenancy.id) {
    session.set("tenancyId", tenancy.id);
    await context.session.commitToResponse();
  }
  return { ...signedIn, tenancy };
}

/**
 * The profile's pages, which serve both areas (ADR 0057): with a tenancy in the URL, the tenancy
 * guard; outside the tenancy area (/account) a signed-in resident without a tenancy, whose
 * tenancy is then null. A resident who holds one is sent to the same page of the selected
 * tenancy's profile, so each resident has one profile, with the menu of their home.
 */
export async function requireProfileArea(
  request: Request,
  params: { tenancyId?: string },
  context: AppLoadContext,
): Promise<SignedInUser & { tenancy: Tenancy | null }> {
  if (params.tenancyId !== undefined) return requireTenancy(request, params, context);
  const signedIn = await requireUser(request, context);
  if (signedIn.tenancies.length === 0) return { ...signedIn, tenancy: null };
  const session = await context.session.get();
  const selected = chooseTenancy(signedIn.tenancies, { selectedId: session.get("tenancyId") });
  throw redirect(profilePageInTenancy(new URL(request.url).pathname, selected.id));
}
