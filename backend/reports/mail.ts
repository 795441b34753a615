/**
 * The e-mail of a new monthly consumption report: in the resident's language, with the
 * report's own link `PORTAL_URL/report/{code}` (no sign-in needed; `?lng=` opens it in the
 * resident's language on a browser that has no language chosen yet). Sent by the schedule's mail
 * run (backend/alarms/mail.ts) to residents with e-mail notifications on.
 */
import { formatMonth } from "@common/format";
import { languageOrFallback } from "@common/languages";
import { reportLink as portalReportLink } from "@common/portal-paths";
import type { MailMessage } from "../mail/mailer";
import { type MailRecipient, mailSetting, renderMail } from "../mail/templates";

/** The report's link for a resident: PORTAL_URL/report/{code}?lng={language}. */
export function reportLink(portalUrl: string, code: string, language: string): string {
  return portalReportLink(portalUrl, code, languageOrFallback(language));
}

export function reportMail(input: MailRecipient & { portalUrl: string; code: string; month: string }): MailMessage {
  const mail = mailSetting(input);
  const { t, language } = mail;
  const month = formatMonth(input.month, language);
  return renderMail({
    ...mail,
    to: input.to,
    subject: t("report.subject", { month }),
    body: [
      { lines: [t("report.intro", { month })] },
      { action: t("report.open"), link: reportLink(input.portalUrl, input.code, language), plain: true },
      { lines: [t("report.no_login")] },
      { lines: [t("why_notified")] },
    ],
  });
}
