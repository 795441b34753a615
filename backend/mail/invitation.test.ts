import { describe, expect, it } from "vitest";
import { groupedActivationCode, invitationMail } from "./invitation";
import { invitationInput } from "./test-inputs";

describe("invitationMail", () => {
  it("falls back to English for another language", () => {
    expect(invitationMail({ ...invitationInput, language: "fr" }).subject).toBe(
      "My Consumption: Jens Hansen has invited you",
    );
  });

  it("escapes the inviter's name in HTML and keeps it on one line in the subject", () => {
    const mail = invitationMail({ ...invitationInput, language: "en", inviter: "Eve <script>\r\nBcc: x@evil.test" });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Eve &lt;script&gt;");
  });

  it("groups a code in fours", () => {
    expect(groupedActivationCode("PARTNERINVIT")).toBe("PART-NERI-NVIT");
  });
});
