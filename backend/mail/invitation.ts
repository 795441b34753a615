/**
 * The invitation e-mail: an admin of a tenancy invites an address. In the invitation's
 * language (da, en or nb), with a plain-text and an HTML part of the same content. The sign-up link
 * `${PORTAL_URL}/signup?activationCode=…` stands alone on its own line in the text part; the activation code
 * is printed too, for a resident who already has an account and adds the tenancy with it.
 */
import { brandFor, type BrandId } from "@common/brands";
import { languageOrFallback, type Language } from "@common/languages";
import type { MailMessage } from "./mailer";
import { escapeHtml, mailHtmlDocument, mailLinkButton, oneLine } from "./templates";

interface InvitationTexts {
  subject(inviter: string): string;
  greeting: string;
  intro(inviter: string, home: string, app: string): string;
  action: string;
  existingAccount(code: string): string;
  expiry(days: number): string;
  ignore: string;
}

const invitationTexts: Record<Language, InvitationTexts> = {
  da: {
    subject: (inviter) => `${inviter} har inviteret dig`,
    greeting: "Hej,",
    intro: (inviter, home, app) => `${inviter} har inviteret dig til at følge forbruget i ${home} i ${app}.`,
    action: "Opret din adgang",
    existingAccount: (code) => `Har du allerede en konto, så log ind og tilføj lejemålet med aktiveringskoden ${code}.`,
    expiry: (days) => `Linket og koden virker én gang og udløber om ${days} dage.`,
    ignore: "Kender du ikke afsenderen, kan du se bort fra denne e-mail.",
  },
  en: {
    subject: (inviter) => `${inviter} has invited you`,
    greeting: "Hello,",
    intro: (inviter, home, app) => `${inviter} has invited you to follow the consumption of ${home} in ${app}.`,
    action: "Create your access",
    existingAccount: (code) => `If you already have an account, sign in and add the tenancy with the activation code ${code}.`,
    expiry: (days) => `The link and the code work once and expire in ${days} days.`,
    ignore: "If you do not know the sender, you can ignore this e-mail.",
  },
  nb: {
    subject: (inviter) => `${inviter} har invitert deg`,
    greeting: "Hei,",
    intro: (inviter, home, app) => `${inviter} har invitert deg til å følge forbruket i ${home} i ${app}.`,
    action: "Opprett tilgangen din",
    existingAccount: (code) => `Har du allerede en konto, logg inn og legg til leieforholdet med aktiveringskoden ${code}.`,
    expiry: (days) => `Lenken og koden virker én gang og utløper om ${days} dager.`,
    ignore: "Kjenner du ikke avsenderen, kan du se bort fra denne e-posten.",
  },
};

/** ABCDEFGHIJKL → ABCD-EFGH-IJKL, as printed codes are grouped (the dashes are ignored when typed). */
export function groupedActivationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

export interface InvitationMailInput {
  to: string;
  language: string;
  /** Whose app name the e-mail carries (BRAND). */
  brand: BrandId;
  /** `${PORTAL_URL}/signup?activationCode=…` */
  link: string;
  /** The 12 letters. */
  code: string;
  /** Who invites: the admin's name, else their e-mail. */
  inviter: string;
  /** The tenancy's address, e.g. "Nørrebrogade 148B, 4. tv., 2200 København N". */
  home: string;
  /** How long the code is valid. */
  validDays: number;
}

export function invitationMail(input: InvitationMailInput): MailMessage {
  const language = languageOrFallback(input.language);
  const texts = invitationTexts[language];
  const app = brandFor(input.brand).appName[language];
  const inviter = oneLine(input.inviter);
  const home = oneLine(input.home);
  const code = groupedActivationCode(input.code);
  const subject = `${app}: ${texts.subject(inviter)}`;
  const intro = texts.intro(inviter, home, app);
  const text = [
    texts.greeting,
    "",
    intro,
    "",
    `${texts.action}:`,
    input.link,
    "",
    texts.existingAccount(code),
    texts.expiry(input.validDays),
    "",
    texts.ignore,
    "",
    app,
    "",
  ].join("\n");
  const html = mailHtmlDocument(
    language,
    subject,
    `<p>${escapeHtml(texts.greeting)}</p>
<p>${escapeHtml(intro)}</p>
${mailLinkButton(input.link, texts.action)}
<p>${escapeHtml(texts.existingAccount(code))}<br>${escapeHtml(texts.expiry(input.validDays))}</p>
<p>${escapeHtml(texts.ignore)}</p>
<p>${escapeHtml(app)}</p>`,
  );
  return { to: input.to, subject, text, html };
}
