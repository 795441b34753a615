import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { QuantityId } from "@common/quantities";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "../app";
import { rebuildPropertyRollupsIfMissing } from "../consumption/property-rollups";
import type { Database } from "../db/types";
import { silentLogger } from "../logger";
import { insertOneUnitProperty, insertTestMeters } from "../testing/setup";
import type { CliIo } from "./cli-database";
import { parseRebuildArgs, runRebuildPropertyRollups } from "./rebuild-property-rollups";

let dataDir: string;
const openBackend = () => createBackend({ databasePath: join(dataDir, "portal.sqlite"), logger: silentLogger });
const env = () => ({ DATA_DIR: dataDir, PORTAL_URL: "http://portal.example:3000/" });

function recordingIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

/**
 * A database from before the property rollups: a one-unit property whose meter (id 1) has daily
 * rollups of whole days, and the property none.
 */
async function insertMeterWithDays(
  db: Kysely<Database>,
  quantity: QuantityId,
  days: readonly (readonly [day: string, value: number])[],
): Promise<void> {
  await insertOneUnitProperty(db);
  await insertTestMeters(db, [{ id: 1, unitId: 1, quantity }]);
  await db
    .insertInto("consumption_daily")
    .values(days.map(([day, value]) => ({ meter_id: 1, day, value, weight: 24 })))
    .execute();
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "rollups-cli-"));
  const backend = await openBackend();
  try {
    await insertMeterWithDays(backend.db, "heat-energy", [
      ["2025-03-01", 4],
      ["2025-03-02", 5],
    ]);
  } finally {
    await backend.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run rollups:rebuild", () => {
  it("takes no arguments or properties by id", () => {
    expect(parseRebuildArgs([])).toBeUndefined();
    expect(parseRebuildArgs(["--property", "3", "--property", "7"])).toEqual([3, 7]);
    for (const bad of [["--property"], ["--property", "x"], ["3"], ["--property", "0"]]) {
      expect(() => parseRebuildArgs(bad)).toThrow(/^Usage: npm run rollups:rebuild/);
    }
  });

  it("makes the property rollups of DATA_DIR's database from the meters' rollups", async () => {
    const io = recordingIo();
    expect(await runRebuildPropertyRollups([], { env: env(), io })).toBe(0);
    expect(io.stdout[0]).toMatch(/^Rebuilt the property rollups of 1 property in \d+\.\d s\.$/);
    const backend = await openBackend();
    try {
      const days = await backend.db
        .selectFrom("property_daily")
        .select(["day", "value", "units"])
        .orderBy("day")
        .execute();
      expect(days).toEqual([
        { day: "2025-03-01", value: 4, units: 1 },
        { day: "2025-03-02", value: 5, units: 1 },
      ]);
      const runs = await backend.db.selectFrom("property_unit_runs").select(["first_day", "end_day"]).execute();
      expect(runs).toEqual([{ first_day: "2025-03-01", end_day: "2025-03-03" }]);
    } finally {
      await backend.close();
    }
    const unknown = recordingIo();
    expect(await runRebuildPropertyRollups(["--property", "99"], { env: env(), io: unknown })).toBe(1);
    expect(unknown.stderr).toEqual(["No property with id 99"]);
  });
});

describe("a back-end started on a database from before the property rollups", () => {
  it("has nothing to make when its only readings are of averages, at any start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rollups-start-"));
    try {
      const backend = await createBackend({ databasePath: join(dir, "portal.sqlite"), logger: silentLogger });
      try {
        await insertMeterWithDays(backend.db, "indoor-temperature", [["2025-03-01", 21.5]]);
        // Nothing rolled up comes of it, so nothing is missing: the start does not rebuild every time.
        expect(await rebuildPropertyRollupsIfMissing(backend.db)).toBe(false);
        expect(await backend.db.selectFrom("property_unit_runs").select("property_id").execute()).toEqual([]);
      } finally {
        await backend.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes them at its start, once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rollups-start-"));
    const open = () => createBackend({ databasePath: join(dir, "portal.sqlite"), logger: silentLogger });
    try {
      let backend = await open();
      await insertMeterWithDays(backend.db, "heat-energy", [["2025-03-01", 4]]);
      await backend.close();
      backend = await open();
      try {
        expect(await backend.db.selectFrom("property_daily").select(["day", "value", "units"]).execute()).toEqual([
          { day: "2025-03-01", value: 4, units: 1 },
        ]);
        // Kept now: the next start finds them and does not make them again.
        expect(await rebuildPropertyRollupsIfMissing(backend.db)).toBe(false);
      } finally {
        await backend.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
