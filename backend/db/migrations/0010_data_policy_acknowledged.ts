/**
 * 0010: when a user confirmed having read the data policy (spec section 3, the
 * "data-policy-acknowledged timestamp").
 *
 * - users.data_policy_acknowledged_at: the ISO instant of the sign-up (e-mail or social) at which
 *   the box was ticked. Null for accounts made before it was recorded, invited users who have not
 *   signed up, and the landlords' own accounts.
 *
 * A nullable column without a default: adding it rewrites no rows on either database.
 */

import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("data_policy_acknowledged_at", "text").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("data_policy_acknowledged_at").execute();
}
