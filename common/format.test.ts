import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dateLocale, formatCalendarDate, formatLocale, withoutDoubledPeriods } from "./format";

// Numbers follow Danish conventions unless the language is English, then British ones (spec
// section 9); month names are in the resident's language, Danish for any other.
const locales = {
  en: { numbers: "en-GB", months: "en-GB" },
  da: { numbers: "da-DK", months: "da-DK" },
  nb: { numbers: "da-DK", months: "nb-NO" },
  de: { numbers: "da-DK", months: "da-DK" },
  "": { numbers: "da-DK", months: "da-DK" },
};
describe.each(Object.entries(locales))("for the language %j", (language, { numbers, months }) => {
  it(`formats numbers as ${numbers}`, () => {
    expect(formatLocale(language)).toBe(numbers);
  });

  it(`names months as ${months}`, () => {
    expect(dateLocale(language)).toBe(months);
  });
});

// Dates around midnight and the 2025 DST switches in Europe (30 March, 26 October), the turn of
// the year and a leap day: each must be shown as the calendar date it is.
const dates: [iso: string, en: string, da: string, nb: string][] = [
  ["2025-03-30", "30 March 2025", "30. marts 2025", "30. mars 2025"],
  ["2025-03-31", "31 March 2025", "31. marts 2025", "31. mars 2025"],
  ["2025-10-26", "26 October 2025", "26. oktober 2025", "26. oktober 2025"],
  ["2025-10-27", "27 October 2025", "27. oktober 2025", "27. oktober 2025"],
  ["2025-01-01", "1 January 2025", "1. januar 2025", "1. januar 2025"],
  ["2024-12-31", "31 December 2024", "31. december 2024", "31. desember 2024"],
  ["2024-02-29", "29 February 2024", "29. februar 2024", "29. februar 2024"],
  ["2025-05-01", "1 May 2025", "1. maj 2025", "1. mai 2025"],
];

describe("formatCalendarDate", () => {
  it.each(dates)("formats %s as the date it is", (iso, en, da, nb) => {
    expect(formatCalendarDate(iso, "en")).toBe(en);
    expect(formatCalendarDate(iso, "da")).toBe(da);
    // Numbers follow Danish conventions in Norwegian (spec section 9), but month names are Norwegian.
    expect(formatCalendarDate(iso, "nb")).toBe(nb);
  });

  it("leaves a value that is not a calendar date as it is", () => {
    expect(formatCalendarDate("not a date", "en")).toBe("not a date");
    expect(formatCalendarDate("2025-5-1", "da")).toBe("2025-5-1");
  });

  it("gives the same dates whatever the process time zone", () => {
    // process.env.TZ has no effect inside a worker thread, so the time zones are switched in a
    // child Node process (on its main thread, where a TZ change applies at once).
    const moduleUrl = new URL("./format.ts", import.meta.url).href;
    const zones = ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Europe/Copenhagen", "Pacific/Pago_Pago"];
    const script = `
      const { formatCalendarDate } = await import(${JSON.stringify(moduleUrl)});
      const isoDates = JSON.parse(process.argv[1]);
      const zones = JSON.parse(process.argv[2]);
      const out = {};
      for (const zone of zones) {
        process.env.TZ = zone;
        out[zone] = {
          active: Intl.DateTimeFormat().resolvedOptions().timeZone,
          localDayOfUtcMidnight: new Date(Date.UTC(2025, 2, 30)).getDate(),
          en: isoDates.map((d) => formatCalendarDate(d, "en")),
          da: isoDates.map((d) => formatCalendarDate(d, "da")),
        };
      }
      console.log(JSON.stringify(out));
    `;
    const stdout = execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        script,
        JSON.stringify(dates.map((d) => d[0])),
        JSON.stringify(zones),
      ],
      { cwd: fileURLToPath(new URL("..", import.meta.url)), encoding: "utf8", env: { ...process.env, TZ: "UTC" } },
    );
    const results = JSON.parse(stdout) as Record<
      string,
      { active: string; localDayOfUtcMidnight: number; en: string[]; da: string[] }
    >;

    // The harness really switched zones: UTC midnight of 30 March is still the 29th in Los Angeles.
    expect(results["America/Los_Angeles"]?.active).toBe("America/Los_Angeles");
    expect(results["America/Los_Angeles"]?.localDayOfUtcMidnight).toBe(29);
    expect(results["Pacific/Kiritimati"]?.active).toBe("Pacific/Kiritimati");

    for (const zone of zones) {
      expect(results[zone]?.en, zone).toEqual(dates.map((d) => d[1]));
      expect(results[zone]?.da, zone).toEqual(dates.map((d) => d[2]));
    }
  });
});

describe("formatFileSize", () => {
  it("reads like a file manager, in the resident's number format", async () => {
    const { formatFileSize } = await import("@common/format");
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    expect(formatFileSize(512, "en")).toBe("512 B");
    expect(formatFileSize(4799, "en")).toBe("5 KB");
    expect(plain(formatFileSize(20 * 1024 * 1024 + 300_000, "da"))).toBe("20,3 MB");
    expect(formatFileSize(1_500_000, "en")).toBe("1.4 MB");
  });
});

describe("formatMonth", () => {
  it("names the month and year in the resident's language", async () => {
    const { formatMonth } = await import("@common/format");
    expect(formatMonth("2026-10", "en")).toBe("October 2026");
    expect(formatMonth("2026-10", "da")).toBe("oktober 2026");
    expect(formatMonth("2026-05", "nb")).toBe("mai 2026");
    expect(formatMonth("2026-01", "da")).toBe("januar 2026");
    expect(formatMonth("not a month", "en")).toBe("not a month");
  });
});

describe("withoutDoubledPeriods", () => {
  it.each([
    [
      "Graf med 3 værdier, én pr. dag, i kr.. I alt 67,83 kr..",
      "Graf med 3 værdier, én pr. dag, i kr. I alt 67,83 kr.",
    ],
    ["Chart of 3 values, in kWh. Total 12 kWh.", "Chart of 3 values, in kWh. Total 12 kWh."],
    ["Wait... then 5 kr..", "Wait... then 5 kr."],
  ])("%s", (text, expected) => {
    expect(withoutDoubledPeriods(text)).toBe(expected);
  });
});
