/**
 * The alarm settings page's server side for its Watches section (issue 47 items 1–3): the watches
 * as the page shows them, and turning one on or off from its form.
 */

import { alarmsPath } from "@common/portal-paths";
import type { WatchKind } from "@common/watches";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import { watchFormSchema } from "~/domain/watch-form";
import { unavailableReasonKey, watchesAnchor, watchOfIntent, watchTexts } from "~/domain/watches";
import { isServiceFailure } from "~/services/graphql.server";
import type { WatchSettings } from "~/services/tenant/alarm-schemas";
import { isAlarmError } from "~/services/tenant/tenant.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

export interface WatchView {
  kind: WatchKind;
  enabled: boolean;
  available: boolean;
  /** Why it is not offered (a text key), or null where it is. */
  reason: string | null;
}

/** The watches as the page lists them, leak first (the back-end's order). */
export function watchViews(settings: WatchSettings): WatchView[] {
  return settings.watches.map((watch) => ({
    kind: watch.kind,
    enabled: watch.enabled,
    available: watch.available,
    reason: watch.available ? null : unavailableReasonKey(watch.kind, watch.unavailableReason),
  }));
}

/**
 * A watch's on/off form: the watch turned on or off, then back to the section with a toast. A form
 * the page never sends answers 400; a watch not offered, an ended tenancy or a back-end that does
 * not answer come back as the form's error, in the resident's language.
 */
export async function setWatchFromForm(
  context: AppLoadContext,
  tenancy: { id: string; tenancyId: number },
  form: FormData,
) {
  const submission = parseWithZod(form, { schema: watchFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const kind = watchOfIntent(submission.value.intent);
  if (kind === null) return data(submission.reply({ formErrors: ["errors.bad_request"] }), { status: 400 });
  const enabled = submission.value.enabled === "on";
  try {
    await context.api.tenant.setWatch(tenancy.tenancyId, kind, enabled);
  } catch (error) {
    if (isServiceFailure(error))
      return data(submission.reply({ formErrors: ["errors.service_unavailable"] }), { status: 503 });
    if (isAlarmError(error, "WATCH_UNAVAILABLE"))
      return data(submission.reply({ formErrors: ["watches.error_unavailable"] }), { status: 400 });
    if (isAlarmError(error, "TENANCY_ENDED"))
      return data(submission.reply({ formErrors: ["alarms.ended"] }), { status: 400 });
    throw error;
  }
  const texts = watchTexts[kind];
  return redirectWithSuccess(
    `${alarmsPath(tenancy.id)}#${watchesAnchor}`,
    toastMessage(enabled ? texts.toastOn : texts.toastOff),
  );
}
