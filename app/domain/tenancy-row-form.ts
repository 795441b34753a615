/**
 * The row forms of the Tenancy info page's users list: which row and what to do. Buttons only, no
 * typed field, so the browser checks nothing and this zod schema serves the action alone.
 */

import { z } from "zod";

export const rowFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["resend", "withdraw"]), invitationId: z.coerce.number().int().positive() }),
  z.object({ intent: z.enum(["make-admin", "remove-admin"]), userId: z.coerce.number().int().positive() }),
]);
