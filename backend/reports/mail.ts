/**
 * The e-mail of a new monthly consumption report: in the resident's language, with the
 * report's own link `PORTAL_URL/report/{code}` (no sign-in needed; `?lng=` opens it in the
 * resident's language on a browser that has no language chosen yet). Sent by the schedule's mail
 * run (backend/alarms/mail.ts) to residents with e-mail notifications on.
 */
import { formatMonth } from "@common/format";
import { brandFor, type BrandId } from "@common/brands";
import { type Language, languageOrFallback } from "@common/languages";
import { mailTexts } from "../mail/i18n";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml, mailHtmlDocument } from "../mail/templates";
import { reportLink as portalReportLink } from "@common/portal-paths";

interface ReportTexts {
  subject: (month: string) => string;
  greeting: string;
  intro: (month: string) => string;
  open: string;
  noLogin: string;
  settings: string;
}

function texts(language: Language): ReportTexts {
  const t = mailTexts(language);
  return {
    subject: (month) => t("report.subject", { month }),
    greeting: t("greeting"),
    intro: (month) => t("report.intro", { month }),
    open: t("report.open"),
    noLogin: t("report.no_login"),
    settings: t("why_notified"),
  };
}

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
  const t = texts(language);
  const month = formatMonth(input.month, language);
  const app = brandFor(input.brand).appName[language];
  const subject = `${app}: ${t.subject(month)}`;
  const link = reportLink(input.portalUrl, input.code, language);
  const text = [
    t.greeting,
    "",
    t.intro(month),
    "",
    `${t.open}:`,
    link,
    "",
    t.noLogin,
    "",
    t.settings,
    "",
    app,
    "",
  ].join("\n");
  const html = mailHtmlDocument(
    language,
    subject,
    `<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.intro(month))}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>
<p>${escapeHtml(t.noLogin)}</p>
<p>${escapeHtml(t.settings)}</p>
<p>${escapeHtml(app)}</p>`,
  );
  return { to: input.to, subject, text, html };
}
