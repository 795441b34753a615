import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import { topUpDemoReadings } from "../db/seed/readings";
import { graphqlData, signInToUsers } from "../testing/graphql";
import { createDemoBackend } from "../testing/setup";
import { RATING_CACHE_MS } from "./tenant-consumption/rating";

/**
 * consumptionRating is kept for RATING_CACHE_MS (it covers whole past days, so it changes once a
 * day): a change to past readings shows after the cache time, not on the next dashboard view.
 */
let now = new Date("2025-11-20T10:30:00.000Z");
let backend: Backend;
let token: string;
// Anna's unit and enough neighbours for a property average (3 or more other units).
const seededUnits = [101, 102, 103, 104, 108, 109];

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => now });
  await topUpDemoReadings(backend.db, now, { unitIds: seededUnits, fromDay: "2024-10-01" });
  token = (await signInToUsers(backend, demoAccounts.anna.email)).token;
}, 120_000);
afterAll(() => backend?.close());

const ratingOf = async () =>
  (
    await graphqlData<{ consumptionRating: { value: number | null } }>(
      backend,
      "tenant",
      `{ consumptionRating(tenancyId: ${demoTenancyIds.anna}, quantity: "heat-energy") { value } }`,
      { token },
    )
  ).consumptionRating.value;

describe("consumptionRating cache", () => {
  it("keeps a rating for the cache time, then computes it afresh", async () => {
    const before = await ratingOf();
    expect(before).not.toBeNull();
    // Past readings change (an import): halve every rolled-up value of the unit's meters.
    const meters = await backend.db.selectFrom("meters").select("id").where("unit_id", "=", 109).execute();
    const ids = meters.map((m) => m.id);
    for (const table of ["consumption_hourly", "consumption_daily", "consumption_monthly"] as const) {
      await backend.db
        .updateTable(table)
        .set((eb) => ({ value: eb("value", "/", 2) }))
        .where("meter_id", "in", ids)
        .execute();
    }
    expect(await ratingOf()).toBe(before);
    now = new Date(now.getTime() + RATING_CACHE_MS + 1000);
    token = (await signInToUsers(backend, demoAccounts.anna.email)).token; // the old access token expired
    expect(await ratingOf()).toBeCloseTo(before! / 2, 6);
  });
});
