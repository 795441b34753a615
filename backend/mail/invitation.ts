/**
 * The invitation e-mail: an admin of a tenancy invites an address. In the invitation's
 * language (da, en or nb; texts in locales/{lng}/emails.json), with a plain-text and an HTML part of the same content. The sign-up link
 * `${PORTAL_URL}/signup?activationCode=…` stands alone on its own line in the text part; the activation code
 * is printed too, for a resident who already has an account and adds the tenancy with it.
 */
import { brandFor, type BrandId } from "@common/brands";
import { languageOrFallback, type Language } from "@common/languages";
import { mailTexts } from "./i18n";
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

function invitationTexts(language: Language): InvitationTexts {
  const t = mailTexts(language);
  return {
    subject: (inviter) => t("invitation.subject", { inviter }),
    greeting: t("greeting"),
    intro: (inviter, home, app) => t("invitation.intro", { inviter, home, app }),
    action: t("invitation.action"),
    existingAccount: (code) => t("invitation.existing_account", { code }),
    expiry: (days) => t("invitation.expiry", { days }),
    ignore: t("invitation.ignore"),
  };
}

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
  const texts = invitationTexts(language);
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
