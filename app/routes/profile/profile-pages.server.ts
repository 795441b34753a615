import type { AppLoadContext } from "@remix-run/node";
import { usesPassword } from "~/domain/profile-forms";
import { requireTenancy } from "~/session/guards.server";

/**
 * The guard of the profile's pages and what each of their pages shows about the account:
 * which tenancy they belong to, the e-mail, whether it signs in with a password, and whether this
 * is a support session (which may not change the e-mail or password, nor delete the account).
 */
export async function requireProfile(request: Request, params: { tenancyId?: string }, context: AppLoadContext) {
  const signedIn = await requireTenancy(request, params, context);
  const { tenancy, user } = signedIn;
  return {
    ...signedIn,
    account: {
      tenancyId: tenancy.id,
      email: user.email,
      usesPassword: usesPassword(user.userType),
      impersonated: user.impersonated,
    },
  };
}
