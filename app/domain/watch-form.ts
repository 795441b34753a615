/**
 * The watches' forms (issue 47 items 1–3): a watch's on/off button on the alarm settings page and
 * the dashboard suggestion's "Dismiss". Buttons only, no typed field: the browser checks nothing,
 * and these schemas serve the actions alone (as tenancy-row-form.ts does; zod/mini, ADR 0065).
 */

import * as z from "zod/mini";
import { watchIntents } from "./watches";

/** A watch turned on or off: the watch by its form's intent, and what it becomes. */
export const watchFormSchema = z.object({
  intent: z.enum([watchIntents.leak, watchIntents.heating_left_on], {
    error: "errors.bad_request",
  }),
  enabled: z.enum(["on", "off"], { error: "errors.bad_request" }),
});

/** The dashboard's suggestion to turn the watches on, dismissed. */
export const dismissWatchSuggestionFormSchema = z.object({ intent: z.literal("dismiss-watch-suggestion") });
