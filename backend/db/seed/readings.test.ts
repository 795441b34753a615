import { describe, expect, it } from "vitest";
import { type Backend, createBackend } from "../../app";
import { silentLogger } from "../../logger";
import { dumpTables } from "../../testing/dump";
import { createDemoBackend } from "../../testing/setup";
import { demoHistoryStart, topUpDemoReadings } from "./readings";

const T1 = new Date("2025-10-25T21:10:00.000Z");
const T2 = new Date("2025-10-27T05:40:00.000Z"); // across the autumn change

async function seeded(): Promise<Backend> {
  return createDemoBackend();
}
const readingsOf = async (backend: Backend) => {
  const dump = await dumpTables(backend.db);
  return {
    r: dump.meter_readings,
    h: dump.consumption_hourly,
    d: dump.consumption_daily,
    m: dump.consumption_monthly,
    p: dump.market_prices,
  };
};

describe("demo readings", () => {
  it("topped up hour by hour equal those written in one go (the same hour gives the same value everywhere)", async () => {
    const [stepwise, atOnce] = [await seeded(), await seeded()];
    try {
      const first = await topUpDemoReadings(stepwise.db, T1, { unitIds: [101], fromDay: "2025-10-20" });
      expect(first.readings).toBeGreaterThan(0);
      const second = await topUpDemoReadings(stepwise.db, T2, { unitIds: [101], fromDay: "2025-10-20" });
      expect(second.readings).toBe(second.meters * 32); // 21:00Z → 05:00Z two days on: 32 hours
      await topUpDemoReadings(atOnce.db, T2, { unitIds: [101], fromDay: "2025-10-20" });
      expect(await readingsOf(stepwise)).toEqual(await readingsOf(atOnce));
    } finally {
      await Promise.all([stepwise.close(), atOnce.close()]);
    }
  });

  it("are idempotent: a second top-up in the same hour writes nothing", async () => {
    const backend = await seeded();
    try {
      await topUpDemoReadings(backend.db, T1, { unitIds: [102], fromDay: "2025-10-01" });
      const before = await readingsOf(backend);
      expect(await topUpDemoReadings(backend.db, new Date(T1.getTime() + 60_000), { unitIds: [102] })).toMatchObject({
        readings: 0,
      });
      expect(await readingsOf(backend)).toEqual(before);
      // Readings reach the current hour, market prices the end of tomorrow.
      const last = await backend.db
        .selectFrom("meter_readings")
        .select((eb) => eb.fn.max("ts").as("ts"))
        .executeTakeFirstOrThrow();
      expect(last.ts).toBe(Date.UTC(2025, 9, 25, 21) / 1000);
      const lastPrice = await backend.db
        .selectFrom("market_prices")
        .select((eb) => eb.fn.max("hour").as("hour"))
        .executeTakeFirstOrThrow();
      expect(lastPrice.hour).toBe(Date.UTC(2025, 9, 26, 22) / 1000); // 23:00 local on 26 October
    } finally {
      await backend.close();
    }
  });

  it("start at least two years back, never before the anchor", () => {
    expect(demoHistoryStart(new Date("2026-11-22T03:00:00Z"))).toBe("2024-10-01");
    expect(demoHistoryStart(new Date("2025-03-01T03:00:00Z"))).toBe("2024-01-01");
  });

  it("leave a database the demo seed did not build alone", async () => {
    const plain = await createBackend({ databasePath: ":memory:", logger: silentLogger });
    try {
      expect(await topUpDemoReadings(plain.db, T1)).toEqual({ meters: 0, readings: 0, milliseconds: 0 });
    } finally {
      await plain.close();
    }
  });
});
