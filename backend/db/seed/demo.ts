/**
 * The deterministic demo seed: one Copenhagen property with 32 units, their meters, tenancies
 * (some ended, with a successor), demo accounts, activation codes and an allocation statement.
 *
 * Deterministic: no Math.random and no current date. Variety comes from a seeded PRNG, so every
 * machine and every run produces identical rows (refresh tokens aside).
 *
 * Seeding is a list of named steps, each applied once in its own transaction and recorded in
 * seed_steps (like migrations). The demo seed runs only on a database that is empty or was
 * seeded by it before, so a database with real data is never touched. To extend it (readings,
 * prices, alarms ...), append a step to `demoSeedSteps` with the next number; existing demo
 * databases then get just the new step on the next start. Never change a released step.
 */
import { advanceIdentities } from "../migrations/dialect";
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Insertable, Kysely, Transaction } from "kysely";
import { quantityDefinition, type QuantityId } from "@common/quantities";
import { hashActivationCode } from "../../services/activation-codes";
import { hashPassword } from "../../services/passwords";
import { demoStatementPdf } from "../../statements/demo-statement-pdf";
import { statementFilePath } from "../../statements/files";
import { toSqlBoolean, type Database, type IsoDate, type UserType } from "../types";
import { moreDemoMeters } from "./more-quantities";
import { demoQuantityPrices } from "./readings";
import {
  DEMO_PASSWORD,
  DEMO_PROPERTY_NUMBER,
  demoAccounts,
  demoActivationCodes,
  demoInvitation,
  demoPropertyContact,
  demoSpecialAccounts,
  demoTenancyIds,
  type DemoAccountKey,
} from "./demo-accounts";

// ---------------------------------------------------------------------------------------------
// Deterministic helpers

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A PRNG seeded from a name, so each part of the plan has its own independent sequence. */
function prngFor(name: string): () => number {
  return createPrng(createHash("sha256").update(name).digest().readUInt32BE(0));
}

const intBetween = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

function addDays(date: IsoDate, days: number): IsoDate {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

const pad2 = (value: number) => String(value).padStart(2, "0");

// ---------------------------------------------------------------------------------------------
// The plan: every row, computed as plain data (later seed steps and tests can reuse it)

export const demoProperty = {
  id: 1,
  number: DEMO_PROPERTY_NUMBER,
  address: "Nørrebrogade 148",
  zipcode: "2200",
  city: "København N",
  country: "DK",
} as const;

export const demoPropertySettings = ["HOURLY_VALUES"] as const;

/** Grams of CO2 per unit of measure (kWh or m3), plausible Danish values. */
export const demoCo2Factors: readonly { quantity: QuantityId; gramPerQuantityUnit: number }[] = [
  { quantity: "heat-energy", gramPerQuantityUnit: 62 }, // Copenhagen district heating, g/kWh
  { quantity: "electricity-energy", gramPerQuantityUnit: 135 }, // Danish grid mix, g/kWh
  { quantity: "hot-water-volume", gramPerQuantityUnit: 3400 }, // ~55 kWh heat per m3, g/m3
  { quantity: "cold-water-volume", gramPerQuantityUnit: 290 }, // supply and waste water, g/m3
  { quantity: "gas-volume", gramPerQuantityUnit: 2150 }, // natural gas, g/m3
];

/** The date from which the property has meter data. */
export const demoDataStart: IsoDate = "2020-01-01";

/** Billing periods in force at the demo's reference time (2026): per staircase. */
const billingCycles = {
  calendar: { start: "2026-01-01", end: "2026-12-31" },
  mayToApril: { start: "2026-05-01", end: "2027-04-30" },
} as const;

export interface PlannedUnit {
  /** 1–32 */
  number: number;
  id: number;
  uniqueId: string;
  staircase: "A" | "B";
  floor: number;
  apartment: string;
  address: string;
  name: string;
  floorArea: number;
  rooms: number;
  billingCycle: keyof typeof billingCycles;
}

export interface PlannedMeter {
  id: number;
  unitId: number;
  number: string;
  roomName: string | null;
  quantity: QuantityId;
}

export interface PlannedTenancy {
  id: number;
  unitId: number;
  tenantName: string;
  startDate: IsoDate;
  endDate: IsoDate | null;
  useNewBackend: boolean;
  billingPeriod: { start: IsoDate; end: IsoDate };
  /** Null when the tenancy ended before the property had meter data. */
  dataAvailability: { start: IsoDate; end: IsoDate | null } | null;
}

const floorLabels = ["st.", "1.", "2.", "3.", "4.", "5.", "6.", "7."] as const;
/** Doors per floor: two per staircase. */
const doors = [
  { staircase: "A", side: "tv." },
  { staircase: "A", side: "th." },
  { staircase: "B", side: "tv." },
  { staircase: "B", side: "th." },
] as const;

export function planUnits(): PlannedUnit[] {
  const random = prngFor("demo/units");
  const units: PlannedUnit[] = [];
  floorLabels.forEach((floorLabel, floor) => {
    doors.forEach((door, doorIndex) => {
      const number = floor * doors.length + doorIndex + 1;
      const rooms = intBetween(random, 1, 5);
      // Floor area grows with the number of rooms: 1 room 40–55 m2 ... 5 rooms 115–130 m2.
      const floorArea = Math.min(130, 40 + (rooms - 1) * 19 + intBetween(random, 0, 15));
      const apartment = `${floorLabel} ${door.side}`;
      const address = `${demoProperty.address}${door.staircase}, ${apartment}`;
      units.push({
        number,
        id: 100 + number,
        uniqueId: `DK${DEMO_PROPERTY_NUMBER}-${pad2(floor)}${pad2(doorIndex + 1)}`,
        staircase: door.staircase,
        floor,
        apartment,
        address,
        name: address,
        floorArea,
        rooms,
        billingCycle: door.staircase === "A" ? "calendar" : "mayToApril",
      });
    });
  });
  return units;
}

/** Room names of a unit: living room, bedrooms, kitchen and bathroom. */
export function roomsOf(unit: Pick<PlannedUnit, "rooms">): { name: string; main: boolean; radiators: number }[] {
  const bedrooms = ["Soveværelse", "Værelse", "Værelse 2", "Værelse 3"].slice(0, unit.rooms - 1);
  return [
    { name: "Stue", main: true, radiators: unit.rooms >= 3 ? 2 : 1 },
    ...bedrooms.map((name) => ({ name, main: true, radiators: 1 })),
    { name: "Køkken", main: false, radiators: 1 },
    { name: "Bad", main: false, radiators: 1 },
  ];
}

/** Serial number prefixes per quantity (two digits, then a six-digit running number). */
const meterNumberPrefix: Partial<Record<QuantityId, string>> = {
  "heat-energy": "61",
  hca: "84",
  "hot-water-volume": "31",
  "cold-water-volume": "32",
  "electricity-energy": "57",
  "gas-volume": "71",
  "indoor-temperature": "91",
  "indoor-relative-humidity": "92",
};

export function planMeters(units: readonly PlannedUnit[]): PlannedMeter[] {
  const meters: PlannedMeter[] = [];
  const counters = new Map<string, number>();
  const add = (unit: PlannedUnit, quantity: QuantityId, roomName: string | null) => {
    const prefix = meterNumberPrefix[quantity];
    if (prefix === undefined) throw new Error(`no meter number prefix for ${quantity}`);
    const next = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, next);
    meters.push({
      id: 10_000 + meters.length + 1,
      unitId: unit.id,
      number: `${prefix}${String(next).padStart(6, "0")}`,
      roomName,
      quantity,
    });
  };
  for (const unit of units) {
    const rooms = roomsOf(unit);
    add(unit, "heat-energy", null);
    for (const room of rooms) {
      for (let radiator = 0; radiator < room.radiators; radiator++) add(unit, "hca", room.name);
    }
    add(unit, "hot-water-volume", null);
    add(unit, "cold-water-volume", null);
    add(unit, "electricity-energy", null);
    // Staircase B was built with gas stoves.
    if (unit.staircase === "B") add(unit, "gas-volume", "Køkken");
    for (const room of rooms.filter((candidate) => candidate.main)) {
      add(unit, "indoor-temperature", room.name);
      add(unit, "indoor-relative-humidity", room.name);
    }
  }
  return meters;
}

const firstNames = [
  "Mads", "Sofie", "Frederik", "Ida", "Lars", "Camilla", "Mikkel", "Louise", "Søren", "Freja",
  "Henrik", "Maja", "Rasmus", "Line", "Niels", "Katrine", "Thomas", "Julie", "Peter", "Emilie",
] as const;
const lastNames = [
  "Nielsen", "Pedersen", "Andersen", "Christensen", "Larsen", "Sørensen", "Rasmussen", "Jørgensen",
  "Petersen", "Madsen", "Kristensen", "Olsen", "Thomsen", "Poulsen", "Johansen", "Møller",
] as const;

/** Fixed tenancies of the demo accounts, by unit number. */
const fixedTenancies: Record<number, { tenantName: string; startDate: IsoDate; predecessorStart?: IsoDate }> = {
  9: { tenantName: demoAccounts.anna.name, startDate: "2023-08-01", predecessorStart: "2016-03-01" },
  19: { tenantName: demoAccounts.jens.name, startDate: "2019-05-01" },
  22: { tenantName: demoAccounts.mette.name, startDate: "2021-10-01", predecessorStart: "2014-02-01" },
  8: { tenantName: demoAccounts.emma.name, startDate: "2024-09-01" },
  13: { tenantName: "Karen Holm", startDate: "2026-03-01", predecessorStart: "2018-06-01" },
};

/** The unit numbers (besides the fixed ones) whose current tenancy has an ended predecessor. */
const unitsWithPredecessor = new Set([3, 11, 17, 26, 30]);

function billingPeriodContaining(cycle: PlannedUnit["billingCycle"], date: IsoDate): { start: IsoDate; end: IsoDate } {
  const year = Number(date.slice(0, 4));
  if (cycle === "calendar") return { start: `${year}-01-01`, end: `${year}-12-31` };
  const startYear = date.slice(5) >= "05-01" ? year : year - 1;
  return { start: `${startYear}-05-01`, end: `${startYear + 1}-04-30` };
}

export function planTenancies(units: readonly PlannedUnit[]): PlannedTenancy[] {
  const random = prngFor("demo/tenancies");
  const tenancies: PlannedTenancy[] = [];
  const dataStart = (start: IsoDate) => (start > demoDataStart ? start : demoDataStart);
  for (const unit of units) {
    const fixed = fixedTenancies[unit.number];
    const randomName = () => `${pick(random, firstNames)} ${pick(random, lastNames)}`;
    const tenantName = fixed?.tenantName ?? randomName();
    const startDate = fixed?.startDate ?? `${intBetween(random, 2012, 2025)}-${pad2(intBetween(random, 1, 12))}-01`;
    const predecessorStart =
      fixed?.predecessorStart ??
      (unitsWithPredecessor.has(unit.number)
        ? `${Number(startDate.slice(0, 4)) - intBetween(random, 3, 8)}-${pad2(intBetween(random, 1, 12))}-01`
        : undefined);
    if (predecessorStart !== undefined) {
      const endDate = addDays(startDate, -1);
      tenancies.push({
        id: 6000 + unit.number,
        unitId: unit.id,
        tenantName: randomName(),
        startDate: predecessorStart,
        endDate,
        useNewBackend: false,
        billingPeriod: billingPeriodContaining(unit.billingCycle, endDate),
        dataAvailability: endDate < demoDataStart ? null : { start: dataStart(predecessorStart), end: endDate },
      });
    }
    tenancies.push({
      id: 7000 + unit.number,
      unitId: unit.id,
      tenantName,
      startDate,
      endDate: null,
      useNewBackend: true,
      billingPeriod: { ...billingCycles[unit.billingCycle] },
      dataAvailability: { start: dataStart(startDate), end: null },
    });
  }
  return tenancies;
}

interface PlannedUser {
  id: number;
  key: DemoAccountKey;
  hasPassword: boolean;
  isActive: boolean;
  createdAt: string;
}

const plannedUsers: readonly PlannedUser[] = [
  { id: 1, key: "anna", hasPassword: true, isActive: true, createdAt: "2023-08-03T09:12:00.000Z" },
  { id: 2, key: "jens", hasPassword: true, isActive: true, createdAt: "2021-02-11T18:40:00.000Z" },
  { id: 3, key: "nora", hasPassword: true, isActive: true, createdAt: "2025-01-20T07:55:00.000Z" },
  { id: 4, key: "emma", hasPassword: true, isActive: true, createdAt: "2024-09-04T16:20:00.000Z" },
  { id: 5, key: "mette", hasPassword: true, isActive: true, createdAt: "2021-10-02T10:05:00.000Z" },
  { id: 6, key: "sofie", hasPassword: false, isActive: true, createdAt: "2026-02-14T12:00:00.000Z" },
  { id: 7, key: "inactive", hasPassword: true, isActive: false, createdAt: "2020-05-05T08:00:00.000Z" },
  { id: 20, key: "lars", hasPassword: true, isActive: true, createdAt: "2022-04-04T08:00:00.000Z" },
  { id: 21, key: "karen", hasPassword: true, isActive: true, createdAt: "2022-05-05T08:00:00.000Z" },
];
const userIdOf = (key: DemoAccountKey): number => {
  const user = plannedUsers.find((candidate) => candidate.key === key);
  if (user === undefined) throw new Error(`no planned user ${key}`);
  return user.id;
};

const plannedMemberships: readonly {
  tenancyId: number;
  user: DemoAccountKey;
  isAdmin: boolean;
  invitationPending: boolean;
  createdAt: string;
}[] = [
  { tenancyId: demoTenancyIds.anna, user: "anna", isAdmin: true, invitationPending: false, createdAt: "2023-08-03T09:15:00.000Z" },
  { tenancyId: demoTenancyIds.jensFirst, user: "jens", isAdmin: true, invitationPending: false, createdAt: "2021-02-11T18:45:00.000Z" },
  { tenancyId: demoTenancyIds.jensFirst, user: "sofie", isAdmin: false, invitationPending: true, createdAt: "2026-02-14T12:00:00.000Z" },
  { tenancyId: demoTenancyIds.jensSecond, user: "mette", isAdmin: true, invitationPending: false, createdAt: "2021-10-02T10:10:00.000Z" },
  { tenancyId: demoTenancyIds.jensSecond, user: "jens", isAdmin: false, invitationPending: false, createdAt: "2021-10-09T19:30:00.000Z" },
  { tenancyId: demoTenancyIds.emma, user: "emma", isAdmin: true, invitationPending: false, createdAt: "2024-09-04T16:25:00.000Z" },
  { tenancyId: 7027, user: "inactive", isAdmin: true, invitationPending: false, createdAt: "2020-05-05T08:05:00.000Z" },
  { tenancyId: 7001, user: "lars", isAdmin: true, invitationPending: false, createdAt: "2022-04-04T08:05:00.000Z" },
  { tenancyId: 7002, user: "karen", isAdmin: true, invitationPending: false, createdAt: "2022-05-05T08:05:00.000Z" },
];

// ---------------------------------------------------------------------------------------------
// Steps

export interface SeedContext {
  /** The scrypt hash of DEMO_PASSWORD, computed once per seeding run and shared by all users. */
  demoPasswordHash(): Promise<string>;
  /** Writes a file below the back-end's files directory (allocation statements). */
  writeFile(path: string, bytes: Uint8Array): Promise<void>;
}

export interface SeedStep {
  /** Unique and stable, e.g. '0005_readings'. */
  name: string;
  run(db: Transaction<Database>, context: SeedContext): Promise<void>;
}

/** Insert in chunks so no statement exceeds SQLite's bound-parameter limit. */
async function insertChunked<T extends keyof Database & string>(
  db: Transaction<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  chunkSize = 200,
): Promise<void> {
  for (let index = 0; index < rows.length; index += chunkSize) {
    await db
      .insertInto(table)
      .values(rows.slice(index, index + chunkSize) as never)
      .execute();
  }
}

export const demoSeedSteps: readonly SeedStep[] = [
  {
    name: "0001_property_units_meters",
    async run(db) {
      await db.insertInto("properties").values(demoProperty).execute();
      await db
        .insertInto("property_settings")
        .values(demoPropertySettings.map((kind) => ({ property_id: demoProperty.id, kind })))
        .execute();
      await db
        .insertInto("co2_factors")
        .values(
          demoCo2Factors.map((factor) => ({
            property_id: demoProperty.id,
            quantity: factor.quantity,
            gram_per_quantity_unit: factor.gramPerQuantityUnit,
          })),
        )
        .execute();
      const units = planUnits();
      await insertChunked(
        db,
        "units",
        units.map((unit) => ({
          id: unit.id,
          property_id: demoProperty.id,
          unique_id: unit.uniqueId,
          name: unit.name,
          apartment: unit.apartment,
          address: unit.address,
          floor_area: unit.floorArea,
          rooms: unit.rooms,
        })),
      );
      await insertChunked(
        db,
        "meters",
        planMeters(units).map((meter) => ({
          id: meter.id,
          unit_id: meter.unitId,
          number: meter.number,
          room_name: meter.roomName,
          quantity: quantityDefinition(meter.quantity).id,
        })),
      );
    },
  },
  {
    name: "0002_tenancies",
    async run(db) {
      await insertChunked(
        db,
        "tenancies",
        planTenancies(planUnits()).map((tenancy) => ({
          id: tenancy.id,
          unit_id: tenancy.unitId,
          tenant_name: tenancy.tenantName,
          start_date: tenancy.startDate,
          end_date: tenancy.endDate,
          use_new_backend: toSqlBoolean(tenancy.useNewBackend),
          billing_period_start: tenancy.billingPeriod.start,
          billing_period_end: tenancy.billingPeriod.end,
          data_availability_start: tenancy.dataAvailability?.start ?? null,
          data_availability_end: tenancy.dataAvailability?.end ?? null,
        })),
      );
    },
  },
  {
    name: "0003_accounts_and_codes",
    async run(db, context) {
      const passwordHash = await context.demoPasswordHash();
      await db
        .insertInto("users")
        .values(
          plannedUsers.map((user) => {
            const account = demoAccounts[user.key];
            return {
              id: user.id,
              email: account.email,
              password_hash: user.hasPassword ? passwordHash : null,
              name: account.name,
              language: account.language,
              is_superuser: 0,
              is_active: toSqlBoolean(user.isActive),
              is_admin: 0,
              user_type: "EMAIL_PASSWORD" satisfies UserType,
              email_notifications: 1,
              created_at: user.createdAt,
            };
          }),
        )
        .execute();
      await db
        .insertInto("tenancy_members")
        .values(
          plannedMemberships.map((membership) => ({
            tenancy_id: membership.tenancyId,
            user_id: userIdOf(membership.user),
            is_admin: toSqlBoolean(membership.isAdmin),
            invitation_pending: toSqlBoolean(membership.invitationPending),
            created_at: membership.createdAt,
          })),
        )
        .execute();
      await db
        .insertInto("activation_codes")
        .values([
          {
            id: 1,
            code_hash: hashActivationCode(demoActivationCodes.used),
            tenancy_id: demoTenancyIds.anna,
            expires_at: "2023-12-31T22:59:59.000Z",
            used_at: "2023-08-03T09:15:00.000Z",
            used_by_user_id: userIdOf("anna"),
          },
          {
            id: 2,
            code_hash: hashActivationCode(demoActivationCodes.unused),
            tenancy_id: demoTenancyIds.activationTarget,
            expires_at: "2099-12-31T22:59:59.000Z",
            used_at: null,
            used_by_user_id: null,
          },
        ])
        .execute();
    },
  },
  {
    name: "0004_allocation_statements",
    async run(db) {
      await db
        .insertInto("allocation_statements")
        .values({
          id: 1,
          tenancy_id: demoTenancyIds.jensFirst,
          file_name: "Fordelingsregnskab 2025-2026 DK1042-0403.pdf",
          url: "/statements/1042/DK1042-0403/2025-05-01_2026-04-30.pdf",
          period_start: "2025-05-01",
          period_end: "2026-04-30",
          expense_types: JSON.stringify(["heating", "water"]),
        })
        .execute();
    },
  },
  {
    // Prices in force per quantity (quantityPrices). Readings and hourly market prices depend on
    // the current hour, so they are not a step: seed/readings.ts topUpDemoReadings writes them.
    name: "0005_quantity_prices",
    async run(db) {
      await insertChunked(
        db,
        "quantity_prices",
        demoQuantityPrices.map((price) => ({
          quantity: price.quantity,
          price: price.price,
          currency: "DKK",
          valid_from: price.validFrom,
          valid_to: price.validTo,
        })),
      );
    },
  },
  {
    // Account flows (ADR 0009): an admin-portal account, a user with admin rights, an
    // expired activation code; the existing demo accounts have seen the onboarding slides.
    name: "0006_account_flows",
    async run(db, context) {
      const passwordHash = await context.demoPasswordHash();
      await db
        .insertInto("users")
        .values([
          {
            id: 8,
            email: demoSpecialAccounts.adminPortal.email,
            password_hash: passwordHash,
            name: demoSpecialAccounts.adminPortal.name,
            language: demoSpecialAccounts.adminPortal.language,
            is_superuser: 0,
            is_active: 1,
            is_admin: 0,
            email_notifications: 1,
            user_type: "ADMIN_PORTAL" satisfies UserType,
            created_at: "2019-11-01T09:00:00.000Z",
            onboarded: 1,
          },
          {
            id: 9,
            email: demoSpecialAccounts.staff.email,
            password_hash: passwordHash,
            name: demoSpecialAccounts.staff.name,
            language: demoSpecialAccounts.staff.language,
            is_superuser: 0,
            is_active: 1,
            is_admin: 1,
            email_notifications: 1,
            user_type: "EMAIL_PASSWORD" satisfies UserType,
            created_at: "2020-01-06T08:30:00.000Z",
            onboarded: 1,
          },
        ])
        .execute();
      await db
        .updateTable("users")
        .set({ onboarded: 1 })
        .where(
          "id",
          "in",
          plannedUsers.map((user) => user.id),
        )
        .execute();
      await db
        .insertInto("activation_codes")
        .values({
          id: 3,
          code_hash: hashActivationCode(demoActivationCodes.expired),
          tenancy_id: 7014,
          expires_at: "2024-12-31T22:59:59.000Z",
          used_at: null,
          used_by_user_id: null,
        })
        .execute();
    },
  },
  {
    // The spec's other quantities (ADR 0022): a district-heating unit with heat volume,
    // flow and return temperature, heat cooling, backflow and an error count, and a unit with
    // cooling (seed/more-quantities.ts). Their readings come with the others' (seed/readings.ts).
    name: "0007_more_quantities",
    async run(db) {
      await insertChunked(
        db,
        "meters",
        moreDemoMeters.map((meter) => ({
          id: meter.id,
          unit_id: meter.unitId,
          number: meter.number,
          room_name: meter.roomName,
          quantity: quantityDefinition(meter.quantity).id,
        })),
      );
    },
  },
  {
    // Alarms (ADR 0025): Anna's weekly heating limit fires on the demo readings of every
    // November week since it was set (the back-end's job makes the notifications and the e-mail at
    // start-up), so a newcomer sees real ones; a monthly cold-water comparison; a disabled one of Jens.
    name: "0008_demo_alarms",
    async run(db) {
      const set = "2026-11-02T08:00:00.000Z";
      await db
        .insertInto("alarms")
        .values([
          { user_id: userIdOf("anna"), tenancy_id: demoTenancyIds.anna, quantity: "heat-energy", type: "threshold", frequency: "week", level: 40, enabled: 1, created_at: set, updated_at: set },
          { user_id: userIdOf("anna"), tenancy_id: demoTenancyIds.anna, quantity: "cold-water-volume", type: "comparison", frequency: "month", level: 20, enabled: 1, created_at: set, updated_at: set },
          { user_id: userIdOf("jens"), tenancy_id: demoTenancyIds.jensFirst, quantity: "indoor-temperature", type: "minimum", frequency: "day", level: 19, enabled: 0, created_at: set, updated_at: set },
        ])
        .execute();
    },
  },
  {
    // Alarms of every notification kind: Jens's home was damp in early November (weekly
    // humidity average above 50 %), its heating rose by more than 5 % in the third week, and a
    // zero-consumption alarm on the gas stove fires in every week it was used. The job makes the
    // notifications at start-up from the demo readings.
    name: "0009_demo_alarms_of_every_kind",
    async run(db) {
      const set = "2026-11-02T08:00:00.000Z";
      const jens = { user_id: userIdOf("jens"), tenancy_id: demoTenancyIds.jensFirst, enabled: 1 as const, created_at: set, updated_at: set };
      await db
        .insertInto("alarms")
        .values([
          { ...jens, quantity: "indoor-relative-humidity", type: "maximum", frequency: "week", level: 50 },
          { ...jens, quantity: "heat-energy", type: "comparison", frequency: "week", level: 5 },
          { ...jens, quantity: "gas-volume", type: "zero", frequency: "week", level: 0 },
        ])
        .execute();
    },
  },
  {
    // Allocation statements as real PDF files: the one of step 0004 and the year before
    // it, for Jens's first home. The files are written below the back-end's files directory; the
    // statement's url column is the path there.
    name: "0010_statement_files",
    async run(db, context) {
      const unit = "DK1042-0403";
      const address = "Nørrebrogade 148B, 4. tv.";
      await db
        .insertInto("allocation_statements")
        .values({
          id: 2,
          tenancy_id: demoTenancyIds.jensFirst,
          file_name: `Fordelingsregnskab 2024-2025 ${unit}.pdf`,
          url: `/statements/1042/${unit}/2024-05-01_2025-04-30.pdf`,
          period_start: "2024-05-01",
          period_end: "2025-04-30",
          expense_types: JSON.stringify(["heating", "water"]),
        })
        .execute();
      const statements = await db.selectFrom("allocation_statements").selectAll().orderBy("id").execute();
      for (const statement of statements) {
        const year = Number(statement.period_start.slice(0, 4));
        const pdf = await demoStatementPdf({
          tenancyAddress: address,
          unitId: unit,
          periodStart: statement.period_start,
          periodEnd: statement.period_end,
          lines: [
            { label: "Varme", onAccount: 9600, share: 8734.5 + (year - 2024) * 611.75 },
            { label: "Vand", onAccount: 3000, share: 3412.25 - (year - 2024) * 207.5 },
          ],
        });
        await context.writeFile(statement.url, pdf);
      }
    },
  },
  {
    // Tenancy info: the property's contact, and an open invitation on Jens's first home
    // (he is its admin) so its users list shows one; the code is stored hashed like every other.
    name: "0011_property_contacts",
    async run(db) {
      await db
        .updateTable("properties")
        .set({
          contact_name: demoPropertyContact.name,
          contact_email: demoPropertyContact.email,
          contact_phone: demoPropertyContact.phone,
        })
        .where("id", "=", demoProperty.id)
        .execute();
      await db
        .insertInto("activation_codes")
        .values({
          id: 4,
          code_hash: hashActivationCode(demoActivationCodes.invitation),
          tenancy_id: demoInvitation.tenancyId,
          expires_at: "2099-12-31T22:59:59.000Z",
          used_at: null,
          used_by_user_id: null,
        })
        .execute();
      await db
        .insertInto("tenancy_invitations")
        .values({
          id: demoInvitation.id,
          tenancy_id: demoInvitation.tenancyId,
          email: demoInvitation.email,
          language: demoInvitation.language,
          activation_code_id: 4,
          invited_by_user_id: userIdOf("jens"),
          created_at: demoInvitation.createdAt,
        })
        .execute();
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Running the steps

/** Fixed salt, so the demo password hash (public anyway) is identical on every machine. */
const demoPasswordSalt = createHash("sha256").update("tenant-portal demo seed").digest().subarray(0, 16);

export interface SeedResult {
  /** Steps applied now, in order. */
  applied: string[];
  /** Why nothing was applied, when the database holds data the demo seed did not create. */
  skipped?: "database-not-empty";
}

async function holdsForeignData(db: Kysely<Database>): Promise<boolean> {
  const [user, property] = await Promise.all([
    db.selectFrom("users").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("properties").select("id").limit(1).executeTakeFirst(),
  ]);
  return user !== undefined || property !== undefined;
}

/**
 * Applies the demo seed steps not applied yet. On a database with data but no demo steps
 * recorded, does nothing (returns skipped).
 */
export async function seedDemoData(
  db: Kysely<Database>,
  steps: readonly SeedStep[] = demoSeedSteps,
  options: { filesDir?: string } = {},
): Promise<SeedResult> {
  const done = new Set((await db.selectFrom("seed_steps").select("name").execute()).map((row) => row.name));
  if (done.size === 0 && (await holdsForeignData(db))) return { applied: [], skipped: "database-not-empty" };

  let passwordHash: Promise<string> | undefined;
  const context: SeedContext = {
    demoPasswordHash: () => (passwordHash ??= hashPassword(DEMO_PASSWORD, { salt: demoPasswordSalt })),
    async writeFile(path, bytes) {
      if (options.filesDir === undefined) return;
      const target = statementFilePath(options.filesDir, path);
      if (target === null) throw new Error(`seed file outside the files directory: ${path}`);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
  };
  const applied: string[] = [];
  for (const step of steps) {
    if (done.has(step.name)) continue;
    await db.transaction().execute(async (trx) => {
      await step.run(trx, context);
      await trx.insertInto("seed_steps").values({ name: step.name }).execute();
      await advanceIdentities(trx);
    });
    applied.push(step.name);
  }
  return { applied };
}

/** The seed step's name under which readOlderDemoNotifications records that it has run. */
export const demoReadNotificationsStep = "0010_demo_notifications_read_after_first_run";

/**
 * Once, after the back-end's first alarm evaluation on the demo data (the notifications are made
 * from the readings, which the seed steps run before): the demo residents have already read their
 * notifications of periods that ended more than a week ago, so the portal shows read and unread
 * ones. Later notifications stay unread.
 */
export async function readOlderDemoNotifications(db: Kysely<Database>, now: Date): Promise<void> {
  if (!(await db.selectFrom("seed_steps").select("name").where("name", "=", "0009_demo_alarms_of_every_kind").executeTakeFirst())) return;
  if (await db.selectFrom("seed_steps").select("name").where("name", "=", demoReadNotificationsStep).executeTakeFirst()) return;
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("notifications")
      .set({ read_at: now.toISOString() })
      .where("read_at", "is", null)
      .where("period_end", "<", weekAgo)
      .where("tenancy_id", "in", [demoTenancyIds.anna, demoTenancyIds.jensFirst])
      .execute();
    await trx.insertInto("seed_steps").values({ name: demoReadNotificationsStep }).execute();
  });
}
