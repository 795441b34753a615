/**
 * The consumption engine: values per calendar bucket for a set of meters, clamped to what the
 * caller may see, as consumption, cost or CO2, per m2 or not; comparisons (previous period,
 * previous year, property average); totals for KPIs and tables; the rating. It trusts its
 * inputs: access checks and argument validation happen in services/tenant-consumption.ts.
 */
import type { Kysely } from "kysely";
import { marketPricedQuantities } from "@common/price-view";
import { quantityDefinition, type Aggregation, type QuantityId } from "@common/quantities";
import type { Database, IsoDate } from "../db/types";
import { aggregateValue, clean, type Aggregate } from "./aggregate";
import {
  HOUR_MS,
  addDays,
  bucketsOf,
  comparedDay,
  comparedHours,
  type ShiftKind,
  dayKeyOf,
  startOfDay,
  type Bucket,
  type DayKey,
  type Resolution,
  type WallPeriod,
} from "@common/calendar";
import { propertyAverageOf } from "./rating";
import { dailyRows, daysAndMonthsRows, hourlyRows, totalsByMeter, type RollupRow } from "./store";

type Db = Kysely<Database>;

export const graphModes = ["HOURLY_VALUES", "COST", "CO2"] as const;
export type GraphMode = (typeof graphModes)[number];
export const comparisons = ["PREVIOUS_PERIOD", "PREVIOUS_YEAR", "PROPERTY_AVERAGE"] as const;
export type Comparison = (typeof comparisons)[number];

export const MARKET_PRICE_AREA = "DK2";
export const CURRENCY = "DKK";

export interface MeterInfo {
  id: number;
  unitId: number;
  number: string;
  roomName: string | null;
  quantity: QuantityId;
}

export interface UnitInfo {
  id: number;
  floorArea: number;
}

/** What a tenancy may see, as days [fromDay, endDay) and instants [fromS, toS) (epoch seconds). */
export interface DataWindow {
  fromDay: DayKey;
  endDay: DayKey;
  fromS: number;
  toS: number;
}

/** The tenancy's data window (access.ts tenancyDataWindow) cut at now. */
export function dataWindowOf(window: { from: IsoDate; to: IsoDate | null }, now: Date): DataWindow {
  const tomorrow = addDays(dayKeyOf(now.getTime()), 1);
  const end = window.to === null ? tomorrow : addDays(window.to, 1);
  const endDay = end < tomorrow ? end : tomorrow;
  const fromS = startOfDay(window.from) / 1000;
  const toS = Math.min(startOfDay(endDay) / 1000, Math.floor(now.getTime() / 1000));
  return { fromDay: window.from, endDay, fromS, toS: Math.max(fromS, toS) };
}

/** The window of the days [fromDay, endDay) intersected with another window. */
export function intersectWindow(window: DataWindow, fromDay: DayKey, endDay: DayKey): DataWindow {
  const from = fromDay > window.fromDay ? fromDay : window.fromDay;
  const end = endDay < window.endDay ? endDay : window.endDay;
  return {
    fromDay: from,
    endDay: end,
    fromS: Math.max(window.fromS, startOfDay(from) / 1000),
    toS: Math.min(window.toS, startOfDay(end) / 1000),
  };
}

/** The meters that measure a quantity in a unit: total water falls back to hot plus cold water. */
export function metersForQuantity<T extends { quantity: string }>(meters: readonly T[], quantity: QuantityId): T[] {
  const direct = meters.filter((meter) => meter.quantity === quantity);
  if (direct.length > 0 || quantity !== "total-water-volume") return direct;
  return meters.filter((meter) => meter.quantity === "hot-water-volume" || meter.quantity === "cold-water-volume");
}

/** The unit a value is expressed in, e.g. kWh, kWh/m2, DKK, g CO2/m2. */
export function expressedAs(quantity: QuantityId, mode: GraphMode, normalized: boolean): string {
  const base = mode === "COST" ? CURRENCY : mode === "CO2" ? "g CO2" : quantityDefinition(quantity).unit;
  return normalized ? `${base}/m2` : base;
}

/** Normalizing per m2 only makes sense for quantities that add up. */
export function isNormalizable(quantity: QuantityId): boolean {
  return quantityDefinition(quantity).aggregation === "addition";
}

// ---------------------------------------------------------------------------------------------
// Prices

export type PriceOfHour = (hourS: number) => number | undefined;

/** The price of a meter's hour: each meter is priced by its own quantity (total water = hot + cold). */
export type PriceOfMeterHour = (hourS: number, meterId: number) => number | undefined;

/** Grams of CO2 per unit of a meter's own quantity (total water = hot + cold); undefined: no factor. */
export type Co2FactorOfMeter = (meterId: number) => number | undefined;

/** Hourly price (per unit of the quantity) for the cost mode over [fromS, toS). */
export async function loadPrices(db: Db, quantity: QuantityId, fromS: number, toS: number): Promise<PriceOfHour> {
  // Heating and electricity: the hourly electricity market price (the BREEAM-style estimate).
  if (marketPricedQuantities.includes(quantity)) {
    const rows = await db
      .selectFrom("market_prices")
      .select(["hour", "price"])
      .where("area", "=", MARKET_PRICE_AREA)
      .where("hour", ">=", fromS)
      .where("hour", "<", toS)
      .execute();
    const byHour = new Map(rows.map((row) => [row.hour, row.price]));
    return (hour) => byHour.get(hour);
  }
  const tariffs = await db
    .selectFrom("quantity_prices")
    .select(["price", "valid_from", "valid_to"])
    .where("quantity", "=", quantity)
    .orderBy("valid_from")
    .execute();
  const byDay = new Map<DayKey, number | undefined>();
  return (hour) => {
    const day = dayKeyOf(hour * 1000);
    if (!byDay.has(day)) {
      const tariff = tariffs.find((row) => row.valid_from <= day && (row.valid_to === null || row.valid_to >= day));
      byDay.set(day, tariff?.price);
    }
    return byDay.get(day);
  };
}

// ---------------------------------------------------------------------------------------------
// Collecting rows into buckets

/** Index of the bucket holding a day (buckets sorted, contiguous), or -1. */
function bucketIndexOfDay(buckets: readonly Bucket[], day: DayKey): number {
  return bucketIndexOf(buckets, (bucket) => (day < bucket.firstDay ? -1 : day >= bucket.endDay ? 1 : 0));
}

/** Index of the bucket holding an instant (buckets sorted, disjoint, maybe with gaps), or -1. */
function bucketIndexOfInstant(buckets: readonly Bucket[], utcMs: number): number {
  return bucketIndexOf(buckets, (bucket) => (utcMs < bucket.start ? -1 : utcMs >= bucket.end ? 1 : 0));
}

/**
 * Binary search over sorted, disjoint buckets: `side` says whether what is sought lies before (-1),
 * in (0) or after (1) a bucket. The index of the bucket holding it, or -1.
 */
function bucketIndexOf(buckets: readonly Bucket[], side: (bucket: Bucket) => -1 | 0 | 1): number {
  let low = 0;
  let high = buckets.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const where = side(buckets[middle]!);
    if (where < 0) high = middle - 1;
    else if (where > 0) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * Whether every whole calendar month inside the buckets' span lies in one bucket, so that monthly
 * rollup rows may stand for their days: the buckets are contiguous and meet only at month starts.
 */
function monthAligned(buckets: readonly Bucket[]): boolean {
  for (let index = 1; index < buckets.length; index++) {
    const boundary = buckets[index]!.firstDay;
    if (buckets[index - 1]!.endDay !== boundary || !boundary.endsWith("-01")) return false;
  }
  return true;
}

export interface BucketRow {
  meterId: number;
  index: number;
  value: number;
  weight: number;
}

/**
 * The rollup rows of the meters inside the buckets and the window, each tagged with its bucket.
 * Consumption reads the coarsest exact rollup; cost reads hours and multiplies each by its price
 * (hours without a price are left out). CO2 reads the same rollups as consumption and multiplies
 * each meter's rows by its factor (a factor is constant over time, so a year of CO2 costs no more
 * than a year of consumption); meters without a factor are left out.
 */
export async function collectBucketRows(
  db: Db,
  allMeterIds: readonly number[],
  resolution: Resolution,
  buckets: readonly Bucket[],
  window: DataWindow,
  prices?: PriceOfMeterHour,
  co2Factors?: Co2FactorOfMeter,
): Promise<BucketRow[]> {
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const meterIds =
    co2Factors === undefined ? allMeterIds : allMeterIds.filter((meterId) => co2Factors(meterId) !== undefined);
  if (first === undefined || last === undefined || meterIds.length === 0) return [];
  const out: BucketRow[] = [];
  const weighed = (meterId: number, value: number) => (co2Factors === undefined ? value : value * co2Factors(meterId)!);

  if (resolution === "HOURLY" || prices !== undefined) {
    const fromS = Math.max(first.start / 1000, window.fromS);
    const toS = Math.min(last.end / 1000, window.toS);
    const rows = await hourlyRows(db, meterIds, fromS, toS);
    for (const row of rows) {
      const hour = row.key as number;
      let value = row.value;
      if (prices !== undefined) {
        const price = prices(hour, row.meter_id);
        if (price === undefined) continue;
        value *= price;
      }
      const index =
        resolution === "HOURLY"
          ? bucketIndexOfInstant(buckets, hour * 1000)
          : bucketIndexOfDay(buckets, dayKeyOf(hour * 1000));
      if (index >= 0 && index < buckets.length)
        out.push({ meterId: row.meter_id, index, value: weighed(row.meter_id, value), weight: row.weight });
    }
    return out;
  }

  const fromDay = first.firstDay > window.fromDay ? first.firstDay : window.fromDay;
  const endDay = last.endDay < window.endDay ? last.endDay : window.endDay;
  const rows: RollupRow[] =
    (resolution === "MONTHLY" || resolution === "YEARLY") && monthAligned(buckets)
      ? await daysAndMonthsRows(db, meterIds, fromDay, endDay)
      : await dailyRows(db, meterIds, fromDay, endDay);
  for (const row of rows) {
    const key = row.key as string;
    const index = bucketIndexOfDay(buckets, key.length === 7 ? `${key}-01` : key);
    if (index >= 0)
      out.push({ meterId: row.meter_id, index, value: weighed(row.meter_id, row.value), weight: row.weight });
  }
  return out;
}

/**
 * One row per meter with its total over one bucket (whole days) inside the window, summed by the
 * database; what `collectBucketRows` gives for a single bucket, without a row per day.
 */
async function summedBucketRows(
  db: Db,
  allMeterIds: readonly number[],
  bucket: Bucket,
  window: DataWindow,
  co2Factors?: Co2FactorOfMeter,
  meterTotals?: MeterTotals,
): Promise<BucketRow[]> {
  const meterIds =
    co2Factors === undefined ? allMeterIds : allMeterIds.filter((meterId) => co2Factors(meterId) !== undefined);
  const fromDay = bucket.firstDay > window.fromDay ? bucket.firstDay : window.fromDay;
  const endDay = bucket.endDay < window.endDay ? bucket.endDay : window.endDay;
  if (meterIds.length === 0 || fromDay >= endDay) return [];
  const shared = meterTotals !== undefined && meterIds.every((meterId) => meterTotals.meterIds.has(meterId));
  const totals = shared
    ? await meterTotals.totals(fromDay, endDay)
    : await totalsByMeter(db, meterIds, fromDay, endDay);
  const rows: BucketRow[] = [];
  for (const meterId of meterIds) {
    const total = totals.get(meterId);
    if (total === undefined) continue;
    rows.push({
      meterId,
      index: 0,
      value: co2Factors === undefined ? total.value : total.value * co2Factors(meterId)!,
      weight: total.weight,
    });
  }
  return rows;
}

/** Sums rows per group and bucket. `groupOf` maps a meter to its group (undefined: skip it). */
export function groupRows<K>(
  rows: readonly BucketRow[],
  bucketCount: number,
  groupOf: (meterId: number) => K | undefined,
): Map<K, Aggregate[]> {
  const groups = new Map<K, Aggregate[]>();
  for (const row of rows) {
    const group = groupOf(row.meterId);
    if (group === undefined) continue;
    let aggregates = groups.get(group);
    if (aggregates === undefined) {
      aggregates = Array.from({ length: bucketCount }, () => ({ value: 0, weight: 0 }));
      groups.set(group, aggregates);
    }
    const aggregate = aggregates[row.index]!;
    aggregate.value += row.value;
    aggregate.weight += row.weight;
  }
  return groups;
}

export interface Presentation {
  aggregation: Aggregation;
  mode: GraphMode;
  normalized: boolean;
  /**
   * Grams of CO2 per unit, by quantity (mode CO2): each meter weighs by its own quantity's factor,
   * so total water is its hot water at the hot-water factor plus its cold at the cold-water one.
   */
  co2Factors: ReadonlyMap<string, number>;
}

/**
 * A bucket's value as shown: summed or averaged, per m2; null without data. Cost and CO2 buckets
 * already hold money and grams (collectBucketRows priced or weighed each meter's rows).
 */
export function present(
  aggregate: Aggregate | undefined,
  presentation: Presentation,
  floorArea: number,
): number | null {
  // Costs add up even for hours whose weight is a fraction; a bucket without priced hours is null.
  const value = aggregateValue(presentation.aggregation, aggregate);
  if (value === null) return null;
  let result = value;
  if (presentation.normalized && presentation.aggregation === "addition") result /= floorArea;
  return Number.isFinite(result) ? clean(result, 6) : null;
}

// ---------------------------------------------------------------------------------------------
// Series

export interface SeriesContext {
  db: Db;
  quantity: QuantityId;
  resolution: Resolution;
  presentation: Presentation;
  window: DataWindow;
  /** The unit's meter totals of this request (see meterTotalsOf); without it totals read their own. */
  meterTotals?: MeterTotals;
}

/**
 * Totals per meter over whole days for one set of meters (a unit's), each range read once: a table
 * of several quantities, or a dashboard, reads one range for all the unit's meters in one query
 * instead of one query per quantity and range. Made per request, so nothing outlives the request.
 */
export interface MeterTotals {
  meterIds: ReadonlySet<number>;
  totals(fromDay: DayKey, endDay: DayKey): Promise<Map<number, Aggregate>>;
}

export function meterTotalsOf(db: Db, meterIds: readonly number[]): MeterTotals {
  const ranges = new Map<string, Promise<Map<number, Aggregate>>>();
  return {
    meterIds: new Set(meterIds),
    totals(fromDay, endDay) {
      const key = `${fromDay}/${endDay}`;
      let totals = ranges.get(key);
      if (totals === undefined) {
        totals = totalsByMeter(db, meterIds, fromDay, endDay);
        ranges.set(key, totals);
      }
      return totals;
    },
  };
}

/**
 * Loads prices for the cost mode over the buckets, or undefined for the other modes. Each meter is
 * priced by its own quantity, so water (total) costs its hot water at the hot-water price and its
 * cold water at the cold-water price.
 */
async function pricesFor(
  context: SeriesContext,
  buckets: readonly Bucket[],
  meters: readonly MeterInfo[],
): Promise<PriceOfMeterHour | undefined> {
  if (context.presentation.mode !== "COST") return undefined;
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (first === undefined || last === undefined) return () => undefined;
  const fromS = Math.max(first.start / 1000, context.window.fromS);
  const toS = Math.min(last.end / 1000, context.window.toS);
  const quantities = [...new Set(meters.map((meter) => meter.quantity))];
  const byQuantity = new Map(
    await Promise.all(
      quantities.map(async (quantity) => [quantity, await loadPrices(context.db, quantity, fromS, toS)] as const),
    ),
  );
  const quantityOfMeter = new Map(meters.map((meter) => [meter.id, meter.quantity]));
  return (hour, meterId) => {
    const quantity = quantityOfMeter.get(meterId);
    return quantity === undefined ? undefined : byQuantity.get(quantity)?.(hour);
  };
}

/** Each meter's CO2 factor (its own quantity's) for the CO2 mode, or undefined for the other modes. */
function co2FactorsFor(context: SeriesContext, meters: readonly MeterInfo[]): Co2FactorOfMeter | undefined {
  if (context.presentation.mode !== "CO2") return undefined;
  const factorOfMeter = new Map(meters.map((meter) => [meter.id, context.presentation.co2Factors.get(meter.quantity)]));
  return (meterId) => factorOfMeter.get(meterId);
}

/** The meters' rows in the buckets at the context's resolution, priced (cost) or weighed (CO2) as its mode wants. */
async function bucketRowsFor(
  context: SeriesContext,
  meters: readonly MeterInfo[],
  buckets: readonly Bucket[],
): Promise<BucketRow[]> {
  return collectBucketRows(
    context.db,
    meters.map((meter) => meter.id),
    context.resolution,
    buckets,
    context.window,
    await pricesFor(context, buckets, meters),
    co2FactorsFor(context, meters),
  );
}

/** One series: the meters' values per bucket of the period. */
export async function seriesOf(
  context: SeriesContext,
  meters: readonly MeterInfo[],
  floorArea: number,
  period: WallPeriod,
  length?: number,
): Promise<{ buckets: Bucket[]; values: (number | null)[] }> {
  const buckets = bucketsOf(context.resolution, period);
  const rows = await bucketRowsFor(context, meters, buckets);
  const aggregates = groupRows(rows, buckets.length, () => "all").get("all");
  const values = buckets.map((_, index) => present(aggregates?.[index], context.presentation, floorArea));
  if (length !== undefined) {
    while (values.length < length) values.push(null);
    values.length = length;
  }
  return { buckets, values };
}

/**
 * A piece of a series: a bucket of days (or one hour) read once and counted in every row it
 * belongs to (`owners`, indices of the rows). A comparison series is made of the images of the
 * rows' buckets under the comparison's map (ADR 0018); pieces are sorted and disjoint.
 */
export interface Piece {
  bucket: Bucket;
  owners: number[];
}

/**
 * The values per row of a series made of pieces, and its total over all the pieces (each read
 * once): the sum, or for averages the weighted mean of every hour, over exactly the pieces' days.
 */
export async function seriesOfPieces(
  context: SeriesContext,
  meters: readonly MeterInfo[],
  floorArea: number,
  pieces: readonly Piece[],
  length: number,
): Promise<{ values: (number | null)[]; total: number | null }> {
  const buckets = pieces.map((piece) => piece.bucket);
  const rows = await bucketRowsFor(context, meters, buckets);
  const byPiece = groupRows(rows, pieces.length, () => "all").get("all");
  const owned: Aggregate[] = Array.from({ length }, () => ({ value: 0, weight: 0 }));
  const total: Aggregate = { value: 0, weight: 0 };
  pieces.forEach((piece, index) => {
    const aggregate = byPiece?.[index];
    if (aggregate === undefined) return;
    total.value += aggregate.value;
    total.weight += aggregate.weight;
    for (const owner of piece.owners) {
      owned[owner]!.value += aggregate.value;
      owned[owner]!.weight += aggregate.weight;
    }
  });
  return {
    values: owned.map((aggregate) => present(aggregate, context.presentation, floorArea)),
    total: present(total, context.presentation, floorArea),
  };
}

/** The pieces of a series of the buckets themselves: one each. */
export function ownPieces(buckets: readonly Bucket[]): Piece[] {
  return buckets.map((bucket, index) => ({ bucket, owners: [index] }));
}

/**
 * The pieces of a comparison (ADR 0018): hourly rows take the hours comparedHours gives; coarser
 * rows the image of their days under the comparison's map, day by day, consecutive days owned by
 * the same rows joined into one piece.
 */
export function comparisonPieces(
  kind: ShiftKind,
  resolution: Resolution,
  buckets: readonly Bucket[],
  periodDays: number,
): Piece[] {
  if (resolution === "HOURLY") {
    const owners = new Map<number, number[]>();
    buckets.forEach((bucket, index) => {
      for (const hour of comparedHours(kind, bucket.start, periodDays)) {
        const list = owners.get(hour) ?? [];
        if (!list.includes(index)) list.push(index);
        owners.set(hour, list);
      }
    });
    return [...owners.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([start, list]) => {
        const day = dayKeyOf(start);
        return { bucket: { start, end: start + HOUR_MS, firstDay: day, endDay: addDays(day, 1) }, owners: list };
      });
  }
  const owners = new Map<DayKey, number[]>();
  buckets.forEach((bucket, index) => {
    for (let day = bucket.firstDay; day < bucket.endDay; day = addDays(day, 1)) {
      const image = comparedDay(kind, day, periodDays);
      const list = owners.get(image) ?? [];
      if (!list.includes(index)) list.push(index);
      owners.set(image, list);
    }
  });
  const pieces: Piece[] = [];
  for (const [day, list] of [...owners.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const last = pieces[pieces.length - 1];
    if (last !== undefined && last.bucket.endDay === day && last.owners.join() === list.join()) {
      last.bucket.endDay = addDays(day, 1);
      last.bucket.end = startOfDay(last.bucket.endDay);
      continue;
    }
    const endDay = addDays(day, 1);
    pieces.push({ bucket: { start: startOfDay(day), end: startOfDay(endDay), firstDay: day, endDay }, owners: list });
  }
  return pieces;
}

/**
 * The property average per bucket: the mean over the other units (never the caller's) of each
 * unit's value (per m2 of that unit when normalized); null where fewer than three units have data.
 */
export async function propertyAverageSeries(
  context: SeriesContext,
  otherMeters: readonly MeterInfo[],
  units: ReadonlyMap<number, UnitInfo>,
  buckets: readonly Bucket[],
): Promise<(number | null)[]> {
  const unitOfMeter = new Map(otherMeters.map((meter) => [meter.id, meter.unitId]));
  const rows = await bucketRowsFor(context, otherMeters, buckets);
  const byUnit = groupRows(rows, buckets.length, (meterId) => unitOfMeter.get(meterId));
  return buckets
    .map((_, index) =>
      propertyAverageOf(
        [...byUnit.entries()].map(([unitId, aggregates]) =>
          present(aggregates[index], context.presentation, units.get(unitId)?.floorArea ?? Number.NaN),
        ),
      ),
    )
    .map((value) => (value === null ? null : clean(value, 6)));
}

/**
 * Totals over whole days [period] (one bucket), per group. Used by KPIs, tables and the rating.
 */
export async function totalsOf<K>(
  context: Omit<SeriesContext, "resolution">,
  meters: readonly MeterInfo[],
  fromDay: DayKey,
  endDay: DayKey,
  groupOf: (meter: MeterInfo) => K,
): Promise<Map<K, Aggregate>> {
  const bucket: Bucket = { start: startOfDay(fromDay), end: startOfDay(endDay), firstDay: fromDay, endDay };
  const seriesContext: SeriesContext = { ...context, resolution: "YEARLY" };
  const meterIds = meters.map((meter) => meter.id);
  const prices = await pricesFor(seriesContext, [bucket], meters);
  const co2Factors = co2FactorsFor(seriesContext, meters);
  // Cost prices every hour; consumption and CO2 add up whole rollup rows, which the database sums.
  const rows =
    prices !== undefined
      ? await collectBucketRows(context.db, meterIds, "YEARLY", [bucket], context.window, prices, co2Factors)
      : await summedBucketRows(context.db, meterIds, bucket, context.window, co2Factors, context.meterTotals);
  const meterById = new Map(meters.map((meter) => [meter.id, meter]));
  const groups = groupRows(rows, 1, (meterId) => {
    const meter = meterById.get(meterId);
    return meter === undefined ? undefined : groupOf(meter);
  });
  return new Map([...groups.entries()].map(([key, aggregates]) => [key, aggregates[0]!]));
}
