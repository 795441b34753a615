/**
 * Hourly values only where the property has the HOURLY_VALUES setting and the tenancy is on the new
 * back-end (spec section 4): the back-end refuses HOURLY elsewhere with HOURLY_VALUES_DISABLED,
 * whatever the caller asks, and serves every other resolution. Runs on PostgreSQL too when
 * TEST_DATABASE_URL is set (ADR 0031).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TenantGraphQuery, TenantTableQuery } from "../../../app/services/tenant/documents";
import type { Backend } from "../../app";
import { dailyOnlyAccount, dailyOnlyMeters, dailyOnlyTenancyId } from "../../db/seed/daily-only-property";
import { demoAccounts, demoTenancyIds } from "../../db/seed/demo-accounts";
import { demoProperty } from "../../db/seed/demo-plan";
import { firstErrorCode, graphql, signInToUsers } from "../../testing/graphql";
import { createDemoBackendWithReadings } from "../../testing/setup";

const NOW = new Date("2025-11-20T10:30:00.000Z");
const ANNA_UNIT = 109;

let backend: Backend;
const tokens: Record<"ida" | "anna", string> = { ida: "", anna: "" };

beforeAll(async () => {
  // Anna's home and (always) Ida's, a few weeks of readings.
  backend = await createDemoBackendWithReadings(NOW, { unitIds: [ANNA_UNIT], fromDay: "2025-10-01" });
  tokens.ida = (await signInToUsers(backend, dailyOnlyAccount.email)).token;
  tokens.anna = (await signInToUsers(backend, demoAccounts.anna.email)).token;
}, 120_000);
afterAll(() => backend?.close());

const day = { periodBegin: "2025-11-18T00:00:00", periodEnd: "2025-11-18T23:59:00" };

async function graphOf(user: "ida" | "anna", input: Record<string, unknown>) {
  const tenancyId = user === "ida" ? dailyOnlyTenancyId : demoTenancyIds.anna;
  const result = await graphql<{
    tenantGraph: { timestamps: string[]; graphs: { consumption: { values: (number | null)[] } }[] };
  }>(backend, "tenant", TenantGraphQuery, {
    token: tokens[user],
    variables: { graph: { tenancyId, quantities: ["heat-energy"], ...day, ...input } },
  });
  return { code: firstErrorCode(result), data: result.body.data?.tenantGraph };
}

describe("hourly values and the property's setting", () => {
  it("are refused where the property has no HOURLY_VALUES setting, with their own error code", async () => {
    expect((await graphOf("ida", { resolution: "HOURLY" })).code).toBe("HOURLY_VALUES_DISABLED");
    // One meter (the readings download) and a comparison ask the same hours: refused alike.
    const meter = dailyOnlyMeters.find((candidate) => candidate.quantity === "heat-energy")!;
    expect((await graphOf("ida", { resolution: "HOURLY", meterNumber: meter.number })).code).toBe(
      "HOURLY_VALUES_DISABLED",
    );
    expect((await graphOf("ida", { resolution: "HOURLY", compareWith: ["PREVIOUS_PERIOD"] })).code).toBe(
      "HOURLY_VALUES_DISABLED",
    );
  });

  it("leave every other resolution of such a property served, with its values", async () => {
    for (const resolution of ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"]) {
      const { code, data } = await graphOf("ida", { resolution });
      expect(code, resolution).toBeUndefined();
      expect(
        data?.graphs[0]?.consumption.values.some((value) => value !== null),
        resolution,
      ).toBe(true);
    }
    const table = await graphql(backend, "tenant", TenantTableQuery, {
      token: tokens.ida,
      variables: { table: { tenancyId: dailyOnlyTenancyId, quantities: ["heat-energy"], ...day } },
    });
    expect(firstErrorCode(table)).toBeUndefined();
  });

  it("are served where the property has the setting, and refused once it is removed", async () => {
    const served = await graphOf("anna", { resolution: "HOURLY" });
    expect(served.code).toBeUndefined();
    expect(served.data?.timestamps).toHaveLength(24);
    await backend.db.deleteFrom("property_settings").where("property_id", "=", demoProperty.id).execute();
    try {
      expect((await graphOf("anna", { resolution: "HOURLY" })).code).toBe("HOURLY_VALUES_DISABLED");
    } finally {
      await backend.db
        .insertInto("property_settings")
        .values({ property_id: demoProperty.id, kind: "HOURLY_VALUES" })
        .execute();
    }
  });

  it("are refused to a tenancy not on the new back-end, whose setting is not read", async () => {
    await backend.db
      .updateTable("tenancies")
      .set({ use_new_backend: 0 })
      .where("id", "=", demoTenancyIds.anna)
      .execute();
    try {
      expect((await graphOf("anna", { resolution: "HOURLY" })).code).toBe("HOURLY_VALUES_DISABLED");
      expect((await graphOf("anna", { resolution: "DAILY" })).code).toBeUndefined();
    } finally {
      await backend.db
        .updateTable("tenancies")
        .set({ use_new_backend: 1 })
        .where("id", "=", demoTenancyIds.anna)
        .execute();
    }
  });

  it("are refused only after access is checked: another resident's tenancy stays FORBIDDEN", async () => {
    const result = await graphql(backend, "tenant", TenantGraphQuery, {
      token: tokens.ida,
      variables: {
        graph: { tenancyId: demoTenancyIds.anna, quantities: ["heat-energy"], resolution: "HOURLY", ...day },
      },
    });
    expect(firstErrorCode(result)).toBe("FORBIDDEN");
  });
});
