/**
 * The e-mail of a new monthly consumption report: in the resident's language, with the
 * report's own link `PORTAL_URL/report/{code}` (no sign-in needed; `?lng=` opens it in the
 * resident's language on a browser that has no language chosen yet). Sent by the schedule's mail
 * run (backend/alarms/mail.ts) to residents with e-mail notifications on.
 */
import { formatMonth } from "@common/format";
import { brandFor, type BrandId } from "@common/brands";
import { languageOrFallback } from "@common/languages";
import { mailTexts } from "../mail/i18n";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml, mailHtmlDocument } from "../mail/templates";
import { reportLink as portalReportLink } from "@common/portal-paths";

/** The report's link for a resident: PORTAL_URL/report/{code}?lng={language}. */
export function reportLink(portalUrl: string, code: string, language: string): string {
  return portalReportLink(portalUrl, code, languageOrFallback(language));
}

export function reportMail(input: {
  to: string;
  language: string;
  brand: BrandId;
  portalUrl: string;
  code: string;
  month: string;
}): MailMessage {
  const language = languageOrFallback(input.language);
  const t = mailTexts(language);
  const month = formatMonth(input.month, language);
  const [greeting, intro, open, noLogin, settings] = [
    t("greeting"),
    t("report.intro", { month }),
    t("report.open"),
    t("report.no_login"),
    t("why_notified"),
  ];
  const app = brandFor(input.brand).appName[language];
  const subject = `${app}: ${t("report.subject", { month })}`;
  const link = reportLink(input.portalUrl, input.code, language);
  const text = [greeting, "", intro, "", `${open}:`, link, "", noLogin, "", settings, "", app, ""].join("\n");
  const html = mailHtmlDocument(
    language,
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>
<p>${escapeHtml(noLogin)}</p>
<p>${escapeHtml(settings)}</p>
<p>${escapeHtml(app)}</p>`,
  );
  return { to: input.to, subject, text, html };
}
