import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoAccounts, demoUnitUniqueIds } from "../db/seed/demo-accounts";
import { firstErrorCode, graphql, graphqlData, signInToUsers } from "../testing/graphql";
import { createDemoBackend } from "../testing/setup";

let backend: Backend;
beforeAll(async () => {
  backend = await createDemoBackend();
});
afterAll(() => backend.close());

const tenantUnitsQuery = /* GraphQL */ `{
  tenantUnits {
    objectDetails {
      id kind
      property { id number address city zipcode }
      unit { id unitUniqueId name tenantName floorArea rooms }
      group { id }
      measurementPoint { id }
    }
    path { property { id number settings { kind } co2Factors { quantity gramPerQuantityUnit } } }
    meters { id number roomName quantity }
  }
}`;

interface TenantUnitData {
  objectDetails: {
    id: string;
    kind: string;
    property: { id: string; number: string; address: string; city: string; zipcode: string };
    unit: {
      id: string;
      unitUniqueId: string;
      name: string;
      tenantName: string | null;
      floorArea: number;
      rooms: number;
    };
    group: null;
    measurementPoint: null;
  };
  path: {
    property: {
      id: string;
      number: string;
      settings: { kind: string }[];
      co2Factors: { quantity: string; gramPerQuantityUnit: number }[];
    };
  };
  meters: { id: string; number: string; roomName: string | null; quantity: string }[];
}

async function tenantUnitsOf(email: string): Promise<TenantUnitData[]> {
  const { token } = await signInToUsers(backend, email);
  return (await graphqlData<{ tenantUnits: TenantUnitData[] }>(backend, "tenant", tenantUnitsQuery, { token }))
    .tenantUnits;
}

describe("tenantUnits", () => {
  it("needs a users-service token", async () => {
    expect(firstErrorCode(await graphql(backend, "tenant", tenantUnitsQuery))).toBe("UNAUTHENTICATED");
  });

  it("returns only the caller's units, with exactly their meters", async () => {
    const units = await tenantUnitsOf(demoAccounts.jens.email);
    const uniqueIds = units.map((unit) => unit.objectDetails.unit.unitUniqueId).sort();
    expect(uniqueIds).toEqual([demoUnitUniqueIds.jensFirst, demoUnitUniqueIds.jensSecond].sort());

    for (const unit of units) {
      const dbMeters = await backend.db
        .selectFrom("meters")
        .innerJoin("units", "units.id", "meters.unit_id")
        .select(["meters.id", "meters.number"])
        .where("units.unique_id", "=", unit.objectDetails.unit.unitUniqueId)
        .orderBy("meters.id")
        .execute();
      expect(unit.meters.map((meter) => meter.number)).toEqual(dbMeters.map((meter) => meter.number));
      expect(unit.objectDetails.kind).toBe("UNIT");
      expect(unit.objectDetails.group).toBeNull();
    }
  });

  it("carries the property's settings and CO2 factors", async () => {
    const [unit] = await tenantUnitsOf(demoAccounts.anna.email);
    expect(unit!.path.property.settings).toEqual([{ kind: "HOURLY_VALUES" }]);
    const factors = new Map(
      unit!.path.property.co2Factors.map((factor) => [factor.quantity, factor.gramPerQuantityUnit]),
    );
    expect([...factors.keys()].sort()).toEqual([
      "cold-water-volume",
      "electricity-energy",
      "gas-volume",
      "heat-energy",
      "hot-water-volume",
    ]);
    for (const grams of factors.values()) expect(grams).toBeGreaterThan(0);
    expect(unit!.objectDetails.property).toEqual({
      id: unit!.path.property.id,
      number: "1042",
      address: "Nørrebrogade 148",
      city: "København N",
      zipcode: "2200",
    });
  });

  it("names the caller's own tenancy as tenant, never the previous tenant", async () => {
    const [unit] = await tenantUnitsOf(demoAccounts.anna.email);
    expect(unit!.objectDetails.unit).toMatchObject({
      unitUniqueId: demoUnitUniqueIds.anna,
      tenantName: demoAccounts.anna.name,
    });
    expect(unit!.objectDetails.unit.floorArea).toBeGreaterThanOrEqual(40);
    expect(unit!.objectDetails.unit.rooms).toBeGreaterThanOrEqual(1);
  });

  it("has meters per room for heat cost allocators and indoor climate", async () => {
    const [unit] = await tenantUnitsOf(demoAccounts.anna.email);
    const hca = unit!.meters.filter((meter) => meter.quantity === "hca");
    expect(hca.length).toBeGreaterThanOrEqual(3);
    expect(hca.every((meter) => meter.roomName !== null)).toBe(true);
    expect(unit!.meters.some((meter) => meter.quantity === "indoor-temperature" && meter.roomName === "Stue")).toBe(
      true,
    );
  });

  it("returns nothing for a user without tenancies", async () => {
    expect(await tenantUnitsOf(demoAccounts.nora.email)).toEqual([]);
  });
});
