/**
 * The deterministic demo seed: one Copenhagen property with 32 units, their meters, tenancies
 * (some ended, with a successor), demo accounts, activation codes and an allocation statement.
 *
 * Deterministic: no Math.random and no current date. Variety comes from a seeded PRNG, so every
 * machine and every run produces identical rows (refresh tokens aside).
 *
 * Seeding is a list of named steps, each applied once in its own transaction and recorded in
 * seed_steps (like migrations). The demo seed runs only on a database that is empty or was
 * seeded by it before, so a database with real data is never touched. To extend it (readings,
 * prices, alarms ...), append a step to `demoSeedSteps` with the next number; existing demo
 * databases then get just the new step on the next start. Never change a released step.
 */

import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Kysely } from "kysely";
import { hashPassword } from "../../services/passwords";
import { statementFilePath } from "../../statements/files";
import { advanceIdentities } from "../migrations/dialect";
import type { Database } from "../types";
import { DEMO_PASSWORD, demoTenancyIds } from "./demo-accounts";
import { demoSeedSteps } from "./demo-steps";
import type { SeedContext, SeedStep } from "./seed-step";

// ---------------------------------------------------------------------------------------------
// Running the steps

/** Fixed salt, so the demo password hash (public anyway) is identical on every machine. */
const demoPasswordSalt = createHash("sha256").update("tenant-portal demo seed").digest().subarray(0, 16);

export interface SeedResult {
  /** Steps applied now, in order. */
  applied: string[];
  /** Why nothing was applied, when the database holds data the demo seed did not create. */
  skipped?: "database-not-empty";
}

async function holdsForeignData(db: Kysely<Database>): Promise<boolean> {
  const [user, property] = await Promise.all([
    db.selectFrom("users").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("properties").select("id").limit(1).executeTakeFirst(),
  ]);
  return user !== undefined || property !== undefined;
}

/**
 * Applies the demo seed steps not applied yet. On a database with data but no demo steps
 * recorded, does nothing (returns skipped).
 */
export async function seedDemoData(
  db: Kysely<Database>,
  steps: readonly SeedStep[] = demoSeedSteps,
  options: { filesDir?: string } = {},
): Promise<SeedResult> {
  const done = new Set((await db.selectFrom("seed_steps").select("name").execute()).map((row) => row.name));
  if (done.size === 0 && (await holdsForeignData(db))) return { applied: [], skipped: "database-not-empty" };

  let passwordHash: Promise<string> | undefined;
  const context: SeedContext = {
    demoPasswordHash: () => (passwordHash ??= hashPassword(DEMO_PASSWORD, { salt: demoPasswordSalt })),
    async writeFile(path, bytes) {
      if (options.filesDir === undefined) return;
      const target = statementFilePath(options.filesDir, path);
      if (target === null) throw new Error(`seed file outside the files directory: ${path}`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
  };
  const applied: string[] = [];
  for (const step of steps) {
    if (done.has(step.name)) continue;
    await db.transaction().execute(async (trx) => {
      await step.run(trx, context);
      await trx.insertInto("seed_steps").values({ name: step.name }).execute();
      await advanceIdentities(trx);
    });
    applied.push(step.name);
  }
  return { applied };
}

/** The seed step's name under which readOlderDemoNotifications records that it has run. */
export const demoReadNotificationsStep = "0010_demo_notifications_read_after_first_run";

/**
 * Once, after the back-end's first alarm evaluation on the demo data (the notifications are made
 * from the readings, which the seed steps run before): the demo residents have already read their
 * notifications of periods that ended more than a week ago, so the portal shows read and unread
 * ones. Later notifications stay unread, and so do the watches' (the warm week of July is news).
 */
export async function readOlderDemoNotifications(db: Kysely<Database>, now: Date): Promise<void> {
  if (
    !(await db
      .selectFrom("seed_steps")
      .select("name")
      .where("name", "=", "0009_demo_alarms_of_every_kind")
      .executeTakeFirst())
  )
    return;
  if (await db.selectFrom("seed_steps").select("name").where("name", "=", demoReadNotificationsStep).executeTakeFirst())
    return;
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("notifications")
      .set({ read_at: now.toISOString() })
      .where("read_at", "is", null)
      .where("period_end", "<", weekAgo)
      .where("tenancy_id", "in", [demoTenancyIds.anna, demoTenancyIds.jensFirst])
      // The watches' findings (ADR 0075) are new at the first start, whenever their nights or days were.
      .where("kind", "not in", ["leak_watch", "heating_left_on"])
      .execute();
    await trx.insertInto("seed_steps").values({ name: demoReadNotificationsStep }).execute();
  });
}
