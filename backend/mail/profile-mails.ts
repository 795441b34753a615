/**
 * The e-mails of an e-mail change (Profile settings; services/profile.ts), in the user's
 * language (da, en or nb; anything else gets English; texts in locales/{lng}/emails.json), each with a plain-text and an HTML part of
 * the same content:
 *
 * - the confirmation to the NEW address, with the one-time link `${PORTAL_URL}/confirm-email?token=…`
 *   alone on its own line of the text part (nothing changes until it is followed);
 * - the notice to the OLD address once the change is confirmed: the account's e-mail is now …; if
 *   this was not you, contact your landlord or property manager (the contacts of the user's homes
 *   are listed when the property has one).
 */
import { brandFor, type BrandId } from "@common/brands";
import { languageOrFallback, type Language } from "@common/languages";
import { mailTexts } from "./i18n";
import type { MailMessage } from "./mailer";
import { escapeHtml, mailHtmlDocument, mailLinkButton, oneLine } from "./templates";

interface ConfirmationTexts {
  subject: string;
  greeting: string;
  intro(newEmail: string, app: string): string;
  action: string;
  expiry: string;
  after: string;
  ignore: string;
}

function confirmationTexts(language: Language): ConfirmationTexts {
  const t = mailTexts(language);
  return {
    subject: t("email_change.subject"),
    greeting: t("greeting"),
    intro: (newEmail, app) => t("email_change.intro", { email: newEmail, app }),
    action: t("email_change.action"),
    expiry: t("email_change.expiry"),
    after: t("email_change.after"),
    ignore: t("email_change.ignore"),
  };
}

interface NoticeTexts {
  subject: string;
  greeting: string;
  changed(newEmail: string, app: string): string;
  signIn: string;
  notYou: string;
  contactsIntro: string;
}

function noticeTexts(language: Language): NoticeTexts {
  const t = mailTexts(language);
  return {
    subject: t("email_changed.subject"),
    greeting: t("greeting"),
    changed: (newEmail, app) => t("email_changed.changed", { email: newEmail, app }),
    signIn: t("email_changed.sign_in"),
    notYou: t("email_changed.not_you"),
    contactsIntro: t("email_changed.contacts_intro"),
  };
}

export interface EmailChangeConfirmationMailInput {
  /** The NEW address. */
  to: string;
  language: string;
  /** Whose app name the e-mail carries (BRAND). */
  brand: BrandId;
  /** `${PORTAL_URL}/confirm-email?token=…` */
  link: string;
}

/** To the new address: follow the link to make it the account's e-mail. */
export function emailChangeConfirmationMail(input: EmailChangeConfirmationMailInput): MailMessage {
  const language = languageOrFallback(input.language);
  const texts = confirmationTexts(language);
  const app = brandFor(input.brand).appName[language];
  const subject = `${app}: ${texts.subject}`;
  const intro = texts.intro(oneLine(input.to), app);
  const text = [
    texts.greeting,
    "",
    intro,
    "",
    `${texts.action}:`,
    input.link,
    "",
    texts.expiry,
    texts.after,
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
<p>${escapeHtml(texts.expiry)}<br>${escapeHtml(texts.after)}<br>${escapeHtml(texts.ignore)}</p>
<p>${escapeHtml(app)}</p>`,
  );
  return { to: input.to, subject, text, html };
}

export interface EmailChangedNoticeMailInput {
  /** The OLD address. */
  to: string;
  language: string;
  /** Whose app name the e-mail carries (BRAND). */
  brand: BrandId;
  newEmail: string;
  /** The contacts of the user's homes, one line each ("name, e-mail, phone"); may be empty. */
  contacts: readonly string[];
}

/** To the old address after the change: the new address, and whom to contact if it was not them. */
export function emailChangedNoticeMail(input: EmailChangedNoticeMailInput): MailMessage {
  const language = languageOrFallback(input.language);
  const texts = noticeTexts(language);
  const app = brandFor(input.brand).appName[language];
  const subject = `${app}: ${texts.subject}`;
  const changed = texts.changed(oneLine(input.newEmail), app);
  const contacts = input.contacts.map(oneLine).filter((line) => line !== "");
  const text = [
    texts.greeting,
    "",
    changed,
    texts.signIn,
    "",
    texts.notYou,
    ...(contacts.length > 0 ? [texts.contactsIntro, ...contacts] : []),
    "",
    app,
    "",
  ].join("\n");
  const contactsHtml =
    contacts.length > 0
      ? `\n<p>${escapeHtml(texts.contactsIntro)}<br>${contacts.map(escapeHtml).join("<br>")}</p>`
      : "";
  const html = mailHtmlDocument(
    language,
    subject,
    `<p>${escapeHtml(texts.greeting)}</p>
<p>${escapeHtml(changed)}<br>${escapeHtml(texts.signIn)}</p>
<p><strong>${escapeHtml(texts.notYou)}</strong></p>${contactsHtml}
<p>${escapeHtml(app)}</p>`,
  );
  return { to: input.to, subject, text, html };
}
