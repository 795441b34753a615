import { describe, expect, it } from "vitest";
import { invitationMail } from "./invitation";
import type { MailMessage } from "./mailer";
import { linksIn } from "./outbox";
import { emailChangeConfirmationMail } from "./profile-mails";
import { escapeHtml, passwordResetMail } from "./templates";
import { invitationInput } from "./test-inputs";

/**
 * Every e-mail with a one-time link, in each language: its subject, the link alone on its own line
 * of the text part and in the HTML part, the HTML in the language (a language the portal does not
 * offer gets English) and the mail's own texts.
 */
interface LinkMail {
  render(language: string): MailMessage;
  to: string;
  link: string;
  /** What the text part says in every language (the home, the code, the new address). */
  inText: readonly string[];
  /** Where a row's own text (the expiry, the action) stands: in the text part, or escaped in the HTML. */
  ownTextIn: "text" | "html";
}

const resetLink = "https://portal.example/set-password?token=abc_DEF-123&email=a%40b.test";
const confirmLink = "http://portal.test/confirm-email?token=abc_DEF-123";

const linkMails: Record<string, LinkMail> = {
  "password reset": {
    render: (language) => passwordResetMail({ to: "a@b.test", language, brand: "dk", link: resetLink }),
    to: "a@b.test",
    link: resetLink,
    inText: [],
    ownTextIn: "html",
  },
  invitation: {
    render: (language) => invitationMail({ ...invitationInput, language }),
    to: invitationInput.to,
    link: invitationInput.link,
    inText: [invitationInput.home, "ABCD-EFGH-IJKL"],
    ownTextIn: "text",
  },
  "e-mail change": {
    render: (language) =>
      emailChangeConfirmationMail({ to: "new@example.test", language, brand: "dk", link: confirmLink }),
    to: "new@example.test",
    link: confirmLink,
    inText: ["new@example.test"],
    ownTextIn: "text",
  },
};

describe("an e-mail with a one-time link", () => {
  it.each([
    ["password reset", "da", "Mit Forbrug: Nulstil din adgangskode", "Vælg en ny adgangskode"],
    ["password reset", "en", "My Consumption: Reset your password", "Choose a new password"],
    ["password reset", "nb", "Mitt Forbruk: Tilbakestill passordet ditt", "Velg et nytt passord"],
    ["password reset", "sv", "My Consumption: Reset your password", "Choose a new password"],
    ["invitation", "da", "Mit Forbrug: Jens Hansen har inviteret dig", "udløber om 30 dage"],
    ["invitation", "en", "My Consumption: Jens Hansen has invited you", "expire in 30 days"],
    ["invitation", "nb", "Mitt Forbruk: Jens Hansen har invitert deg", "utløper om 30 dager"],
    ["e-mail change", "da", "Mit Forbrug: Bekræft din nye e-mailadresse", "udløber om 24 timer"],
    ["e-mail change", "en", "My Consumption: Confirm your new e-mail address", "expires in 24 hours"],
    ["e-mail change", "nb", "Mitt Forbruk: Bekreft den nye e-postadressen din", "utløper om 24 timer"],
    ["e-mail change", "fr", "My Consumption: Confirm your new e-mail address", "expires in 24 hours"],
  ])(
    "%s in %s has its subject, the link alone on its line and in the HTML, and its texts",
    (kind, language, subject, own) => {
      const expected = linkMails[kind]!;
      const mail = expected.render(language);
      expect(mail.to).toBe(expected.to);
      expect(mail.subject).toBe(subject);
      expect(mail.text.split("\n")).toContain(expected.link);
      expect(linksIn(mail.text)).toEqual([expected.link]);
      for (const text of expected.inText) expect(mail.text).toContain(text);
      if (expected.ownTextIn === "text") expect(mail.text).toContain(own);
      else expect(mail.html).toContain(escapeHtml(own));
      expect(mail.html).toContain(`<html lang="${["da", "en", "nb"].includes(language) ? language : "en"}">`);
      expect(mail.html).toContain(`href="${escapeHtml(expected.link)}"`);
    },
  );
});
