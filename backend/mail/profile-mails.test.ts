import { describe, expect, it } from "vitest";
import { linksIn } from "./outbox";
import { emailChangedNoticeMail } from "./profile-mails";

describe("emailChangedNoticeMail", () => {
  it.each([
    ["da", "Mit Forbrug: Din e-mailadresse er ændret", "Var det ikke dig"],
    ["en", "My Consumption: Your e-mail address was changed", "If this was not you"],
    ["nb", "Mitt Forbruk: E-postadressen din er endret", "Var det ikke deg"],
  ])("in %s tells the old address the new one and whom to contact", (language, subject, notYou) => {
    const mail = emailChangedNoticeMail({
      to: "old@example.test",
      language,
      brand: "dk",
      newEmail: "new@example.test",
      contacts: ["Ejendomsservice ApS, drift@example.test, +45 33 12 34 56"],
    });
    expect(mail.to).toBe("old@example.test");
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("new@example.test");
    expect(mail.text).toContain(notYou);
    expect(mail.text.split("\n")).toContain("Ejendomsservice ApS, drift@example.test, +45 33 12 34 56");
    expect(mail.html).toContain("drift@example.test");
    expect(linksIn(mail.text)).toEqual([]);
  });

  it("leaves the contacts out when there are none, and escapes HTML", () => {
    const mail = emailChangedNoticeMail({
      to: "old@example.test",
      language: "en",
      brand: "dk",
      newEmail: "new@example.test",
      contacts: ["<b>Eve</b>\r\nBcc: x"],
    });
    expect(mail.html).not.toContain("<b>Eve</b>");
    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(mail.text).toContain("<b>Eve</b> Bcc: x");
    const none = emailChangedNoticeMail({
      to: "old@example.test",
      language: "en",
      brand: "dk",
      newEmail: "new@example.test",
      contacts: [],
    });
    expect(none.text).not.toContain("Contact for your home");
  });
});
