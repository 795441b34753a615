/**
 * pricesInForce, the price of a day that the forecasts (today) and the monthly report (the month's
 * last day) take: on the demo's prices (seed/readings.ts demoQuantityPrices), a yearly price per
 * quantity and electricity's change on 1 July 2025. Runs on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../../app";
import { createDemoBackend } from "../../testing/setup";
import { pricesInForce } from "./prices";

let backend: Backend;
beforeAll(async () => {
  backend = await createDemoBackend();
}, 60_000);
afterAll(() => backend?.close());

describe("the prices in force on a day", () => {
  it("are each quantity's price valid that day: from its first day through its last, the open one after", async () => {
    const quantities = ["heat-energy", "cold-water-volume", "electricity-energy"];
    const on = async (day: string) => Object.fromEntries(await pricesInForce(backend.db, quantities, day));
    const dkk = (price: number) => ({ price, currency: "DKK" });
    expect(await on("2024-06-15")).toEqual({
      "heat-energy": dkk(0.79),
      "cold-water-volume": dkk(64.2),
      "electricity-energy": dkk(2.35),
    });
    expect(await on("2025-06-30")).toMatchObject({ "heat-energy": dkk(0.76), "electricity-energy": dkk(2.35) });
    expect(await on("2025-07-01")).toMatchObject({ "electricity-energy": dkk(2.28) });
    expect(await on("2025-12-31")).toMatchObject({ "heat-energy": dkk(0.76), "cold-water-volume": dkk(67.1) });
    expect(await on("2026-01-01")).toMatchObject({ "heat-energy": dkk(0.82), "cold-water-volume": dkk(69.85) });
    expect(await on("2031-01-01")).toMatchObject({ "heat-energy": dkk(0.82), "electricity-energy": dkk(2.28) });
  });

  it("take the price valid from later where two overlap, and none in a gap between two", async () => {
    // Heat volume has no demo price: one that ended at the end of June 2024, then two open ones.
    await backend.db
      .insertInto("quantity_prices")
      .values([
        { quantity: "heat-volume", price: 1, currency: "DKK", valid_from: "2024-01-01", valid_to: "2024-06-30" },
        { quantity: "heat-volume", price: 3, currency: "DKK", valid_from: "2025-03-01", valid_to: null },
        { quantity: "heat-volume", price: 2, currency: "DKK", valid_from: "2025-01-01", valid_to: null },
      ])
      .execute();
    const on = async (day: string) => (await pricesInForce(backend.db, ["heat-volume"], day)).get("heat-volume");
    expect(await on("2024-06-30")).toEqual({ price: 1, currency: "DKK" });
    expect(await on("2024-07-01")).toBeUndefined();
    expect(await on("2025-02-28")).toEqual({ price: 2, currency: "DKK" });
    expect(await on("2025-03-01")).toEqual({ price: 3, currency: "DKK" });
  });

  it("leave out a quantity without a price that day", async () => {
    expect(await pricesInForce(backend.db, ["heat-energy", "indoor-temperature"], "2023-12-31")).toEqual(new Map());
    expect([...(await pricesInForce(backend.db, ["heat-energy", "indoor-temperature"], "2024-01-01")).keys()]).toEqual([
      "heat-energy",
    ]);
  });
});
