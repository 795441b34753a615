/**
 * The demo's plan: every row of the deterministic demo property — units, meters, tenancies,
 * users and memberships — computed as plain data from seeded PRNGs, so the seed steps
 * (demo-steps.ts) and tests can reuse it. No Math.random and no current date.
 */
import { createHash } from "node:crypto";
import type { QuantityId } from "@common/quantities";
import type { IsoDate } from "../types";
import { DEMO_PROPERTY_NUMBER, type DemoAccountKey, demoAccounts, demoTenancyIds } from "./demo-accounts";

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
  "Mads",
  "Sofie",
  "Frederik",
  "Ida",
  "Lars",
  "Camilla",
  "Mikkel",
  "Louise",
  "Søren",
  "Freja",
  "Henrik",
  "Maja",
  "Rasmus",
  "Line",
  "Niels",
  "Katrine",
  "Thomas",
  "Julie",
  "Peter",
  "Emilie",
] as const;
const lastNames = [
  "Nielsen",
  "Pedersen",
  "Andersen",
  "Christensen",
  "Larsen",
  "Sørensen",
  "Rasmussen",
  "Jørgensen",
  "Petersen",
  "Madsen",
  "Kristensen",
  "Olsen",
  "Thomsen",
  "Poulsen",
  "Johansen",
  "Møller",
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

export const plannedUsers: readonly PlannedUser[] = [
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
export const userIdOf = (key: DemoAccountKey): number => {
  const user = plannedUsers.find((candidate) => candidate.key === key);
  if (user === undefined) throw new Error(`no planned user ${key}`);
  return user.id;
};

export const plannedMemberships: readonly {
  tenancyId: number;
  user: DemoAccountKey;
  isAdmin: boolean;
  invitationPending: boolean;
  createdAt: string;
}[] = [
  {
    tenancyId: demoTenancyIds.anna,
    user: "anna",
    isAdmin: true,
    invitationPending: false,
    createdAt: "2023-08-03T09:15:00.000Z",
  },
  {
    tenancyId: demoTenancyIds.jensFirst,
    user: "jens",
    isAdmin: true,
    invitationPending: false,
    createdAt: "2021-02-11T18:45:00.000Z",
  },
  {
    tenancyId: demoTenancyIds.jensFirst,
    user: "sofie",
    isAdmin: false,
    invitationPending: true,
    createdAt: "2026-02-14T12:00:00.000Z",
  },
  {
    tenancyId: demoTenancyIds.jensSecond,
    user: "mette",
    isAdmin: true,
    invitationPending: false,
    createdAt: "2021-10-02T10:10:00.000Z",
  },
  {
    tenancyId: demoTenancyIds.jensSecond,
    user: "jens",
    isAdmin: false,
    invitationPending: false,
    createdAt: "2021-10-09T19:30:00.000Z",
  },
  {
    tenancyId: demoTenancyIds.emma,
    user: "emma",
    isAdmin: true,
    invitationPending: false,
    createdAt: "2024-09-04T16:25:00.000Z",
  },
  { tenancyId: 7027, user: "inactive", isAdmin: true, invitationPending: false, createdAt: "2020-05-05T08:05:00.000Z" },
  { tenancyId: 7001, user: "lars", isAdmin: true, invitationPending: false, createdAt: "2022-04-04T08:05:00.000Z" },
  { tenancyId: 7002, user: "karen", isAdmin: true, invitationPending: false, createdAt: "2022-05-05T08:05:00.000Z" },
];
