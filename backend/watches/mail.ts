/**
 * The e-mail of a watch's notification (issue 47, ADR 0075): one e-mail per notification, in the
 * resident's language, its subject the watch's own sentence ("Water may be running: check taps and
 * toilets" / "Heating seems to be on while it is warm outside"), listing the run's nights or days
 * with their values and linking to the notification. Sent by the schedule's mail run
 * (backend/alarms/mail.ts) to residents with e-mail notifications on, like alarm notifications.
 */

import { formatCalendarDate } from "@common/format";
import { metricTypeName } from "@common/notification-text";
import { notificationLink } from "@common/portal-paths";
import type { QuantityId } from "@common/quantities";
import { formatQuantity } from "@common/quantity-format";
import { portalTexts } from "../mail/i18n";
import type { MailMessage } from "../mail/mailer";
import { type MailRecipient, mailSetting, renderMail } from "../mail/templates";

export interface MailedWatchNotification {
  id: number;
  tenancyId: number;
  kind: "leak_watch" | "heating_left_on";
  quantity: QuantityId;
  days: readonly { date: string; value: number }[];
}

export function watchMail(
  input: MailRecipient & { portalUrl: string; notification: MailedWatchNotification },
): MailMessage {
  const mail = mailSetting(input);
  const { t, language } = mail;
  const n = input.notification;
  const portal = portalTexts(language);
  const what = metricTypeName(n.quantity, language, (key) => portal(key)).toLocaleLowerCase(language);
  const lines = n.days.map((day) =>
    t(`watches.${n.kind}.day`, {
      date: formatCalendarDate(day.date, language),
      value: formatQuantity(day.value, n.quantity, language),
    }),
  );
  return renderMail({
    ...mail,
    to: input.to,
    subject: t(`watches.${n.kind}.subject`),
    body: [
      { lines: [t(`watches.${n.kind}.intro`, { what, count: n.days.length })] },
      { lines },
      { lines: [t(`watches.${n.kind}.advice`)] },
      { action: t("notifications.open"), link: notificationLink(input.portalUrl, n.tenancyId, n.id) },
      { lines: [t("why_notified")] },
    ],
  });
}
