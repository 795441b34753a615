import { describe, expect, it } from "vitest";
import { groupedActivationCode, invitationMail } from "./invitation";

const input = {
  to: "invitee@example.test",
  brand: "dk" as const,
  link: "http://portal.test/signup?activationCode=ABCDEFGHIJKL",
  code: "ABCDEFGHIJKL",
  inviter: "Jens Hansen",
  home: "Nørrebrogade 148B, 4. tv., 2200 København N",
  validDays: 30,
};

describe("invitationMail", () => {
  it.each([
    ["da", "Mit Forbrug: Jens Hansen har inviteret dig", "udløber om 30 dage"],
    ["en", "My Consumption: Jens Hansen has invited you", "expire in 30 days"],
    ["nb", "Mitt Forbruk: Jens Hansen har invitert deg", "utløper om 30 dager"],
  ])("writes %s with the link alone on its line, the home, the code and its expiry", (language, subject, expiry) => {
    const mail = invitationMail({ ...input, language });
    expect(mail.to).toBe(input.to);
    expect(mail.subject).toBe(subject);
    expect(mail.text.split("\n")).toContain(input.link);
    expect(mail.text).toContain(input.home);
    expect(mail.text).toContain("ABCD-EFGH-IJKL");
    expect(mail.text).toContain(expiry);
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(mail.html).toContain(`href="${input.link}"`);
  });

  it("falls back to English for another language", () => {
    expect(invitationMail({ ...input, language: "fr" }).subject).toBe("My Consumption: Jens Hansen has invited you");
  });

  it("escapes the inviter's name in HTML and keeps it on one line in the subject", () => {
    const mail = invitationMail({ ...input, language: "en", inviter: "Eve <script>\r\nBcc: x@evil.test" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Eve &lt;script&gt;");
  });

  it("groups a code in fours", () => {
    expect(groupedActivationCode("PARTNERINVIT")).toBe("PART-NERI-NVIT");
  });
});
