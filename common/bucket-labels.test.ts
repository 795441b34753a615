import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import {
  type BucketTexts,
  formatDateRange,
  isoWeek,
  localParts,
  longBucketLabel,
  longBucketLabels,
  partialBucketNames,
  shortBucketLabel,
  zoneName,
} from "./bucket-labels";

/** The texts as the pages give them, from the locales' chart_buckets block. */
function textsOf(language: "en" | "da" | "nb"): BucketTexts {
  const block = JSON.parse(
    readFileSync(new URL(`../locales/${language}/common.json`, import.meta.url), "utf8"),
  ).chart_buckets;
  return {
    partOfWeek: block.part_of_week,
    partOfMonth: block.part_of_month,
    partOfYear: block.part_of_year,
    summerTime: block.summer_time,
    winterTime: block.winter_time,
  };
}

describe("localParts", () => {
  it("reads the local time written in the timestamp, whatever its offset", () => {
    expect(localParts("2026-03-29T03:00:00+02:00")).toEqual({ year: 2026, month: 3, day: 29, hour: 3, minute: 0 });
    expect(localParts("2026-10-25")).toEqual({ year: 2026, month: 10, day: 25, hour: 0, minute: 0 });
  });
  it("refuses what is not a timestamp", () => {
    expect(() => localParts("yesterday")).toThrow();
  });
});

describe("isoWeek", () => {
  it("counts weeks from Monday, the first week holding 4 January", () => {
    expect(isoWeek({ year: 2026, month: 1, day: 1 })).toEqual({ week: 1, year: 2026 });
    expect(isoWeek({ year: 2027, month: 1, day: 1 })).toEqual({ week: 53, year: 2026 });
    expect(isoWeek({ year: 2024, month: 12, day: 30 })).toEqual({ week: 1, year: 2025 });
  });
});

describe("bucket labels", () => {
  it("labels axis ticks briefly, per language", () => {
    expect(shortBucketLabel("2026-05-03T14:00:00+02:00", "hour", "da")).toBe("14:00");
    expect(shortBucketLabel("2026-05-03T00:00:00+02:00", "week", "nb")).toBe("uke 18");
    expect(shortBucketLabel("2026-05-01T00:00:00+02:00", "month", "nb")).toMatch(/^mai/);
    expect(shortBucketLabel("2026-05-01T00:00:00+02:00", "month", "da")).toMatch(/^maj/);
  });

  it("labels table rows in full", () => {
    expect(longBucketLabel("2026-05-03T14:00:00+02:00", "hour", "en")).toBe("3 May 2026 14:00–15:00");
    expect(longBucketLabel("2026-05-01T00:00:00+02:00", "month", "nb")).toBe("mai 2026");
    expect(longBucketLabel("2026-05-04T00:00:00+02:00", "day", "da")).toBe("mandag den 4. maj 2026");
  });

  it("tells the hour the clocks go back apart by its zone", () => {
    const day = [
      "2026-10-25T01:00:00+02:00",
      "2026-10-25T02:00:00+02:00",
      "2026-10-25T02:00:00+01:00",
      "2026-10-25T03:00:00+01:00",
    ];
    const labels = longBucketLabels(day, "hour", "da");
    expect(new Set(labels).size).toBe(4);
    expect(labels[0]).toBe("25. oktober 2026 01:00–02:00");
    expect(labels[1]).toBe("25. oktober 2026 02:00–03:00 (CEST)");
    expect(labels[2]).toBe("25. oktober 2026 02:00–03:00 (CET)");
    expect(labels[3]).toBe("25. oktober 2026 03:00–04:00");
  });

  it("ends the spring day's hour at 01:00 at 03:00, where the clocks jump to", () => {
    const labels = longBucketLabels(["2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00"], "hour", "en");
    expect(labels).toEqual(["29 March 2026 01:00–03:00", "29 March 2026 03:00–04:00"]);
  });

  it("names zones by offset", () => {
    expect(zoneName("2026-07-01T00:00:00+02:00")).toBe("CEST");
    expect(zoneName("2026-01-01T00:00:00+01:00")).toBe("CET");
    expect(zoneName("2026-01-01T00:00:00Z")).toBe("UTC");
    expect(zoneName("2026-01-01T00:00:00+05:30")).toBe("UTC+05:30");
  });
});

describe("what a bucket covers (ADR 0018)", () => {
  it("writes date ranges with a plain en dash", () => {
    expect(formatDateRange("2026-06-10", "2026-06-14", "en")).toBe("10–14 June 2026");
    expect(formatDateRange("2026-06-10", "2026-06-14", "da")).toBe("10.–14. juni 2026");
    expect(formatDateRange("2026-05-28", "2026-06-03", "nb")).toBe("28. mai–3. juni 2026");
    expect(formatDateRange("2026-06-10", "2026-06-10", "en")).toBe("10 June 2026");
  });

  it("writes a range once per language and keeps it (Intl's formatRange is slow)", () => {
    const formatRange = vi.spyOn(Intl.DateTimeFormat.prototype, "formatRange");
    try {
      expect(formatDateRange("2027-02-01", "2027-02-07", "en")).toBe("1–7 February 2027");
      expect(formatDateRange("2027-02-01", "2027-02-07", "en")).toBe("1–7 February 2027");
      expect(formatRange).toHaveBeenCalledTimes(1);
      expect(formatDateRange("2027-02-01", "2027-02-07", "da")).toBe("1.–7. februar 2027");
      expect(formatDateRange("2027-02-01", "2027-02-08", "en")).toBe("1–8 February 2027");
      expect(formatRange).toHaveBeenCalledTimes(3);
    } finally {
      formatRange.mockRestore();
    }
  });

  it("names the dates of a partial week or month and says it is part of it, in en, da and nb", () => {
    const timestamps = ["2026-06-10T00:00:00+02:00", "2026-06-15T00:00:00+02:00", "2026-08-17T00:00:00+02:00"];
    const buckets = [
      { firstDay: "2026-06-10", lastDay: "2026-06-14", partial: true },
      { firstDay: "2026-06-15", lastDay: "2026-06-21", partial: false },
      { firstDay: "2026-08-17", lastDay: "2026-08-20", partial: true },
    ];
    expect(longBucketLabels(timestamps, "week", "en", { buckets, texts: textsOf("en") })).toEqual([
      "week 24 2026 (10–14 June 2026, part of the week)",
      "week 25 2026 (15 June 2026)",
      "week 34 2026 (17–20 August 2026, part of the week)",
    ]);
    expect(longBucketLabels(timestamps, "week", "da", { buckets, texts: textsOf("da") })[0]).toBe(
      "uge 24 2026 (10.–14. juni 2026, del af ugen)",
    );
    expect(longBucketLabels(timestamps, "week", "nb", { buckets, texts: textsOf("nb") })[0]).toBe(
      "uke 24 2026 (10.–14. juni 2026, del av uken)",
    );
    const months = longBucketLabels(["2025-11-21T00:00:00+01:00", "2025-12-01T00:00:00+01:00"], "month", "da", {
      buckets: [
        { firstDay: "2025-11-21", lastDay: "2025-11-30", partial: true },
        { firstDay: "2025-12-01", lastDay: "2025-12-31", partial: false },
      ],
      texts: textsOf("da"),
    });
    expect(months).toEqual(["november 2025 (21.–30. november 2025, del af måneden)", "december 2025"]);
  });

  it("labels the spring day's hour at 01:00 as 01:00–03:00", () => {
    const spring = [
      "2026-03-29T00:00:00+01:00",
      "2026-03-29T01:00:00+01:00",
      "2026-03-29T03:00:00+02:00",
      "2026-03-29T04:00:00+02:00",
    ];
    expect(longBucketLabels(spring, "hour", "en", { texts: textsOf("en") })).toEqual([
      "29 March 2026 00:00–01:00",
      "29 March 2026 01:00–03:00",
      "29 March 2026 03:00–04:00",
      "29 March 2026 04:00–05:00",
    ]);
  });

  it("knows the spring day's hour at 01:00 without its neighbours (a thinned table)", () => {
    expect(longBucketLabels(["2026-03-29T01:00:00+01:00"], "hour", "en")).toEqual(["29 March 2026 01:00–03:00"]);
    expect(longBucketLabels(["2026-03-22T01:00:00+01:00", "2026-03-29T02:00:00+01:00"], "hour", "en")).toEqual([
      "22 March 2026 01:00–02:00",
      "29 March 2026 02:00–03:00",
    ]);
    expect(longBucketLabels(["2025-03-30T01:00:00+01:00"], "hour", "da")).toEqual(["30. marts 2025 01:00–03:00"]);
  });

  it("labels the autumn day's two 02:00 hours summer time and winter time, in en, da and nb", () => {
    const autumn = ["2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T03:00:00+01:00"];
    expect(longBucketLabels(autumn, "hour", "en", { texts: textsOf("en") })).toEqual([
      "25 October 2026 02:00–03:00 (summer time)",
      "25 October 2026 02:00–03:00 (winter time)",
      "25 October 2026 03:00–04:00",
    ]);
    expect(longBucketLabels(autumn, "hour", "da", { texts: textsOf("da") }).slice(0, 2)).toEqual([
      "25. oktober 2026 02:00–03:00 (sommertid)",
      "25. oktober 2026 02:00–03:00 (vintertid)",
    ]);
    expect(longBucketLabels(autumn, "hour", "nb", { texts: textsOf("nb") }).slice(0, 2)).toEqual([
      "25. oktober 2026 02:00–03:00 (sommertid)",
      "25. oktober 2026 02:00–03:00 (vintertid)",
    ]);
  });
});

describe("partialBucketNames", () => {
  const texts = {
    partOfWeek: "del af ugen",
    partOfMonth: "del af måneden",
    partOfYear: "del af året",
    summerTime: "sommertid",
    winterTime: "vintertid",
  };
  it("names a partial week as the table does: its number, year and the days it covers, once", () => {
    // A period starting on Thursday 15 January 2026: week 3's bucket starts on the period's first day.
    const timestamps = ["2026-01-15T00:00:00+01:00", "2026-01-19T00:00:00+01:00"];
    const buckets = [
      { firstDay: "2026-01-15", lastDay: "2026-01-18", partial: true },
      { firstDay: "2026-01-19", lastDay: "2026-01-25", partial: false },
    ];
    const names = partialBucketNames(timestamps, buckets, "week", "da", texts);
    expect(names).toEqual(["uge 3 2026 (15.–18. januar 2026, del af ugen)"]);
    expect(names[0]).toBe(longBucketLabels(timestamps, "week", "da", { buckets, texts })[0]);
  });

  it.each([
    [
      "names a partial week across the new year with the ISO week's year",
      "week",
      ["2025-12-29T00:00:00+01:00", "2026-01-05T00:00:00+01:00"],
      [
        { firstDay: "2026-01-01", lastDay: "2026-01-04", partial: true },
        { firstDay: "2026-01-05", lastDay: "2026-01-11", partial: false },
      ],
      ["uge 1 2026 (1.–4. januar 2026, del af ugen)"],
    ],
    [
      "names partial months and leaves whole buckets out",
      "month",
      ["2026-06-10T00:00:00+02:00", "2026-07-01T00:00:00+02:00"],
      [
        { firstDay: "2026-06-10", lastDay: "2026-06-30", partial: true },
        { firstDay: "2026-07-01", lastDay: "2026-07-31", partial: false },
      ],
      ["juni 2026 (10.–30. juni 2026, del af måneden)"],
    ],
  ] as const)("%s", (_, span, timestamps, buckets, names) => {
    expect(partialBucketNames(timestamps, buckets, span, "da", texts)).toEqual(names);
  });
});

describe("yearly buckets", () => {
  it("are labelled by their year in every language", () => {
    for (const language of ["en", "da", "nb"]) {
      expect(shortBucketLabel("2025-01-01T00:00:00+01:00", "year", language)).toBe("2025");
      expect(longBucketLabel("2026-01-01T00:00:00+01:00", "year", language)).toBe("2026");
    }
  });

  it("name the days a partial year covers and say it is part of the year", () => {
    const dates = { firstDay: "2025-03-10", lastDay: "2025-12-31", partial: true };
    const label = (language: "en" | "da" | "nb") =>
      longBucketLabels(["2025-03-10T00:00:00+01:00"], "year", language, {
        buckets: [dates],
        texts: textsOf(language),
      })[0];
    expect(label("en")).toBe("2025 (10 March–31 December 2025, part of the year)");
    expect(label("da")).toBe("2025 (10. marts–31. december 2025, del af året)");
    expect(label("nb")).toBe("2025 (10. mars–31. desember 2025, del av året)");
  });
});
