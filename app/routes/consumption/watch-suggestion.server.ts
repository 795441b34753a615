/**
 * The dashboard's suggestion to turn the watches on (issue 47 item 3): whether it is shown, and its
 * "Dismiss", which works without JavaScript (a plain form post, then the dashboard again).
 */

import { tenancyPath } from "@common/portal-paths";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import { dismissWatchSuggestionFormSchema } from "~/domain/watch-form";
import { suggestsWatches } from "~/domain/watches";
import { readForm } from "~/http/read-form.server";
import { tenancyEnded } from "~/routes/alarms/alarm-pages.server";
import type { Tenancy } from "~/services/account/schemas";
import { isServiceFailure } from "~/services/graphql.server";
import { redirectWithError, redirectWithSuccess, toastMessage } from "~/session/toast.server";

/**
 * Whether the dashboard shows the suggestion: while the resident has not dismissed it, has no watch
 * on, and a watch is offered for the home. A back-end that does not answer this question costs the
 * dashboard the suggestion, never the page.
 */
export async function watchSuggestion(
  context: AppLoadContext,
  tenancy: Pick<Tenancy, "tenancyId" | "end">,
): Promise<boolean> {
  try {
    return suggestsWatches(await context.api.tenant.watches(tenancy.tenancyId), tenancyEnded(tenancy));
  } catch (error) {
    if (isServiceFailure(error)) return false;
    throw error;
  }
}

/** "Dismiss": the suggestion is not shown again to the resident on this tenancy; back to the dashboard. */
export async function dismissWatchSuggestion(
  context: AppLoadContext,
  tenancy: Pick<Tenancy, "id" | "tenancyId">,
  request: Request,
) {
  const submission = parseWithZod(await readForm(request), { schema: dismissWatchSuggestionFormSchema });
  if (submission.status !== "success") throw data({ error: "bad_request" as const }, { status: 400 });
  const here = tenancyPath(tenancy.id);
  try {
    await context.api.tenant.dismissWatchSuggestion(tenancy.tenancyId);
  } catch (error) {
    if (isServiceFailure(error)) return redirectWithError(here, toastMessage("errors.service_unavailable"));
    throw error;
  }
  return redirectWithSuccess(here, toastMessage("toast.watch_suggestion_dismissed"));
}
