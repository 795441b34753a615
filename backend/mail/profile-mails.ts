/**
 * The e-mails of an e-mail change (Profile settings; services/profile.ts), in the user's
 * language (da, en or nb; anything else gets English), each with a plain-text and an HTML part of
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

const confirmationTexts: Record<Language, ConfirmationTexts> = {
  da: {
    subject: "Bekræft din nye e-mailadresse",
    greeting: "Hej,",
    intro: (newEmail, app) => `Du har bedt om at ændre e-mailadressen på din konto i ${app} til ${newEmail}.`,
    action: "Bekræft e-mailadressen",
    expiry: "Linket virker én gang og udløber om 24 timer. Indtil da logger du ind med din nuværende e-mailadresse.",
    after: "Når du har bekræftet, bliver du logget ud overalt og logger ind med den nye adresse.",
    ignore: "Har du ikke bedt om ændringen, kan du se bort fra denne e-mail. Intet er ændret.",
  },
  en: {
    subject: "Confirm your new e-mail address",
    greeting: "Hello,",
    intro: (newEmail, app) => `You asked to change the e-mail address of your ${app} account to ${newEmail}.`,
    action: "Confirm the e-mail address",
    expiry: "The link works once and expires in 24 hours. Until then you sign in with your current e-mail address.",
    after: "Once you confirm, you are signed out everywhere and sign in with the new address.",
    ignore: "If you did not ask for this change, you can ignore this e-mail. Nothing has changed.",
  },
  nb: {
    subject: "Bekreft den nye e-postadressen din",
    greeting: "Hei,",
    intro: (newEmail, app) => `Du har bedt om å endre e-postadressen til kontoen din i ${app} til ${newEmail}.`,
    action: "Bekreft e-postadressen",
    expiry: "Lenken virker én gang og utløper om 24 timer. Frem til da logger du inn med den nåværende e-postadressen din.",
    after: "Når du har bekreftet, blir du logget ut overalt og logger inn med den nye adressen.",
    ignore: "Har du ikke bedt om endringen, kan du se bort fra denne e-posten. Ingenting er endret.",
  },
};

interface NoticeTexts {
  subject: string;
  greeting: string;
  changed(newEmail: string, app: string): string;
  signIn: string;
  notYou: string;
  contactsIntro: string;
}

const noticeTexts: Record<Language, NoticeTexts> = {
  da: {
    subject: "Din e-mailadresse er ændret",
    greeting: "Hej,",
    changed: (newEmail, app) => `E-mailadressen på din konto i ${app} er ændret til ${newEmail}.`,
    signIn: "Fremover logger du ind med den nye adresse, og e-mails fra os går dertil.",
    notYou: "Var det ikke dig, så kontakt straks din udlejer eller ejendomsadministration.",
    contactsIntro: "Kontakt for din bolig:",
  },
  en: {
    subject: "Your e-mail address was changed",
    greeting: "Hello,",
    changed: (newEmail, app) => `The e-mail address of your ${app} account was changed to ${newEmail}.`,
    signIn: "From now on you sign in with the new address, and our e-mails go there.",
    notYou: "If this was not you, contact your landlord or property manager straight away.",
    contactsIntro: "Contact for your home:",
  },
  nb: {
    subject: "E-postadressen din er endret",
    greeting: "Hei,",
    changed: (newEmail, app) => `E-postadressen til kontoen din i ${app} er endret til ${newEmail}.`,
    signIn: "Fra nå av logger du inn med den nye adressen, og e-poster fra oss går dit.",
    notYou: "Var det ikke deg, kontakt utleieren eller forvalteren din med en gang.",
    contactsIntro: "Kontakt for boligen din:",
  },
};

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
  const texts = confirmationTexts[language];
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
  const texts = noticeTexts[language];
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
    contacts.length > 0 ? `\n<p>${escapeHtml(texts.contactsIntro)}<br>${contacts.map(escapeHtml).join("<br>")}</p>` : "";
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
