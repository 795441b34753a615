/**
 * Test helpers: a back-end on a throw-away demo database, and the rows several tests look up or add
 * the same way.
 */
import type { QuantityId } from "@common/quantities";
import type { Kysely } from "kysely";
import { type Backend, type BackendOptions, createBackend } from "../app";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import { topUpDemoReadings } from "../db/seed/readings";
import { insertChunked, insertMeters, unitRow } from "../db/seed/seed-step";
import type { Database } from "../db/types";
import { silentLogger } from "../logger";
import type { TestClock } from "./clock";
import { signInToUsers } from "./graphql";

/** A back-end on a fresh in-memory database with the demo data, logging nothing; `options` add to or replace that. */
export function createDemoBackend(options: Partial<BackendOptions> = {}): Promise<Backend> {
  return createBackend({ databasePath: ":memory:", seedDemo: true, logger: silentLogger, ...options });
}

/**
 * A demo back-end fixed at `now` whose units `readings.unitIds` have the demo's readings from
 * `readings.fromDay` up to `now` (and the daily-only home, which always has them).
 */
export async function createDemoBackendWithReadings(
  now: Date,
  readings: { unitIds: readonly number[]; fromDay: string },
): Promise<Backend> {
  const backend = await createDemoBackend({ now: () => now });
  await topUpDemoReadings(backend.db, now, readings);
  return backend;
}

/** Jens's first home (he is its admin) as the services describe it. */
export const jensFirstHome = {
  id: demoTenancyIds.jensFirst,
  address: "Nørrebrogade 148B, 4. tv.",
  zipcode: "2200",
  city: "København N",
} as const;

/** The portal a test back-end's e-mails link to. */
export const testPortalUrl = "http://portal.test";

/** A demo back-end on this clock, set back to its start, whose e-mails link to testPortalUrl; `options` add to that. */
export function createDemoBackendOn(clock: TestClock, options: Partial<BackendOptions> = {}): Promise<Backend> {
  clock.set(0);
  return createDemoBackend({
    now: clock.now,
    ...options,
    accountFlows: { portalUrl: `${testPortalUrl}/`, ...options.accountFlows },
  });
}

export type DemoAccountKey = keyof typeof demoAccounts;

/** The id of the user with this e-mail; fails when there is none. */
export async function userIdOf(db: Kysely<Database>, email: string): Promise<number> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** The ids of a unit's meters of one quantity. */
export async function meterIdsOf(db: Kysely<Database>, unitId: number, quantity: string): Promise<number[]> {
  const rows = await db
    .selectFrom("meters")
    .select("id")
    .where("unit_id", "=", unitId)
    .where("quantity", "=", quantity)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Per hour start (epoch ms) the meters' consumption from their raw register readings (the next
 * reading less this one, summed over the meters): for oracles, not the rollups.
 */
export async function hourlyFromRegisters(
  db: Kysely<Database>,
  meterIds: readonly number[],
): Promise<Map<number, number>> {
  const hourly = new Map<number, number>();
  for (const registers of (await rawRegistersOf(db, meterIds)).values()) {
    const rows = [...registers].sort(([a], [b]) => a - b);
    for (let i = 1; i < rows.length; i++) {
      const ms = rows[i - 1]![0] * 1000;
      hourly.set(ms, (hourly.get(ms) ?? 0) + (rows[i]![1] - rows[i - 1]![1]));
    }
  }
  return hourly;
}

/** The raw register readings of each meter (epoch seconds → register), for oracles; every id has a map. */
export async function rawRegistersOf(
  db: Kysely<Database>,
  meterIds: readonly number[],
): Promise<Map<number, Map<number, number>>> {
  const registers = new Map(meterIds.map((id) => [id, new Map<number, number>()]));
  if (meterIds.length === 0) return registers;
  const rows = await db
    .selectFrom("meter_readings")
    .select(["meter_id", "ts", "value"])
    .where("meter_id", "in", meterIds)
    .execute();
  for (const row of rows) registers.get(row.meter_id)!.set(Number(row.ts), row.value);
  return registers;
}

/** The raw outdoor samples (epoch seconds, °C) of the property a unit belongs to, for oracles. */
export async function outdoorSamplesOfUnit(
  db: Kysely<Database>,
  unitId: number,
): Promise<{ ts: number; celsius: number }[]> {
  const rows = await db
    .selectFrom("outdoor_readings as r")
    .innerJoin("outdoor_meters as m", "m.id", "r.meter_id")
    .innerJoin("units as u", "u.property_id", "m.property_id")
    .select(["r.ts", "r.celsius"])
    .where("u.id", "=", unitId)
    .execute();
  return rows.map((row) => ({ ts: Number(row.ts), celsius: row.celsius }));
}

/** The quantities a tenancy's unit has meters of, in alphabetical order. */
export async function measuredQuantitiesOf(db: Kysely<Database>, tenancyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("meters")
    .innerJoin("tenancies", "tenancies.unit_id", "meters.unit_id")
    .select("meters.quantity")
    .distinct()
    .where("tenancies.id", "=", tenancyId)
    .orderBy("meters.quantity")
    .execute();
  return rows.map((row) => row.quantity);
}

/**
 * Makes Nora (no tenancies of her own) an admin member of the tenancy before Anna's, which ended
 * 2023-07-31: a resident who has moved out.
 */
export async function makeNoraFormerResident(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .insertInto("tenancy_members")
    .values({
      tenancy_id: demoTenancyIds.annaPredecessor,
      user_id: await userIdOf(db, demoAccounts.nora.email),
      is_admin: 1,
      invitation_pending: 0,
      created_at: now.toISOString(),
    })
    .execute();
}

/** Signs these demo accounts in to the users service; their access tokens by account key. */
export async function usersTokensOf(
  backend: Pick<Backend, "fetch">,
  keys: readonly DemoAccountKey[],
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const key of keys) tokens[key] = (await signInToUsers(backend, demoAccounts[key].email)).token;
  return tokens;
}

/** A unit a test adds: its property and floor area, the rest as any home has it. */
export interface TestUnit {
  id: number;
  propertyId: number;
  floorArea: number;
}

/** A meter a test adds, numbered `M<id>`; in no room unless it names one. */
export interface TestMeter {
  id: number;
  unitId: number;
  quantity: QuantityId;
  roomName?: string | null;
}

/** Properties in Aarhus at "Vej <id>", with these ids and no settings. */
export async function insertTestProperties(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await db
    .insertInto("properties")
    .values(
      ids.map((id) => ({
        id,
        number: String(id),
        address: `Vej ${id}`,
        zipcode: "8000",
        city: "Aarhus",
        country: "DK",
      })),
    )
    .execute();
}

/** Units of two rooms at their property's address, named after their ids. */
export async function insertTestUnits(db: Kysely<Database>, units: readonly TestUnit[]): Promise<void> {
  await insertChunked(
    db,
    "units",
    units.map((unit) =>
      unitRow({
        ...unit,
        uniqueId: `U${unit.id}`,
        name: String(unit.id),
        apartment: String(unit.id),
        address: `Vej ${unit.propertyId}`,
        rooms: 2,
      }),
    ),
  );
}

export async function insertTestMeters(db: Kysely<Database>, meters: readonly TestMeter[]): Promise<void> {
  await insertMeters(
    db,
    meters.map((meter) => ({ ...meter, number: `M${meter.id}`, roomName: meter.roomName ?? null })),
  );
}

/** A property (id 1) with one unit (id 1, 50 m², 2 rooms) and no meters: the smallest place readings can go. */
export async function insertOneUnitProperty(db: Kysely<Database>): Promise<void> {
  await insertTestProperties(db, [1]);
  await insertTestUnits(db, [{ id: 1, propertyId: 1, floorArea: 50 }]);
}

/** Moves a property to `country` (ISO 3166 alpha-2), whose normal year it then falls back on. */
export async function setPropertyCountry(db: Kysely<Database>, propertyId: number, country: string): Promise<void> {
  await db.updateTable("properties").set({ country }).where("id", "=", propertyId).execute();
}

/** The row of a tenancy; fails when there is none. */
export function tenancyRow(db: Kysely<Database>, tenancyId: number) {
  return db.selectFrom("tenancies").selectAll().where("id", "=", tenancyId).executeTakeFirstOrThrow();
}
