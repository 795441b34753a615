import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { usesPassword } from "~/domain/profile-forms";
import { refuseRateLimited } from "~/security/limits.server";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { requireProfileArea } from "~/session/guards.server";

/**
 * The guard of the profile's pages and what each of their pages shows about the account:
 * which tenancy they belong to (null: none, the pages under /account; ADR 0057), the e-mail,
 * whether it signs in with a password, and whether this is a support session (which may not
 * change the e-mail or password, nor delete the account). `tenancyId` is what the portal-paths
 * helpers take to link within the same area.
 */
export async function requireProfile(request: Request, params: { tenancyId?: string }, context: AppLoadContext) {
  const signedIn = await requireProfileArea(request, params, context);
  const { tenancy, user } = signedIn;
  const tenancyId = tenancy?.id ?? null;
  return {
    ...signedIn,
    tenancyId,
    account: {
      tenancyId,
      email: user.email,
      usesPassword: usesPassword(user.userType),
      impersonated: user.impersonated,
    },
  };
}

/** The loader of the pages that change the account (e-mail, password, deleting): what they show of it. */
export async function accountChangeLoader({ request, params, context }: LoaderFunctionArgs) {
  return (await requireProfile(request, params, context)).account;
}

/** Conform's errors for a refused change, with the answer's status. */
export interface Refusal {
  status: number;
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
}

/** A support session may not change the e-mail or password, nor delete the account. */
export const supportSessionRefusal: Refusal = { status: 403, errors: { formErrors: ["profile.impersonated"] } };

/**
 * What the account service's failure to make a change means to a profile form: the refusals every
 * such form answers alike (the service cannot be used; FORBIDDEN, a support session), or the
 * ApiError for the form to map to its own fields. Anything else is thrown again.
 */
export function accountChangeFailure(error: unknown): Refusal | ApiError {
  // A password check over its limits: the 429 page, as on sign-in (ADR 0061).
  refuseRateLimited(error);
  if (isServiceFailure(error)) return { status: 503, errors: { formErrors: ["errors.service_unavailable"] } };
  if (!(error instanceof ApiError)) throw error;
  if (error.code === "FORBIDDEN") return supportSessionRefusal;
  return error;
}
