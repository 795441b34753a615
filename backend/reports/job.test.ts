import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend, type Backend } from "../app";
import { demoTenancyIds } from "../db/seed/demo-accounts";
import { silentLogger } from "../logger";
import { generateMonthlyReports, newReportCode, reportMonths } from "./job";

describe("reportMonths", () => {
  it("gives the closed months wholly inside the tenancy, at most 12 back, oldest first", () => {
    expect(reportMonths({ start: "2020-01-01", end: null }, "2026-11-25")).toEqual([
      "2025-11", "2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10",
    ]);
  });

  it("starts a resident who moved in on the 14th with the next month, one who moved in on the 1st with that month", () => {
    expect(reportMonths({ start: "2026-08-14", end: null }, "2026-11-25")).toEqual(["2026-09", "2026-10"]);
    expect(reportMonths({ start: "2026-08-01", end: null }, "2026-11-25")).toEqual(["2026-08", "2026-09", "2026-10"]);
  });

  it("gives none for months outside the tenancy, nor for a month it leaves before its end", () => {
    expect(reportMonths({ start: "2021-01-01", end: "2026-09-15" }, "2026-11-25").at(-1)).toBe("2026-08");
    expect(reportMonths({ start: "2021-01-01", end: "2026-09-30" }, "2026-11-25").at(-1)).toBe("2026-09");
    expect(reportMonths({ start: "2019-01-01", end: "2023-07-31" }, "2026-11-25")).toEqual([]);
    expect(reportMonths({ start: "2026-11-03", end: null }, "2026-11-25")).toEqual([]);
  });

  it("closes a month only when it has ended (the 1st of the next)", () => {
    expect(reportMonths({ start: "2026-01-01", end: null }, "2026-11-01").at(-1)).toBe("2026-10");
    expect(reportMonths({ start: "2026-01-01", end: null }, "2026-10-31").at(-1)).toBe("2026-09");
  });
});

describe("report codes", () => {
  it("are 144 random bits, URL-safe, never the same", () => {
    const codes = new Set(Array.from({ length: 1000 }, newReportCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe("generateMonthlyReports", () => {
  let backend: Backend;
  const now = new Date("2026-11-25T06:00:00.000Z");
  beforeAll(async () => {
    backend = await createBackend({ databasePath: ":memory:", seedDemo: true, logger: silentLogger, now: () => now });
  }, 60_000);
  afterAll(() => backend?.close());

  it("makes each due report exactly once, however often it runs", async () => {
    const first = await generateMonthlyReports(backend.db, now);
    expect(first.created.length).toBeGreaterThan(0);
    const second = await generateMonthlyReports(backend.db, now);
    expect(second.created).toEqual([]);
    const anna = await backend.db.selectFrom("consumption_reports").select(["month", "code", "expires_at"]).where("tenancy_id", "=", demoTenancyIds.anna).orderBy("month").execute();
    expect(anna.map((row) => row.month)).toEqual(reportMonths({ start: "2023-08-01", end: null }, "2026-11-25"));
    expect(anna).toHaveLength(12);
    const ended = await backend.db.selectFrom("consumption_reports").select("id").where("tenancy_id", "=", demoTenancyIds.annaPredecessor).execute();
    expect(ended).toEqual([]);
    // On 1 December, November has closed: its reports are the only new ones.
    const later = await generateMonthlyReports(backend.db, new Date("2026-12-01T06:00:00.000Z"));
    expect(new Set(later.created.map((row) => row.month))).toEqual(new Set(["2026-11"]));
  });
});
