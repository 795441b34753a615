/**
 * The e-mail of a new monthly consumption report: in the resident's language, with the
 * report's own link `PORTAL_URL/report/{code}` (no sign-in needed; `?lng=` opens it in the
 * resident's language on a browser that has no language chosen yet). Sent by the schedule's mail
 * run (backend/alarms/mail.ts) to residents with e-mail notifications on.
 */
import { formatMonth } from "@common/format";
import { brandFor, type BrandId } from "@common/brands";
import { languageOrFallback as mailLanguage, type Language } from "@common/languages";
import type { MailMessage } from "../mail/mailer";
import { escapeHtml, mailHtmlDocument } from "../mail/templates";

const texts: Record<Language, { subject: (month: string) => string; greeting: string; intro: (month: string) => string; open: string; noLogin: string; settings: string }> = {
  da: {
    subject: (month) => `Din forbrugsrapport for ${month}`,
    greeting: "Hej,",
    intro: (month) => `Din forbrugsrapport for ${month} er klar: dit forbrug, sammenlignet med samme måned sidste år.`,
    open: "Se rapporten",
    noLogin: "Linket virker uden login. Del det kun med dem, der må se dit forbrug.",
    settings: "Du får denne e-mail, fordi e-mail-notifikationer er slået til i din profil.",
  },
  en: {
    subject: (month) => `Your consumption report for ${month}`,
    greeting: "Hello,",
    intro: (month) => `Your consumption report for ${month} is ready: your consumption, compared with the same month last year.`,
    open: "See the report",
    noLogin: "The link works without signing in. Share it only with people who may see your consumption.",
    settings: "You get this e-mail because e-mail notifications are on in your profile.",
  },
  nb: {
    subject: (month) => `Forbruksrapporten din for ${month}`,
    greeting: "Hei,",
    intro: (month) => `Forbruksrapporten din for ${month} er klar: forbruket ditt, sammenlignet med samme måned i fjor.`,
    open: "Se rapporten",
    noLogin: "Lenken virker uten innlogging. Del den bare med dem som kan se forbruket ditt.",
    settings: "Du får denne e-posten fordi e-postvarsler er slått på i profilen din.",
  },
};

/** The report's link for a resident: PORTAL_URL/report/{code}?lng={language}. */
export function reportLink(portalUrl: string, code: string, language: string): string {
  return `${portalUrl}/report/${encodeURIComponent(code)}?lng=${mailLanguage(language)}`;
}

export function reportMail(input: { to: string; language: string; brand: BrandId; portalUrl: string; code: string; month: string }): MailMessage {
  const language = mailLanguage(input.language);
  const t = texts[language];
  const month = formatMonth(input.month, language);
  const app = brandFor(input.brand).appName[language];
  const subject = `${app}: ${t.subject(month)}`;
  const link = reportLink(input.portalUrl, input.code, language);
  const text = [t.greeting, "", t.intro(month), "", `${t.open}:`, link, "", t.noLogin, "", t.settings, "", app, ""].join("\n");
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
