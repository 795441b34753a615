/**
 * The monthly report job (issue 15): one report per tenancy and closed month, exactly once (the
 * unique (tenancy_id, month) index), catching up on missed months (at most `catchUpMonths` back).
 * A resident who moves in during a month starts with the next month; a month the tenancy does not
 * cover whole gets none. Each report gets an unguessable code (144 random bits, base64url).
 *
 * Not yet: the "consumption report" notification and its e-mail, which wait for the report's page
 * (`/report/{code}`) so that no link leads nowhere.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { todayInCopenhagen } from "../../app/domain/period";
import type { Database } from "../db/types";
import { daysOfMonth, previousMonthOf } from "./month-figures";

export const catchUpMonths = 12;
/** How long a report's link works. */
export const reportLifetimeDays = 400;

/** A new report code: 18 random bytes (144 bits), URL-safe. */
export function newReportCode(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * The months a tenancy gets reports for as of `today` (YYYY-MM-DD), oldest first: closed months
 * wholly inside [start, end], at most `catchUpMonths` back.
 */
export function reportMonths(tenancy: { start: string; end: string | null }, today: string): string[] {
  const months: string[] = [];
  let month = previousMonthOf(today.slice(0, 7));
  for (let index = 0; index < catchUpMonths; index++) {
    const { first, last } = daysOfMonth(month);
    const inside = first >= tenancy.start && (tenancy.end === null || last <= tenancy.end);
    if (inside) months.unshift(month);
    else if (last < tenancy.start) break;
    month = previousMonthOf(month);
  }
  return months;
}

export interface ReportRun {
  created: { tenancyId: number; month: string; code: string }[];
}

/** Makes every due report not made yet. Safe to run any number of times, from any instance. */
export async function generateMonthlyReports(db: Kysely<Database>, now: Date): Promise<ReportRun> {
  const today = todayInCopenhagen(now);
  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + reportLifetimeDays * 86_400_000).toISOString();
  const tenancies = await db.selectFrom("tenancies").select(["id", "start_date", "end_date"]).orderBy("id").execute();
  const existing = await db.selectFrom("consumption_reports").select(["tenancy_id", "month"]).execute();
  const made = new Set(existing.map((row) => `${row.tenancy_id}/${row.month}`));
  const run: ReportRun = { created: [] };
  for (const tenancy of tenancies) {
    for (const month of reportMonths({ start: tenancy.start_date, end: tenancy.end_date }, today)) {
      if (made.has(`${tenancy.id}/${month}`)) continue;
      const code = newReportCode();
      const inserted = await db
        .insertInto("consumption_reports")
        .values({ tenancy_id: tenancy.id, month, code, created_at: createdAt, expires_at: expiresAt, revoked_at: null })
        .onConflict((oc) => oc.columns(["tenancy_id", "month"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) run.created.push({ tenancyId: tenancy.id, month, code });
    }
  }
  return run;
}
