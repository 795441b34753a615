import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Backend } from "../app";
import { demoAccounts, demoTenancyIds, demoUnitUniqueIds } from "../db/seed/demo-accounts";
import type { Database, TenancyRow } from "../db/types";
import { createDemoBackend } from "../testing/setup";
import {
  assertTenancyAdmin,
  assertTenancyMember,
  assertUnitVisible,
  tenanciesOfUser,
  tenancyDataWindow,
  unitsVisibleToUser,
} from "./access";
import { errorCodeOf } from "./errors";

let backend: Backend;
let db: Kysely<Database>;
const userIds: Record<string, number> = {};

beforeAll(async () => {
  backend = await createDemoBackend();
  db = backend.db;
  for (const row of await db.selectFrom("users").select(["id", "email"]).execute()) userIds[row.email] = row.id;
});
afterAll(() => backend.close());

const idOf = (key: keyof typeof demoAccounts) => userIds[demoAccounts[key].email]!;

async function codeOfRejection(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return errorCodeOf(error);
  }
  return "resolved";
}

describe("access helpers", () => {
  it("tenanciesOfUser lists the user's tenancies", async () => {
    expect((await tenanciesOfUser(db, idOf("jens"))).map((tenancy) => tenancy.id)).toEqual([
      demoTenancyIds.jensFirst,
      demoTenancyIds.jensSecond,
    ]);
    expect(await tenanciesOfUser(db, idOf("nora"))).toEqual([]);
  });

  it("assertTenancyMember returns the member's tenancy and refuses anyone else with FORBIDDEN", async () => {
    expect((await assertTenancyMember(db, idOf("anna"), demoTenancyIds.anna)).id).toBe(demoTenancyIds.anna);
    expect((await assertTenancyMember(db, idOf("anna"), String(demoTenancyIds.anna))).id).toBe(demoTenancyIds.anna);
    expect(await codeOfRejection(assertTenancyMember(db, idOf("jens"), demoTenancyIds.anna))).toBe("FORBIDDEN");
    expect(await codeOfRejection(assertTenancyMember(db, idOf("anna"), demoTenancyIds.annaPredecessor))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOfRejection(assertTenancyMember(db, idOf("anna"), 999_999))).toBe("FORBIDDEN");
    expect(await codeOfRejection(assertTenancyMember(db, idOf("anna"), "7009 OR 1=1"))).toBe("FORBIDDEN");
  });

  it("a pending invitation gives no access yet", async () => {
    expect(await codeOfRejection(assertTenancyMember(db, idOf("sofie"), demoTenancyIds.jensFirst))).toBe("FORBIDDEN");
    expect(await tenanciesOfUser(db, idOf("sofie"))).toEqual([]);
  });

  it("assertTenancyAdmin tells admins from plain members", async () => {
    expect((await assertTenancyAdmin(db, idOf("jens"), demoTenancyIds.jensFirst)).id).toBe(demoTenancyIds.jensFirst);
    expect(await codeOfRejection(assertTenancyAdmin(db, idOf("jens"), demoTenancyIds.jensSecond))).toBe("FORBIDDEN");
    expect((await assertTenancyAdmin(db, idOf("mette"), demoTenancyIds.jensSecond)).id).toBe(demoTenancyIds.jensSecond);
  });

  it("unitsVisibleToUser and assertUnitVisible follow the tenancies", async () => {
    const annaUnits = await unitsVisibleToUser(db, idOf("anna"));
    expect(annaUnits.map((unit) => unit.unique_id)).toEqual([demoUnitUniqueIds.anna]);
    expect((await assertUnitVisible(db, idOf("anna"), annaUnits[0]!.id)).unique_id).toBe(demoUnitUniqueIds.anna);
    expect(await codeOfRejection(assertUnitVisible(db, idOf("jens"), annaUnits[0]!.id))).toBe("FORBIDDEN");
  });

  it("tenancyDataWindow is bounded by the tenancy and its data availability", () => {
    const base: TenancyRow = {
      id: 1,
      unit_id: 1,
      tenant_name: "x",
      start_date: "2019-05-01",
      end_date: null,
      use_new_backend: 1,
      billing_period_start: null,
      billing_period_end: null,
      data_availability_start: "2020-01-01",
      data_availability_end: null,
    };
    expect(tenancyDataWindow(base)).toEqual({ from: "2020-01-01", to: null });
    expect(tenancyDataWindow({ ...base, data_availability_start: null, end_date: "2023-07-31" })).toEqual({
      from: "2019-05-01",
      to: "2023-07-31",
    });
    expect(tenancyDataWindow({ ...base, end_date: "2024-12-31", data_availability_end: "2024-06-30" })).toEqual({
      from: "2020-01-01",
      to: "2024-06-30",
    });
  });
});
