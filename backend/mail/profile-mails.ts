/**
 * The e-mails of an e-mail change (Profile settings; services/profile.ts), in the user's
 * language (da, en or nb; anything else gets English; texts in locales/{lng}/emails.json), each
 * with a plain-text and an HTML part of the same content:
 *
 * - the confirmation to the NEW address, with the one-time link `${PORTAL_URL}/confirm-email?token=…`
 *   alone on its own line of the text part (nothing changes until it is followed);
 * - the notice to the OLD address once the change is confirmed: the account's e-mail is now …; if
 *   this was not you, contact your landlord or property manager (the contacts of the user's homes
 *   are listed when the property has one).
 */
import type { MailMessage } from "./mailer";
import { type MailRecipient, mailSetting, oneLine, renderMail } from "./templates";

export interface EmailChangeConfirmationMailInput extends MailRecipient {
  /** The NEW address. */
  to: string;
  /** `${PORTAL_URL}/confirm-email?token=…` */
  link: string;
}

/** To the new address: follow the link to make it the account's e-mail. */
export function emailChangeConfirmationMail(input: EmailChangeConfirmationMailInput): MailMessage {
  const mail = mailSetting(input);
  const { t, app } = mail;
  return renderMail({
    ...mail,
    to: input.to,
    subject: t("email_change.subject"),
    body: [
      { lines: [t("email_change.intro", { email: oneLine(input.to), app })] },
      { action: t("email_change.action"), link: input.link },
      { lines: [t("email_change.expiry"), t("email_change.after"), t("email_change.ignore")] },
    ],
  });
}

export interface EmailChangedNoticeMailInput extends MailRecipient {
  /** The OLD address. */
  to: string;
  newEmail: string;
  /** The contacts of the user's homes, one line each ("name, e-mail, phone"); may be empty. */
  contacts: readonly string[];
}

/** To the old address after the change: the new address, and whom to contact if it was not them. */
export function emailChangedNoticeMail(input: EmailChangedNoticeMailInput): MailMessage {
  const mail = mailSetting(input);
  const { t, app } = mail;
  const contacts = input.contacts.map(oneLine).filter((line) => line !== "");
  return renderMail({
    ...mail,
    to: input.to,
    subject: t("email_changed.subject"),
    body: [
      { lines: [t("email_changed.changed", { email: oneLine(input.newEmail), app }), t("email_changed.sign_in")] },
      [
        { lines: [t("email_changed.not_you")], strong: true },
        ...(contacts.length > 0 ? [{ lines: [t("email_changed.contacts_intro"), ...contacts] }] : []),
      ],
    ],
  });
}
