/**
 * The invitation e-mail: an admin of a tenancy invites an address. In the invitation's language
 * (da, en or nb; texts in locales/{lng}/emails.json), with a plain-text and an HTML part of the
 * same content. The sign-up link `${PORTAL_URL}/signup?activationCode=…` stands alone on its own
 * line in the text part; the activation code is printed too, for a resident who already has an
 * account and adds the tenancy with it.
 */
import type { MailMessage } from "./mailer";
import { type MailRecipient, mailSetting, oneLine, renderMail } from "./templates";

/** ABCDEFGHIJKL → ABCD-EFGH-IJKL, as printed codes are grouped (the dashes are ignored when typed). */
export function groupedActivationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

export interface InvitationMailInput extends MailRecipient {
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
  const mail = mailSetting(input);
  const { t, app } = mail;
  const inviter = oneLine(input.inviter);
  const home = oneLine(input.home);
  const code = groupedActivationCode(input.code);
  return renderMail({
    ...mail,
    to: input.to,
    subject: t("invitation.subject", { inviter }),
    body: [
      { lines: [t("invitation.intro", { inviter, home, app })] },
      { action: t("invitation.action"), link: input.link },
      { lines: [t("invitation.existing_account", { code }), t("invitation.expiry", { days: input.validDays })] },
      { lines: [t("invitation.ignore")] },
    ],
  });
}
