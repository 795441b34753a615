/**
 * The demo readings' model: every hourly value a pure function of (meter number, hour).
 *
 * Outdoor temperature follows a Copenhagen year (degree days, cold snaps, heat waves), heating
 * follows it with a night set-back, water and electricity follow daily and weekly rhythms, indoor
 * climate sometimes leaves the comfortable bands, and units differ enough for ratings A+..G. Noise
 * comes from an integer hash, never Math.random. Register meters count whole quanta of their
 * resolution (Wh, litres, 1/100 unit) from a fixed anchor (2024-01-01), so the register at any hour
 * is the same on every machine whether it was seeded in one go or topped up hour by hour.
 * ./readings.ts writes what it gives.
 */

import { HOUR_MS, startOfDay, toWall } from "@common/calendar";
import { type QuantityId, quantityDefinition } from "@common/quantities";
import type { Kysely } from "kysely";
import type { Reading } from "../../consumption/aggregate";
import type { Database } from "../types";
import { type HourContext, noise, seedOf } from "./model-basis";
import { moreBaseQuanta, moreHourValue, moreRegisterDecimals } from "./more-quantities";

/** Registers start counting here (Copenhagen midnight). */
export const READINGS_ANCHOR_DAY = "2024-01-01";
export const ANCHOR_MS = startOfDay(READINGS_ANCHOR_DAY);

// ---------------------------------------------------------------------------------------------
// The hours: outdoor temperature, clock and calendar of each hour since the anchor

export const hourIndexOf = (utcMs: number) => Math.round((utcMs - ANCHOR_MS) / HOUR_MS);
export const instantOfIndex = (index: number) => ANCHOR_MS + index * HOUR_MS;

/** Outdoor temperature anomaly of a day: smoothed noise, cold snaps in winter, heat waves in summer. */
function weatherAnomaly(dayIndex: number, winter: number): number {
  const dayNoise = (d: number) => noise(7001, d) * 2 - 1;
  let anomaly = 4.2 * (0.45 * dayNoise(dayIndex) + 0.33 * dayNoise(dayIndex - 1) + 0.22 * dayNoise(dayIndex - 2));
  const week = Math.floor(dayIndex / 7);
  if (winter > 0.4 && noise(7002, week) < 0.18) anomaly -= 6 * winter; // cold snap
  if (winter < -0.5 && noise(7003, week) < 0.2) anomaly += 7 * -winter; // heat wave
  return anomaly;
}

export function hourContext(firstIndex: number, count: number): HourContext {
  const context: HourContext = {
    firstIndex,
    outdoor: new Float64Array(count),
    hourOfDay: new Uint8Array(count),
    weekday: new Uint8Array(count),
    winter: new Float64Array(count),
    dayIndex: new Int32Array(count),
  };
  for (let offset = 0; offset < count; offset++) {
    const wall = new Date(toWall(instantOfIndex(firstIndex + offset)));
    const dayIndex = Math.floor((wall.getTime() - Date.UTC(2024, 0, 1)) / 86_400_000);
    const dayOfYear = (wall.getTime() - Date.UTC(wall.getUTCFullYear(), 0, 1)) / 86_400_000;
    const winter = Math.cos((2 * Math.PI * (dayOfYear - 18)) / 365.25);
    const hour = wall.getUTCHours();
    context.hourOfDay[offset] = hour;
    context.weekday[offset] = (wall.getUTCDay() + 6) % 7;
    context.winter[offset] = winter;
    context.dayIndex[offset] = dayIndex;
    context.outdoor[offset] =
      8.4 -
      9.3 * winter +
      3.1 * Math.cos((2 * Math.PI * (hour - 15)) / 24) +
      weatherAnomaly(dayIndex, winter) +
      (noise(7004, firstIndex + offset) - 0.5);
  }
  return context;
}

// ---------------------------------------------------------------------------------------------
// Meters and the units they belong to

export interface ModelMeter {
  id: number;
  number: string;
  quantity: QuantityId;
  roomName: string | null;
  unitKey: string;
  floorArea: number;
  rooms: number;
  /** hca: this radiator's share of the unit's heat. */
  heatShare: number;
}

/** Per-unit habits, from the unit's key: large enough differences for ratings A+..G. */
export function habitsOf(unitKey: string, rooms: number) {
  const seed = seedOf(`habits/${unitKey}`);
  const r = (index: number) => noise(seed, index);
  return {
    /** 0.5 … 2.0: how generously the unit heats. */
    heating: 0.5 + 1.5 * r(1) ** 1.3,
    setpoint: 19 + 4 * r(2),
    nightSetback: r(3) < 0.55,
    persons: 1 + Math.floor(r(4) * Math.min(4, rooms + 1)),
    hotWaterLitresPerPerson: 22 + 45 * r(5),
    electricity: 0.6 + 1.1 * r(6),
    humidity: -8 + 22 * r(7),
    cooksWithGas: r(8) < 0.8,
  };
}

const roomHeatWeight = (room: string | null) =>
  room === "Stue" ? 3 : room === "Køkken" ? 1 : room === "Bad" ? 1.4 : 1.6;

/** The meters of the given units, with what the model needs. */
export async function modelMeters(db: Kysely<Database>, unitIds: readonly number[]): Promise<ModelMeter[]> {
  if (unitIds.length === 0) return [];
  const rows = await db
    .selectFrom("meters")
    .innerJoin("units", "units.id", "meters.unit_id")
    .select([
      "meters.id",
      "meters.number",
      "meters.quantity",
      "meters.room_name",
      "units.unique_id",
      "units.floor_area",
      "units.rooms",
      "units.id as unit_id",
    ])
    .where("units.id", "in", unitIds)
    .orderBy("meters.id")
    .execute();
  const hcaWeight = new Map<number, number>();
  for (const row of rows) {
    if (row.quantity === "hca")
      hcaWeight.set(row.unit_id, (hcaWeight.get(row.unit_id) ?? 0) + roomHeatWeight(row.room_name));
  }
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    quantity: row.quantity as QuantityId,
    roomName: row.room_name,
    unitKey: row.unique_id,
    floorArea: row.floor_area,
    rooms: row.rooms,
    heatShare: row.quantity === "hca" ? roomHeatWeight(row.room_name) / (hcaWeight.get(row.unit_id) ?? 1) : 0,
  }));
}

// ---------------------------------------------------------------------------------------------
// Hourly values

/** Register resolution per quantity: decimals of the stored register. */
const registerDecimals: Partial<Record<QuantityId, number>> = { hca: 2 };
const decimalsOf = (quantity: QuantityId) => registerDecimals[quantity] ?? moreRegisterDecimals(quantity) ?? 3;

/** Water draw profile per local hour (weekday, weekend); each sums to about 1. */
const weekdayWater = [
  0.004, 0.002, 0.002, 0.002, 0.004, 0.02, 0.1, 0.13, 0.08, 0.03, 0.025, 0.03, 0.04, 0.03, 0.025, 0.03, 0.045, 0.07,
  0.08, 0.075, 0.07, 0.06, 0.04, 0.015,
];
const weekendWater = [
  0.008, 0.004, 0.002, 0.002, 0.002, 0.004, 0.01, 0.03, 0.07, 0.1, 0.1, 0.08, 0.06, 0.05, 0.04, 0.04, 0.045, 0.06, 0.07,
  0.07, 0.06, 0.05, 0.03, 0.015,
];
const electricityProfile = [
  0.6, 0.5, 0.45, 0.45, 0.45, 0.5, 0.8, 1.1, 0.9, 0.75, 0.7, 0.75, 0.8, 0.75, 0.75, 0.85, 1.1, 1.5, 1.8, 1.7, 1.5, 1.3,
  1.0, 0.8,
];

/**
 * The demo's running toilet (ADR 0075): from 22 November 2026 on, the cold water of Jens's second
 * home (DK1042-0502) runs 5 litres every hour, day and night, so its leak watch finds running
 * nights; and nobody there draws hot water between 01:00 and 05:00, so the toilet is all it finds.
 */
export const RUNNING_TOILET = { unitKey: "DK1042-0502", fromDay: "2026-11-22", litresPerHour: 5 } as const;
const runningToiletFrom = hourIndexOf(startOfDay(RUNNING_TOILET.fromDay));

function hasRunningToilet(meter: ModelMeter, index: number): boolean {
  return meter.unitKey === RUNNING_TOILET.unitKey && index >= runningToiletFrom;
}

/** A unit's heat demand in kWh in one hour (before meter noise). */
function unitHeat(meter: ModelMeter, habits: ReturnType<typeof habitsOf>, hours: HourContext, offset: number): number {
  const hour = hours.hourOfDay[offset]!;
  const night = hour >= 23 || hour < 6;
  const base = 16.5 + (habits.setpoint - 21);
  const demand = Math.max(0, base - hours.outdoor[offset]!);
  const profile = night && habits.nightSetback ? 0.72 : hour >= 6 && hour < 9 ? 1.18 : 1;
  return meter.floorArea * 0.00135 * demand * profile * habits.heating;
}

/**
 * The quantum count (registers) or the sample (climate) of a meter in one hour. `seed` is the
 * meter's seed, `index` the absolute hour index.
 */
function hourValue(
  meter: ModelMeter,
  habits: ReturnType<typeof habitsOf>,
  seed: number,
  hours: HourContext,
  offset: number,
): number {
  const index = hours.firstIndex + offset;
  const n = noise(seed, index);
  const hour = hours.hourOfDay[offset]!;
  const weekend = hours.weekday[offset]! >= 5;
  const winter = hours.winter[offset]!;
  const outdoor = hours.outdoor[offset]!;
  switch (meter.quantity) {
    case "heat-energy":
      return Math.round(unitHeat(meter, habits, hours, offset) * (0.85 + 0.3 * n) * 1000);
    case "hca":
      return Math.round(unitHeat(meter, habits, hours, offset) * meter.heatShare * 1.15 * (0.75 + 0.5 * n) * 100);
    case "hot-water-volume":
    case "cold-water-volume": {
      const profile = (weekend ? weekendWater : weekdayWater)[hour]!;
      const event = n < 0.22 ? 0 : 0.35 + 1.6 * noise(seed + 1, index);
      const litres = habits.persons * habits.hotWaterLitresPerPerson * profile * event;
      const toilet = hasRunningToilet(meter, index);
      if (meter.quantity === "hot-water-volume") return toilet && hour >= 1 && hour < 5 ? 0 : Math.round(litres);
      return (
        Math.round(litres * 1.55 + (n < 0.5 ? 0 : 1.5 * habits.persons * profile * 24 * 0.25)) +
        (toilet ? RUNNING_TOILET.litresPerHour : 0)
      );
    }
    case "electricity-energy": {
      const kwh =
        (0.05 + 0.035 * habits.persons) *
        electricityProfile[hour]! *
        (1 + 0.22 * winter) *
        habits.electricity *
        (0.7 + 0.6 * n);
      return Math.round(kwh * 1000);
    }
    case "gas-volume": {
      if (!habits.cooksWithGas) return 0;
      const cooking = hour >= 17 && hour < 19 ? 0.11 : hour === 7 ? 0.03 : hour === 12 && weekend ? 0.05 : 0;
      return Math.round(cooking * (n < 0.3 ? 0 : 0.6 + n) * 1000);
    }
    case "indoor-temperature": {
      const night = hour >= 23 || hour < 6;
      const room = meter.roomName === "Stue" ? 0.4 : -1.2;
      const heated = habits.setpoint + room - (night && habits.nightSetback ? 1.3 : 0);
      const summer = 20.5 + 0.42 * (outdoor - 10) + (hour >= 14 && hour < 20 ? 0.8 : 0);
      return Math.round((Math.max(heated, summer) + (n - 0.5) * 0.8) * 10) / 10;
    }
    case "indoor-relative-humidity": {
      const night = hour >= 23 || hour < 7;
      const bedroom = meter.roomName !== "Stue" && night ? 7 : 0;
      const value = 47 - 11 * winter + habits.humidity + bedroom + (n - 0.5) * 6 + (outdoor > 18 ? 6 : 0);
      return Math.round(Math.min(92, Math.max(15, value)) * 10) / 10;
    }
    default:
      // The quantities of seed/more-quantities.ts (ADR 0022).
      return moreHourValue(meter, seed, hours, offset, () => unitHeat(meter, habits, hours, offset)) ?? 0;
  }
}

/** The register's quanta at the anchor: a plausible meter stand, different per meter. */
function baseQuanta(meter: ModelMeter, seed: number): number {
  const more = moreBaseQuanta(meter.quantity, seed);
  if (more !== undefined) return more;
  const scale = meter.quantity === "hca" ? 100 : 1000;
  return Math.floor((200 + noise(seed, -1) * 9000) * scale);
}

/**
 * Readings of a meter at every full hour with index in [fromIndex, toIndex] (inclusive). For
 * registers, `startQuanta` is the register at fromIndex (from the stored reading); without it the
 * register is counted up from the anchor.
 */
export function meterReadings(
  meter: ModelMeter,
  hours: HourContext,
  fromIndex: number,
  toIndex: number,
  startQuanta?: number,
): Reading[] {
  const habits = habitsOf(meter.unitKey, meter.rooms);
  const seed = seedOf(meter.number);
  const isRegister = quantityDefinition(meter.quantity).aggregation === "addition";
  const readings: Reading[] = [];
  const scale = 10 ** decimalsOf(meter.quantity);
  if (!isRegister) {
    for (let index = fromIndex; index <= toIndex; index++) {
      readings.push({
        ts: instantOfIndex(index) / 1000,
        value: hourValue(meter, habits, seed, hours, index - hours.firstIndex),
      });
    }
    return readings;
  }
  let quanta = startQuanta;
  if (quanta === undefined) {
    quanta = baseQuanta(meter, seed);
    for (let index = 0; index < fromIndex; index++)
      quanta += hourValue(meter, habits, seed, hours, index - hours.firstIndex);
  }
  for (let index = fromIndex; index <= toIndex; index++) {
    readings.push({ ts: instantOfIndex(index) / 1000, value: quanta / scale });
    quanta += hourValue(meter, habits, seed, hours, index - hours.firstIndex);
  }
  return readings;
}

/**
 * Readings of a meter after its last stored one, `last`, up to toIndex: a register counts on from
 * the stored value.
 */
export function readingsAfter(meter: ModelMeter, hours: HourContext, last: Reading, toIndex: number): Reading[] {
  const lastIndex = hourIndexOf(last.ts * 1000);
  const isRegister = quantityDefinition(meter.quantity).aggregation === "addition";
  const startQuanta = isRegister
    ? Math.round(last.value * 10 ** decimalsOf(meter.quantity)) +
      hourValue(meter, habitsOf(meter.unitKey, meter.rooms), seedOf(meter.number), hours, lastIndex - hours.firstIndex)
    : undefined;
  return meterReadings(meter, hours, lastIndex + 1, toIndex, startQuanta);
}

/** Electricity market price (DKK/kWh) of an hour; windy hours go negative. */
export function marketPriceAt(hours: HourContext, offset: number): number {
  const index = hours.firstIndex + offset;
  const hour = hours.hourOfDay[offset]!;
  const shape =
    hour >= 17 && hour < 21
      ? 0.65
      : hour >= 7 && hour < 10
        ? 0.3
        : hour < 5
          ? -0.28
          : hour >= 11 && hour < 16
            ? -0.18
            : 0;
  const windy = noise(7101, hours.dayIndex[offset]!) < 0.13 ? 1.05 : 0;
  const price = 0.72 + 0.33 * hours.winter[offset]! + shape - windy + (noise(7102, index) - 0.5) * 0.5;
  return Math.round(price * 10_000) / 10_000;
}
