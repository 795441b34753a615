/**
 * The weekly update job (issue 47 item 4, ADR 0076): from Monday 06:00 Copenhagen time on, each
 * active resident with the weekly update on and a tenancy that overlaps the week just ended gets
 * one e-mail for that week (weekly-update-due.ts: only the latest week is due, so a back-end that
 * starts on Thursday still sends last week's, once, and never a backlog).
 *
 * Exactly once per resident and week across instances: the unique (user_id, week) row of
 * weekly_update_sends is claimed before the e-mail is made (status `sending`, or a `failed` row
 * taken back by a conditional update), so of two runs only one sends. The e-mail is sent with
 * `awaitDelivery`: a failed SMTP delivery marks the row `failed` with the error and the attempt,
 * and a later run tries again (at most `maxAttempts` times); a delivered one marks it `sent`.
 * A `sending` row left by a run that died between the claim and the answer is tried again after
 * `staleClaimMs` (at worst a second e-mail after a crash, never none).
 */
import type { BrandId } from "@common/brands";
import { addDays, todayInCopenhagen } from "@common/calendar";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types";
import type { Mailer } from "../mail/mailer";
import { type WatchFinding, weeklyUpdateMail } from "../mail/weekly-update";
import { type TenancyWeekFigures, weekFiguresOfTenancy } from "../reports/week-figures";
import { signPurposeToken } from "../services/purpose-tokens";
import { daysOfWeek, dueWeek } from "./weekly-update-due";

export interface WeeklyUpdateOptions {
  mailer: Mailer;
  portalUrl: string;
  brand: BrandId;
  /** The server secret the unsubscribe tokens are signed with (TokenSettings.key). */
  key: Uint8Array;
  /**
   * True once the back-end is stopping: the run ends before the next resident (whose e-mail is
   * not claimed yet, so the next run sends it).
   */
  stopped?: () => boolean;
}

/** How often a failing e-mail is tried (hourly runs: a day). */
export const maxAttempts = 24;
/** After how long a claim that never got an answer is tried again. */
export const staleClaimMs = 3_600_000;
/** How far back a watch's finding is shown. */
const findingsWithinMs = 7 * 86_400_000;

export interface WeeklyUpdateRun {
  week: string;
  sent: number;
  failed: number;
}

/** Sends every weekly update due at `now` and not sent yet. Safe to run any number of times, from any instance. */
export async function sendWeeklyUpdates(
  db: Kysely<Database>,
  now: Date,
  options: WeeklyUpdateOptions,
): Promise<WeeklyUpdateRun> {
  const week = dueWeek(now);
  const days = daysOfWeek(week);
  const lastDay = addDays(days.endDay, -1);
  const today = todayInCopenhagen(now);
  const run: WeeklyUpdateRun = { week, sent: 0, failed: 0 };
  const candidates = await db
    .selectFrom("users")
    .innerJoin("tenancy_members", "tenancy_members.user_id", "users.id")
    .innerJoin("tenancies", "tenancies.id", "tenancy_members.tenancy_id")
    .selectAll("tenancies")
    .select(["users.id as user_id", "users.email", "users.language"])
    .where("users.weekly_update", "=", 1)
    .where("users.is_active", "=", 1)
    .where("tenancy_members.invitation_pending", "=", 0)
    .where("tenancies.start_date", "<=", lastDay)
    .where((eb) => eb.or([eb("tenancies.end_date", "is", null), eb("tenancies.end_date", ">=", week)]))
    .orderBy("users.id")
    .orderBy("tenancies.start_date")
    .orderBy("tenancies.id")
    .execute();
  if (candidates.length === 0) return run;
  const done = new Set(
    (
      await db
        .selectFrom("weekly_update_sends")
        .select("user_id")
        .where("week", "=", week)
        .where((eb) =>
          eb.or([
            eb("status", "=", "sent"),
            eb("attempts", ">=", maxAttempts),
            eb.and([
              eb("status", "=", "sending"),
              eb("claimed_at", ">", new Date(now.getTime() - staleClaimMs).toISOString()),
            ]),
          ]),
        )
        .execute()
    ).map((row) => row.user_id),
  );
  const byUser = new Map<number, typeof candidates>();
  for (const row of candidates) {
    if (done.has(row.user_id)) continue;
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  }
  for (const [userId, rows] of byUser) {
    if (options.stopped?.() === true) break;
    if (!(await claim(db, userId, week, now))) continue;
    try {
      const tenancies: TenancyWeekFigures[] = [];
      for (const { user_id: _, email: __, language: ___, ...tenancy } of rows)
        tenancies.push(await weekFiguresOfTenancy(db, tenancy, days, today, now));
      const findings = await findingsOf(
        db,
        userId,
        rows.map((row) => row.id),
        now,
      );
      const first = rows[0]!;
      const message = weeklyUpdateMail({
        to: first.email,
        language: first.language,
        brand: options.brand,
        portalUrl: options.portalUrl,
        week,
        tenancies,
        findings,
        unsubscribeToken: signPurposeToken(options.key, "weekly-update-unsubscribe", userId),
      });
      const { id } = await options.mailer.send(message, { awaitDelivery: true });
      await db
        .updateTable("weekly_update_sends")
        .set({ status: "sent", sent_at: now.toISOString(), outbox_id: id, last_error: null })
        .where("user_id", "=", userId)
        .where("week", "=", week)
        .execute();
      run.sent++;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await db
        .updateTable("weekly_update_sends")
        .set({ status: "failed", last_error: text.slice(0, 500) })
        .where("user_id", "=", userId)
        .where("week", "=", week)
        .execute();
      run.failed++;
    }
  }
  return run;
}

/**
 * Takes the user's row of the week for this run: a new row, or a failed one (or a stale claim)
 * whose status this update changes; false when another run has it or it is done.
 */
async function claim(db: Kysely<Database>, userId: number, week: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto("weekly_update_sends")
    .values({ user_id: userId, week, status: "sending", attempts: 1, claimed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "week"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted !== undefined) return true;
  const taken = await db
    .updateTable("weekly_update_sends")
    .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1), claimed_at: now.toISOString() }))
    .where("user_id", "=", userId)
    .where("week", "=", week)
    .where("attempts", "<", maxAttempts)
    .where((eb) =>
      eb.or([
        eb("status", "=", "failed"),
        eb.and([
          eb("status", "=", "sending"),
          eb("claimed_at", "<=", new Date(now.getTime() - staleClaimMs).toISOString()),
        ]),
      ]),
    )
    .returning("id")
    .executeTakeFirst();
  return taken !== undefined;
}

/** The watches' findings of the last 7 days on these tenancies (notifications by kind). */
async function findingsOf(
  db: Kysely<Database>,
  userId: number,
  tenancyIds: readonly number[],
  now: Date,
): Promise<WatchFinding[]> {
  const rows = await db
    .selectFrom("notifications")
    .select(["id", "tenancy_id", "kind", "quantity", "period_start", "period_end"])
    .where("user_id", "=", userId)
    .where("tenancy_id", "in", tenancyIds)
    .where(sql<boolean>`kind in ('leak_watch', 'heating_left_on')`)
    .where("created_at", ">=", new Date(now.getTime() - findingsWithinMs).toISOString())
    .orderBy("period_start")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tenancyId: row.tenancy_id,
    kind: row.kind as WatchFinding["kind"],
    quantity: row.quantity,
    periodStart: row.period_start,
    periodEnd: row.period_end,
  }));
}
