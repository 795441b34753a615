/**
 * The unit scope every consumption query starts from: read in one round of statements sent
 * together, the same for a resident's call (membership checked) as for the back-end's own jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../../app";
import { demoAccounts, demoTenancyIds } from "../../db/seed/demo-accounts";
import type { UserRow } from "../../db/types";
import { createDemoBackend, tenancyRow } from "../../testing/setup";
import { countingStatements } from "../../testing/statements";
import type { ServiceContext } from "../context";
import { scopeOfTenancy, unitScopeOf } from "./unit-scope";

const NOW = new Date("2025-11-20T10:30:00.000Z");
let backend: Backend;

beforeAll(async () => {
  backend = await createDemoBackend({ now: () => NOW });
}, 120_000);
afterAll(() => backend?.close());

/** A service context of `email`'s user whose statements are counted (the caller is not a statement here). */
async function contextOf(email: string) {
  const caller = (await backend.db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirstOrThrow()) as UserRow;
  const counting = countingStatements(backend.db);
  const ctx = {
    db: counting.db,
    now: NOW,
    requireCaller: async () => caller,
    claimedCallerId: () => caller.id,
  } as unknown as ServiceContext;
  return { ctx, count: counting.count };
}

describe("the unit scope", () => {
  it("is read in four statements sent at once, whatever the unit has", async () => {
    const { ctx, count } = await contextOf(demoAccounts.anna.email);
    const scope = await unitScopeOf(ctx, demoTenancyIds.anna);
    // The tenancy with its unit, property and unit count; the meters; the CO2 factors; the settings.
    expect(count()).toBe(4);
    expect(scope.tenancy.id).toBe(demoTenancyIds.anna);
    expect(scope.unit.id).toBe(scope.tenancy.unit_id);
    expect(scope.property.id).toBe(scope.unit.property_id);
    expect(scope.meters.length).toBeGreaterThan(0);
    expect(scope.meters.every((meter) => meter.unitId === scope.unit.id)).toBe(true);
    // Asked again in the same request, nothing more is read.
    await unitScopeOf(ctx, demoTenancyIds.anna);
    expect(count()).toBe(4);
  });

  it("equals what the back-end's jobs read for the same tenancy, row for row", async () => {
    const { ctx } = await contextOf(demoAccounts.anna.email);
    const scope = await unitScopeOf(ctx, demoTenancyIds.anna);
    const tenancy = await tenancyRow(backend.db, demoTenancyIds.anna);
    const unit = await backend.db
      .selectFrom("units")
      .selectAll()
      .where("id", "=", tenancy.unit_id)
      .executeTakeFirstOrThrow();
    const property = await backend.db
      .selectFrom("properties")
      .selectAll()
      .where("id", "=", unit.property_id)
      .executeTakeFirstOrThrow();
    const units = await backend.db
      .selectFrom("units")
      .select("id")
      .where("property_id", "=", unit.property_id)
      .execute();
    const job = await scopeOfTenancy({ db: backend.db, now: NOW }, tenancy);
    for (const read of [scope, job]) {
      expect(read.tenancy).toEqual(tenancy);
      expect(read.unit).toEqual(unit);
      expect(read.property).toEqual(property);
      expect(read.hasNeighbours).toBe(units.length > 1);
    }
    expect(job.meters).toEqual(scope.meters);
    expect([...job.co2Factors]).toEqual([...scope.co2Factors]);
    expect(job.hourlyValues).toBe(scope.hourlyValues);
  });

  it("is refused (FORBIDDEN) for a tenancy the caller is not a member of, or one that does not exist", async () => {
    const { ctx } = await contextOf(demoAccounts.anna.email);
    await expect(unitScopeOf(ctx, demoTenancyIds.emma)).rejects.toMatchObject({ extensions: { code: "FORBIDDEN" } });
    await expect(unitScopeOf(ctx, demoTenancyIds.annaPredecessor)).rejects.toMatchObject({
      extensions: { code: "FORBIDDEN" },
    });
    await expect(unitScopeOf(ctx, 999_999)).rejects.toMatchObject({ extensions: { code: "FORBIDDEN" } });
  });
});
