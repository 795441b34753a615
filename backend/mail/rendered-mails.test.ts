import { type BrandId, brandFor } from "@common/brands";
import { languageOrFallback } from "@common/languages";
import { describe, expect, it } from "vitest";
import { notificationsMail } from "../alarms/mail";
import { cold, humid, increase, threshold, zero } from "../alarms/mail-fixture";
import { reportMail } from "../reports/mail";
import { watchMail } from "../watches/mail";
import { invitationMail } from "./invitation";
import type { MailMessage } from "./mailer";
import { emailChangeConfirmationMail, emailChangedNoticeMail } from "./profile-mails";
import { passwordResetMail } from "./templates";

/**
 * Every kind of e-mail the back-end sends, rendered with fixed inputs in each language and kept
 * byte for byte in __snapshots__/: a change of wording, markup or escaping shows up in review as
 * a diff of these files, and moving where the texts live must leave them untouched. The
 * snapshots are of the default brand (dk); the others differ only in the app name. The inputs
 * include hostile values (markup, line breaks, `$&`, `{{…}}`, `$t(…)`) so escaping and
 * interpolation are pinned down too.
 */

const hostile = "Eve <b>&</b> $& {{home}} $t(emails:x)\r\nBcc: x@evil.test";

const portalUrl = "https://portal.example";
const invitation = {
  to: "invitee@example.test",
  link: `${portalUrl}/signup?activationCode=ABCDEFGHIJKL`,
  code: "ABCDEFGHIJKL",
  inviter: "Jens Hansen",
  home: "Nørrebrogade 148B, 4. tv., 2200 København N",
  validDays: 30,
};

function mailsIn(language: string, brand: BrandId): [string, MailMessage][] {
  // The address, language, brand and portal of the mails that link a resident to the portal.
  const resident = { to: "a@b.test", language, brand, portalUrl };
  return [
    [
      "password reset",
      passwordResetMail({
        to: "a@b.test",
        language,
        brand,
        link: `${portalUrl}/set-password?token=abc_DEF-123&email=a%40b.test`,
      }),
    ],
    ["invitation", invitationMail({ ...invitation, language, brand })],
    [
      "invitation, hostile names",
      invitationMail({ ...invitation, language, brand, inviter: hostile, home: hostile, validDays: 14 }),
    ],
    [
      "e-mail change confirmation",
      emailChangeConfirmationMail({
        to: "new@example.test",
        language,
        brand,
        link: `${portalUrl}/confirm-email?token=abc_DEF-123`,
      }),
    ],
    [
      "e-mail change confirmation, hostile address",
      emailChangeConfirmationMail({
        to: hostile,
        language,
        brand,
        link: `${portalUrl}/confirm-email?token=abc_DEF-123`,
      }),
    ],
    [
      "e-mail changed notice",
      emailChangedNoticeMail({
        to: "old@example.test",
        language,
        brand,
        newEmail: "new@example.test",
        contacts: ["Ejendomsservice ApS, drift@example.test, +45 33 12 34 56", "<b>Eve</b>\r\nBcc: x"],
      }),
    ],
    [
      "e-mail changed notice, no contacts, hostile address",
      emailChangedNoticeMail({ to: "old@example.test", language, brand, newEmail: hostile, contacts: [] }),
    ],
    ["monthly report", reportMail({ ...resident, code: "r3P0rt-C0de", month: "2026-10" })],
    ["one notification", notificationsMail({ ...resident, notifications: [threshold] })],
    [
      "several notifications",
      notificationsMail({
        ...resident,
        notifications: [zero, threshold, increase, humid, cold],
      }),
    ],
    [
      "leak watch",
      watchMail({
        ...resident,
        notification: {
          id: 41,
          tenancyId: 7022,
          kind: "leak_watch",
          quantity: "cold-water-volume",
          days: [
            { date: "2026-10-24", value: 0.004 },
            { date: "2026-10-25", value: 0.003 },
            { date: "2026-10-26", value: 0.005 },
          ],
        },
      }),
    ],
    [
      "heating left on",
      watchMail({
        ...resident,
        notification: {
          id: 42,
          tenancyId: 7019,
          kind: "heating_left_on",
          quantity: "heat-energy",
          days: ["19", "20", "21", "22", "23", "24", "25"].map((day, index) => ({
            date: `2026-07-${day}`,
            value: 2.5 + index,
          })),
        },
      }),
    ],
  ];
}

function rendered(language: string, brand: BrandId): string {
  return mailsIn(language, brand)
    .map(([kind, mail]) =>
      [
        `===== ${kind} =====`,
        `To: ${JSON.stringify(mail.to)}`,
        `Subject: ${mail.subject}`,
        "----- text -----",
        mail.text,
        "----- html -----",
        mail.html,
      ].join("\n"),
    )
    .join("\n");
}

describe("every e-mail the back-end sends", () => {
  // "fr" stands for any language the portal does not offer: it gets the fallback (English).
  it.each(["da", "en", "nb", "fr"])("reads in %s exactly as kept in __snapshots__", async (language) => {
    await expect(rendered(language, "dk")).toMatchFileSnapshot(`__snapshots__/rendered-mails.${language}.txt`);
  });

  it.each(["no", "global"] as const)(
    "carries the app name of the configured brand (%s) and nothing else changes",
    (brand) => {
      for (const language of ["da", "en", "nb", "fr"]) {
        const names = (id: BrandId) => brandFor(id).appName[languageOrFallback(language)];
        expect(rendered(language, brand), language).toBe(
          rendered(language, "dk").replaceAll(names("dk"), names(brand)),
        );
      }
    },
  );
});
