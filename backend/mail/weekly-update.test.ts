import { describe, expect, it } from "vitest";
import type { TenancyWeekFigures } from "../reports/week-figures";
import { linksIn } from "./outbox";
import { tipOfWeek, weeklyTips, weeklyUpdateMail } from "./weekly-update";

/**
 * The weekly update e-mail rendered with fixed figures in each language, kept byte for byte in
 * __snapshots__/weekly-update.{lng}.txt (headers, subject, text part): wording and formatting show
 * up in review as a diff. The HTML part carries the same links, and the text part reads alone.
 */
const tenancy: TenancyWeekFigures = {
  tenancyId: 7009,
  home: "Nørrebrogade 148A, 2. tv. <b>&</b> {{home}}",
  quantities: [
    {
      quantity: "heat-energy",
      total: 162.4,
      weekBefore: 173.2,
      sameWeekLastYear: 199.1,
      weatherAdjustedWeekBefore: {
        problem: null,
        degreeDays: 70,
        comparedDegreeDays: 75,
        adjustedCompared: 159.3,
        change: 0.0195,
        colder: -0.066,
      },
      weatherAdjustedLastYear: {
        problem: "LITTLE_HEATING",
        degreeDays: 70,
        comparedDegreeDays: 5,
        adjustedCompared: null,
        change: null,
        colder: null,
      },
      highestDay: { day: "2025-11-23", value: 29.2 },
      forecast: { firstDay: "2025-11-01", problem: null, expected: 700, low: 620.4, high: 806.2 },
    },
    {
      quantity: "cold-water-volume",
      total: 1.975,
      weekBefore: 1.975,
      sameWeekLastYear: null,
      weatherAdjustedWeekBefore: null,
      weatherAdjustedLastYear: null,
      highestDay: { day: "2025-11-19", value: 0.357 },
      forecast: { firstDay: "2025-11-01", problem: "TOO_EARLY", expected: null, low: null, high: null },
    },
    {
      quantity: "electricity-energy",
      total: null,
      weekBefore: null,
      sameWeekLastYear: null,
      weatherAdjustedWeekBefore: null,
      weatherAdjustedLastYear: null,
      highestDay: null,
      forecast: null,
    },
  ],
};

function render(language: string) {
  return weeklyUpdateMail({
    to: "anna@demo.test",
    language,
    brand: "dk",
    portalUrl: "https://portal.example",
    week: "2025-11-17",
    tenancies: [tenancy],
    findings: [
      {
        id: 55,
        tenancyId: 7009,
        kind: "leak_watch",
        quantity: "cold-water-volume",
        periodStart: "2025-11-20",
        periodEnd: "2025-11-22",
      },
      {
        id: 56,
        tenancyId: 7009,
        kind: "heating_left_on",
        quantity: null,
        periodStart: "2025-11-10",
        periodEnd: "2025-11-16",
      },
    ],
    unsubscribeToken: "wu.1.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
  });
}

describe("the weekly update e-mail", () => {
  it.each(["da", "nb", "en"])("renders in %s with its List-Unsubscribe headers", async (language) => {
    const mail = render(language);
    const unsubscribe = `https://portal.example/unsubscribe/weekly-update/wu.1.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG?lng=${language}`;
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // The footer's link is the header's address, in both parts; every link of the text is in the HTML.
    expect(linksIn(mail.text)).toContain(unsubscribe);
    for (const link of linksIn(mail.text)) expect(mail.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(mail.html).not.toContain("<b>&</b>");
    expect(mail.text).not.toMatch(/\$t\(|undefined|null|NaN/);
    expect(mail.text).toContain("<b>&</b> {{home}}");
    const kept = [
      ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      `Subject: ${mail.subject}`,
      "",
      mail.text,
    ].join("\n");
    await expect(kept).toMatchFileSnapshot(`__snapshots__/weekly-update.${language}.txt`);
  });

  it("quotes a tip of the help texts, another each week", () => {
    expect(tipOfWeek("2025-11-17")).not.toBe(tipOfWeek("2025-11-24"));
    const tips = new Set(
      Array.from({ length: weeklyTips.length }, (_, index) =>
        tipOfWeek(`2025-0${1 + Math.floor(index / 4)}-0${1 + (index % 4) * 2}`),
      ),
    );
    expect(tips.size).toBeGreaterThan(1);
  });
});
