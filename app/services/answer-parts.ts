import { z } from "zod";

/** Parts of the answers' checks that mean the same in more than one service's answers. */

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What a mutation answers that says no more than that it was done. */
export const okAnswer = z.object({ ok: z.boolean() });

/** What revoking a refresh token answers (both services that sign in). */
export const revokedAnswer = z.object({ revoked: z.boolean() });

/** A property's settings: which features it has switched on. */
export const propertySettings = z.array(z.object({ kind: z.string() }));
