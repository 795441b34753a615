import { describe, expect, it } from "vitest";
import { isoWeek, localParts, longBucketLabel, longBucketLabels, shortBucketLabel, zoneName } from "./bucket-labels";

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

  it("leaves the spring day's 23 hours as they are", () => {
    const labels = longBucketLabels(["2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00"], "hour", "en");
    expect(labels).toEqual(["29 March 2026 01:00–02:00", "29 March 2026 03:00–04:00"]);
  });

  it("names zones by offset", () => {
    expect(zoneName("2026-07-01T00:00:00+02:00")).toBe("CEST");
    expect(zoneName("2026-01-01T00:00:00+01:00")).toBe("CET");
    expect(zoneName("2026-01-01T00:00:00Z")).toBe("UTC");
    expect(zoneName("2026-01-01T00:00:00+05:30")).toBe("UTC+05:30");
  });
});
