/**
 * The e-mail of new alarm notifications: one e-mail per user and evaluation run, in the
 * user's language, listing every notification the run made for them, each with a link to the
 * notification in the portal; one e-mail per new monthly report (reports/mail.ts); and one per
 * watch notification (watches/mail.ts, ADR 0075).
 * Only users with e-mail notifications on (and active) get one.
 */

import type { NotificationKind } from "@common/alarms";
import type { BrandId } from "@common/brands";
import { formatDateRange } from "@common/bucket-labels";
import type { Language } from "@common/languages";
import { metricTypeName, notificationText } from "@common/notification-text";
import { notificationLink as portalNotificationLink } from "@common/portal-paths";
import { isQuantityId, type QuantityId } from "@common/quantities";
import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import { portalTexts } from "../mail/i18n";
import type { Mailer, MailMessage } from "../mail/mailer";
import { type MailRecipient, mailSetting, renderMail } from "../mail/templates";
import { reportMail } from "../reports/mail";
import { watchMail } from "../watches/mail";

export interface MailedNotification {
  id: number;
  tenancyId: number;
  kind: NotificationKind;
  quantity: QuantityId;
  direction: "above" | "below" | "increase" | null;
  alarmType: string;
  threshold: number;
  value: number;
  comparedValue: number | null;
  periodStart: string;
  periodEnd: string;
}

/** One notification as a line: "Cold water, 21 November 2026: 0.012 m³ used, where there should be none". */
export function notificationLine(n: MailedNotification, language: Language): string {
  // The portal's own metric-type names and sentences (notifications.what.*), so page and e-mail say the same.
  const t = portalTexts(language);
  const name = metricTypeName(n.quantity, language, (key) => t(key));
  const period = formatDateRange(n.periodStart, n.periodEnd, language);
  const text = notificationText(n, language);
  const sentence = t(text.key, text.values);
  return `${name}, ${period}: ${sentence}`;
}

/** Where a notification's link leads: the notification in the portal (which links to the consumption). */
export function notificationLink(portalUrl: string, n: Pick<MailedNotification, "tenancyId" | "id">): string {
  return portalNotificationLink(portalUrl, n.tenancyId, n.id);
}

export function notificationsMail(
  input: MailRecipient & { portalUrl: string; notifications: readonly MailedNotification[] },
): MailMessage {
  const mail = mailSetting(input);
  const { t, language } = mail;
  return renderMail({
    ...mail,
    to: input.to,
    subject: t("notifications.subject", { count: input.notifications.length }),
    body: [
      { lines: [t("notifications.intro")] },
      {
        list: input.notifications.map((n) => ({
          line: notificationLine(n, language),
          link: notificationLink(input.portalUrl, n),
        })),
        open: t("notifications.open"),
      },
      { lines: [t("why_notified")] },
    ],
  });
}

/** A watch's notification (LEAK_WATCH, HEATING_LEFT_ON), mailed on its own. */
function isWatchRow<Row extends { kind: NotificationKind }>(
  row: Row,
): row is Row & { kind: "leak_watch" | "heating_left_on" } {
  return row.kind === "leak_watch" || row.kind === "heating_left_on";
}

/** How far back a notification not yet e-mailed is still sent (older ones are only in the portal). */
export const MAIL_WITHIN_MS = 24 * 3_600_000;

/**
 * Sends the e-mails of notifications not e-mailed yet: one per user with e-mail notifications on
 * (and active), listing all of theirs made in the last day, whichever run, command or back-end
 * instance made them. Each notification is claimed before it is sent (emailed_at set where it is
 * still null), so two runs or two instances never send one twice; a send that fails gives its
 * claims back for the next run. Users with e-mail notifications off get none. The e-mails carry
 * the app name of `brand` (BRAND).
 */
export async function mailPendingNotifications(
  db: Kysely<Database>,
  mailer: Mailer,
  portalUrl: string,
  now: Date,
  brand: BrandId,
): Promise<{ mails: number }> {
  const rows = await db
    .selectFrom("notifications")
    .innerJoin("users", "users.id", "notifications.user_id")
    .select([
      "notifications.id",
      "notifications.tenancy_id",
      "notifications.kind",
      "notifications.quantity",
      "notifications.direction",
      "notifications.compared_value",
      "notifications.alarm_type",
      "notifications.threshold",
      "notifications.value",
      "notifications.period_start",
      "notifications.period_end",
      "notifications.report_code",
      "notifications.watch_days",
      "users.id as user_id",
      "users.email",
      "users.language",
    ])
    .where("notifications.emailed_at", "is", null)
    .where("notifications.created_at", ">=", new Date(now.getTime() - MAIL_WITHIN_MS).toISOString())
    .where("users.email_notifications", "=", 1)
    .where("users.is_active", "=", 1)
    .orderBy("notifications.id")
    .execute();
  const byUser = new Map<number, typeof rows>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  let mails = 0;
  for (const userRows of byUser.values()) {
    const first = userRows[0]!;
    const candidates = userRows.filter((row) =>
      row.kind === "consumption_report"
        ? row.report_code !== null
        : isWatchRow(row)
          ? row.quantity !== null && isQuantityId(row.quantity) && row.watch_days !== null
          : row.quantity !== null && isQuantityId(row.quantity) && row.direction !== null && row.value !== null,
    );
    if (candidates.length === 0) continue;
    const claimed = new Set(
      (
        await db
          .updateTable("notifications")
          .set({ emailed_at: now.toISOString() })
          .where(
            "id",
            "in",
            candidates.map((row) => row.id),
          )
          .where("emailed_at", "is", null)
          .returning("id")
          .execute()
      ).map((row) => row.id),
    );
    const mine = candidates.filter((row) => claimed.has(row.id));
    // Alarm notifications in one e-mail; each monthly report in its own, with its link.
    const messages: { ids: number[]; message: MailMessage }[] = [];
    const alarmRows = mine.filter((row) => row.kind !== "consumption_report" && !isWatchRow(row));
    if (alarmRows.length > 0) {
      const notifications: MailedNotification[] = alarmRows.map((row) => ({
        id: row.id,
        tenancyId: row.tenancy_id,
        kind: row.kind,
        quantity: row.quantity as QuantityId,
        direction: row.direction!,
        alarmType: row.alarm_type ?? "",
        threshold: row.threshold ?? 0,
        value: row.value!,
        comparedValue: row.compared_value,
        periodStart: row.period_start,
        periodEnd: row.period_end,
      }));
      messages.push({
        ids: alarmRows.map((row) => row.id),
        message: notificationsMail({ to: first.email, language: first.language, brand, portalUrl, notifications }),
      });
    }
    for (const row of mine.filter((candidate) => candidate.kind === "consumption_report")) {
      const message = reportMail({
        to: first.email,
        language: first.language,
        brand,
        portalUrl,
        code: row.report_code!,
        month: row.period_start.slice(0, 7),
      });
      messages.push({ ids: [row.id], message });
    }
    // Each watch's notification in its own e-mail, its subject the watch's sentence (ADR 0075).
    for (const row of mine.filter(isWatchRow)) {
      const message = watchMail({
        to: first.email,
        language: first.language,
        brand,
        portalUrl,
        notification: {
          id: row.id,
          tenancyId: row.tenancy_id,
          kind: row.kind,
          quantity: row.quantity as QuantityId,
          days: JSON.parse(row.watch_days!) as { date: string; value: number }[],
        },
      });
      messages.push({ ids: [row.id], message });
    }
    for (const [index, { message }] of messages.entries()) {
      try {
        await mailer.send(message);
      } catch (error) {
        // Give back the claims of this e-mail and those not sent yet.
        const unsent = messages.slice(index).flatMap((entry) => entry.ids);
        await db.updateTable("notifications").set({ emailed_at: null }).where("id", "in", unsent).execute();
        throw error;
      }
      mails++;
    }
  }
  return { mails };
}
