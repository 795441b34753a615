/**
 * The monthly report job: one report per tenancy and closed month, exactly once (the
 * unique (tenancy_id, month) index), catching up on missed months (at most `catchUpMonths` back).
 * A resident who moves in during a month starts with the next month; a month the tenancy does not
 * cover whole gets none. Each report gets an unguessable code (144 random bits, base64url).
 * Each new report gives each resident of the tenancy a "consumption report" notification (linking
 * to `/report/{code}`); the schedule's mail run then e-mails it to those with e-mail notifications
 * on (backend/alarms/mail.ts).
 */
import { randomBytes } from "node:crypto";
import { todayInCopenhagen } from "@common/calendar";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { daysOfMonth, previousMonthOf } from "../reports/month-figures";

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
  const lastClosedMonth = previousMonthOf(today.slice(0, 7));
  const run: ReportRun = { created: [] };
  for (const tenancy of tenancies) {
    for (const month of reportMonths({ start: tenancy.start_date, end: tenancy.end_date }, today)) {
      if (made.has(`${tenancy.id}/${month}`)) continue;
      const code = newReportCode();
      const { first, last } = daysOfMonth(month);
      const inserted = await db.transaction().execute(async (trx) => {
        const report = await trx
          .insertInto("consumption_reports")
          .values({
            tenancy_id: tenancy.id,
            month,
            code,
            created_at: createdAt,
            expires_at: expiresAt,
            revoked_at: null,
          })
          .onConflict((oc) => oc.columns(["tenancy_id", "month"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (report === undefined) return false;
        // Its "consumption report" notification for each resident of the tenancy. Only the last
        // closed month's is news: older months made by a catch-up arrive read and without e-mail,
        // so a first run does not send a year of e-mails.
        const news = month === lastClosedMonth;
        const members = await trx
          .selectFrom("tenancy_members")
          .select("user_id")
          .where("tenancy_id", "=", tenancy.id)
          .where("invitation_pending", "=", 0)
          .execute();
        if (members.length > 0) {
          await trx
            .insertInto("notifications")
            .values(
              members.map((member) => ({
                user_id: member.user_id,
                tenancy_id: tenancy.id,
                alarm_id: null,
                kind: "consumption_report" as const,
                quantity: null,
                alarm_type: null,
                frequency: "month",
                direction: null,
                threshold: null,
                value: null,
                compared_value: null,
                period_start: first,
                period_end: last,
                report_code: code,
                created_at: createdAt,
                read_at: news ? null : createdAt,
                // Not e-mailed: marked as done so the mail run never picks it up.
                emailed_at: news ? null : createdAt,
              })),
            )
            .execute();
        }
        return true;
      });
      if (inserted) run.created.push({ tenancyId: tenancy.id, month, code });
    }
  }
  return run;
}
