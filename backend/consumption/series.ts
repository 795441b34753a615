/**
 * Series per bucket for a set of meters, clamped to the caller's data window: the own period and
 * its comparisons (previous period, previous year, property average), and totals for key figures
 * and tables.
 */

import {
  addDays,
  type Bucket,
  bucketsOf,
  comparedDay,
  comparedHours,
  comparedInstant,
  type DayKey,
  type DayRange,
  dayKeyOf,
  daysBetween,
  elapsedEndOf,
  HOUR_MS,
  type Resolution,
  type ShiftKind,
  startOfDay,
  type WallPeriod,
} from "@common/calendar";
import type { QuantityId } from "@common/quantities";
import { type Aggregate, clean } from "./aggregate";
import {
  type BucketRow,
  bucketIndexOfDay,
  bucketIndexOfInstant,
  collectBucketRows,
  groupRows,
  type MeterTotals,
  summedBucketRows,
} from "./bucket-rows";
import { type DataWindow, type Db, type MeterInfo, type Presentation, present, type UnitInfo } from "./engine";
import { type Co2FactorOfMeter, loadPrices, type PriceOfMeterHour } from "./hour-prices";
import {
  type PropertyRow,
  propertyDayTotals,
  propertyRows,
  runEdges,
  unitsWithDataIn,
  unitsWithDataPerSpan,
} from "./property-rollups";
import { MIN_OTHER_UNITS, propertyAverageOf } from "./rating";
import { latestHourWithValue } from "./rollup-reads";

export interface SeriesContext {
  db: Db;
  quantity: QuantityId;
  resolution: Resolution;
  presentation: Presentation;
  window: DataWindow;
  /** The unit's meter totals of this request (see meterTotalsOf); without it totals read their own. */
  meterTotals?: MeterTotals;
  /**
   * The bucket rows this request has read, by meters, resolution and buckets: a graph's own series
   * and its property average (which subtracts the caller's own values) read the same rows once.
   */
  bucketRows?: Map<string, Promise<BucketRow[]>>;
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
  const memo = context.bucketRows;
  if (memo === undefined) return readBucketRows(context, meters, buckets);
  const key = [
    context.resolution,
    context.presentation.mode,
    meters.map((meter) => meter.id).join(","),
    buckets.map((bucket) => `${bucket.start}-${bucket.end}`).join(","),
  ].join("|");
  let rows = memo.get(key);
  if (rows === undefined) {
    rows = readBucketRows(context, meters, buckets);
    memo.set(key, rows);
  }
  return rows;
}

async function readBucketRows(
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

/**
 * The meters' aggregates per bucket and group, read at once at the context's resolution and mode
 * (the homes of efficient neighbours' fifth, each by its own unit).
 */
export async function bucketAggregatesPerGroup<K>(
  context: SeriesContext,
  meters: readonly MeterInfo[],
  buckets: readonly Bucket[],
  groupOf: (meter: MeterInfo) => K,
): Promise<Map<K, Aggregate[]>> {
  const rows = await bucketRowsFor(context, meters, buckets);
  const meterById = new Map(meters.map((meter) => [meter.id, meter]));
  return groupRows(rows, buckets.length, (meterId) => {
    const meter = meterById.get(meterId);
    return meter === undefined ? undefined : groupOf(meter);
  });
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
  /** Hours of one day up to a cut (bucket.start to bucket.end), read from the hourly rollup. */
  hours?: true;
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
  // Pieces of whole days read the context's rollups; a day cut by the elapsed part (ADR 0018
  // rule 8) is read by the hour.
  const read = async (list: readonly Piece[], resolution: Resolution) => {
    if (list.length === 0) return [];
    const rows = await bucketRowsFor(
      { ...context, resolution },
      meters,
      list.map((piece) => piece.bucket),
    );
    const aggregates = groupRows(rows, list.length, () => "all").get("all");
    return list.map((_, index) => aggregates?.[index]);
  };
  const byHours = context.resolution !== "HOURLY";
  const [dayAggregates, hourAggregates] = await Promise.all([
    read(
      pieces.filter((piece) => !(byHours && piece.hours)),
      context.resolution,
    ),
    read(
      pieces.filter((piece) => byHours && piece.hours),
      "HOURLY",
    ),
  ]);
  let dayIndex = 0;
  let hourIndex = 0;
  const byPiece = pieces.map((piece) =>
    byHours && piece.hours ? hourAggregates[hourIndex++] : dayAggregates[dayIndex++],
  );
  const owned: Aggregate[] = Array.from({ length }, () => ({ value: 0, weight: 0 }));
  const total: Aggregate = { value: 0, weight: 0 };
  pieces.forEach((piece, index) => {
    const aggregate = byPiece[index];
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
 * the same rows joined into one piece. Only the rows' days in `days` (the period's days of the
 * tenancy, rule 7) are compared, and n is their number; when the period's values end at
 * `elapsedEnd`, the pieces end at its compared instant (rule 8), the day it falls in read by the
 * hour up to it.
 */
export function comparisonPieces(
  kind: ShiftKind,
  resolution: Resolution,
  buckets: readonly Bucket[],
  days: DayRange,
  elapsedEnd: number | null = null,
): Piece[] {
  const periodDays = daysBetween(days.fromDay, days.endDay);
  const inDays = (day: DayKey) => days.fromDay <= day && day < days.endDay;
  const cut =
    elapsedEnd === null || elapsedEnd >= startOfDay(days.endDay) ? null : comparedInstant(kind, elapsedEnd, periodDays);
  if (resolution === "HOURLY") {
    const owners = new Map<number, number[]>();
    buckets.forEach((bucket, index) => {
      if (!inDays(dayKeyOf(bucket.start))) return;
      for (const hour of comparedHours(kind, bucket.start, periodDays)) {
        if (cut !== null && hour >= cut) continue;
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
      if (!inDays(day)) continue;
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
  return cut === null ? pieces : piecesBefore(pieces, cut);
}

/** Day pieces up to an instant: whole days before its day, that day's hours before it. */
function piecesBefore(pieces: readonly Piece[], cut: number): Piece[] {
  const day = dayKeyOf(cut);
  const midnight = startOfDay(day);
  return pieces.flatMap((piece): Piece[] => {
    const { bucket, owners } = piece;
    if (bucket.end <= cut) return [piece];
    if (bucket.start >= cut) return [];
    const out: Piece[] = [];
    if (bucket.firstDay < day) out.push({ bucket: { ...bucket, end: midnight, endDay: day }, owners });
    if (cut > midnight) {
      out.push({ bucket: { start: midnight, end: cut, firstDay: day, endDay: addDays(day, 1) }, owners, hours: true });
    }
    return out;
  });
}

/**
 * Where a series' values over the days end (ADR 0018 rule 8): for days that run past the data
 * window's end (now, for a current tenancy), the end of the latest hour with a value of the meters,
 * or the start of the current hour without any; null when the days have fully elapsed.
 */
export async function elapsedEnd(
  context: Pick<SeriesContext, "db" | "window">,
  meters: readonly MeterInfo[],
  days: DayRange,
): Promise<number | null> {
  const nowMs = context.window.toS * 1000;
  if (startOfDay(days.endDay) <= nowMs) return null;
  const latest = await latestHourWithValue(
    context.db,
    meters.map((meter) => meter.id),
    Math.max(startOfDay(days.fromDay) / 1000, context.window.fromS),
    context.window.toS,
  );
  return elapsedEndOf(days, nowMs, latest === null ? null : latest * 1000);
}

/**
 * The caller's unit as a property average sees it (ADR 0038): the average is over the other units
 * of its property, read from the property rollups less the unit's own contribution where they
 * answer exactly, else from the other units' own rows.
 */
export interface PropertySubject {
  propertyId: number;
  unitId: number;
  floorArea: number;
  /** The unit's own meters of the quantity (metersForQuantity): what it added to the property rollups. */
  ownMeters: readonly MeterInfo[];
  /** Whether to read the property rollups (every property of more than one unit); the other units' rows otherwise. */
  useRollups: boolean;
  /** The other units' meters of the quantity and those units. */
  others(): Promise<{ meters: readonly MeterInfo[]; units: ReadonlyMap<number, UnitInfo> }>;
}

/** A property average and the number of other units it is over. */
export interface PropertyAverage {
  value: number | null;
  units: number;
}

/**
 * The property average per bucket from the property rollups: (the property's sum − the unit's own
 * value) / (units with data − the unit, if it has data). Undefined where the rollups cannot give
 * today's figure exactly: average quantities (a mean of unit means does not add up over days), a
 * CO2 view with a meter quantity without a factor, a cost view with an hour without a price.
 */
async function averagesFromRollups(
  context: SeriesContext,
  subject: PropertySubject,
  buckets: readonly Bucket[],
  own: (Aggregate | undefined)[],
): Promise<PropertyAverage[] | undefined> {
  const { db, quantity, presentation, window } = context;
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (presentation.aggregation !== "addition" || first === undefined || last === undefined) return undefined;
  const byHours = context.resolution === "HOURLY" || presentation.mode === "COST";
  const fromS = Math.max(first.start / 1000, window.fromS);
  const toS = Math.min(last.end / 1000, window.toS);
  const fromDay = first.firstDay > window.fromDay ? first.firstDay : window.fromDay;
  const endDay = last.endDay < window.endDay ? last.endDay : window.endDay;
  const rows: PropertyRow[] = byHours
    ? await propertyRows(db, "hour", subject.propertyId, quantity, fromS, toS)
    : buckets.length === 1
      ? (await propertyDayTotals(db, subject.propertyId, quantity, fromDay, endDay)).map((row) => ({
          ...row,
          key: fromDay,
          units: 0,
        }))
      : await propertyRows(db, "day", subject.propertyId, quantity, fromDay, endDay);

  // Each row weighs by its own meter quantity: its price of the hour (cost) or its factor (CO2).
  const meterQuantities = [...new Set(rows.map((row) => row.meterQuantity))];
  const prices =
    presentation.mode === "COST"
      ? new Map(
          await Promise.all(
            meterQuantities.map(
              async (meterQuantity) => [meterQuantity, await loadPrices(db, meterQuantity, fromS, toS)] as const,
            ),
          ),
        )
      : undefined;
  if (
    presentation.mode === "CO2" &&
    meterQuantities.some((meterQuantity) => !presentation.co2Factors.has(meterQuantity))
  ) {
    return undefined;
  }
  const sums = buckets.map(() => 0);
  const keyUnits = buckets.map(() => 0);
  for (const row of rows) {
    const index = byHours
      ? context.resolution === "HOURLY"
        ? bucketIndexOfInstant(buckets, (row.key as number) * 1000)
        : bucketIndexOfDay(buckets, dayKeyOf((row.key as number) * 1000))
      : bucketIndexOfDay(buckets, row.key as DayKey);
    if (index < 0) continue;
    let value = presentation.normalized ? row.valuePerM2 : row.value;
    if (prices !== undefined) {
      const price = prices.get(row.meterQuantity)?.(row.key as number);
      if (price === undefined) return undefined;
      value *= price;
    }
    if (presentation.mode === "CO2") value *= presentation.co2Factors.get(row.meterQuantity)!;
    sums[index]! += value;
    if (row.units > keyUnits[index]!) keyUnits[index] = row.units;
  }

  const counts = await unitsWithDataPerBucket(db, subject.propertyId, quantity, context.resolution, buckets, {
    byHours,
    fromDay,
    endDay,
    stored: keyUnits,
  });
  return buckets.map((_, index) => {
    const mine = own[index];
    const ownHasData = mine !== undefined && mine.weight > 0;
    const units = counts[index]! - (ownHasData ? 1 : 0);
    if (units < MIN_OTHER_UNITS) return { value: null, units };
    const ownValue = !ownHasData ? 0 : presentation.normalized ? mine.value / subject.floorArea : mine.value;
    const value = (sums[index]! - ownValue) / units;
    return { value: Number.isFinite(value) ? clean(value, 6) : null, units };
  });
}

/**
 * The number of the property's homes with data in each bucket. Per hour or per day as stored (the
 * rows of a key all carry its count, `stored`); over longer buckets from the edges of the homes'
 * runs and the gaps between them (any data in the bucket; ADR 0053), never a row per home. A day's
 * stored count is its runs' count. A single bucket (key figures, the rating) is one count in the
 * database.
 */
async function unitsWithDataPerBucket(
  db: Db,
  propertyId: number,
  quantity: QuantityId,
  resolution: Resolution,
  buckets: readonly Bucket[],
  { byHours, fromDay, endDay, stored }: { byHours: boolean; fromDay: DayKey; endDay: DayKey; stored: number[] },
): Promise<number[]> {
  const oneDayEach =
    !byHours && buckets.length > 1 && buckets.every((bucket) => addDays(bucket.firstDay, 1) === bucket.endDay);
  if (resolution === "HOURLY" || oneDayEach) return stored;
  if (buckets.length === 1) return [await unitsWithDataIn(db, propertyId, quantity, fromDay, endDay)];
  const edges = await runEdges(db, propertyId, quantity, fromDay, endDay);
  return unitsWithDataPerSpan(
    edges,
    buckets.map((bucket) => ({
      fromDay: bucket.firstDay > fromDay ? bucket.firstDay : fromDay,
      endDay: bucket.endDay < endDay ? bucket.endDay : endDay,
    })),
  );
}

/** The mean of the other units' values and how many have one (propertyAverageOf's rule), cleaned to 6 decimals. */
function averageOfUnits(values: readonly (number | null)[]): PropertyAverage {
  const average = propertyAverageOf(values);
  return {
    value: average === null ? null : clean(average, 6),
    units: values.filter((value) => value !== null).length,
  };
}

/** The property average per bucket from the other units' own rows (what the rollups do not answer exactly). */
async function averagesFromOtherUnits(
  context: SeriesContext,
  subject: PropertySubject,
  buckets: readonly Bucket[],
): Promise<PropertyAverage[]> {
  const others = await subject.others();
  const unitOfMeter = new Map(others.meters.map((meter) => [meter.id, meter.unitId]));
  const rows = await bucketRowsFor(context, others.meters, buckets);
  const byUnit = groupRows(rows, buckets.length, (meterId) => unitOfMeter.get(meterId));
  return buckets.map((_, index) => {
    const values = [...byUnit.entries()].map(([unitId, aggregates]) =>
      present(aggregates[index], context.presentation, others.units.get(unitId)?.floorArea ?? Number.NaN),
    );
    return averageOfUnits(values);
  });
}

/**
 * The property average per bucket: the mean over the other units (never the caller's) of each
 * unit's value (per m2 of that unit when normalized); null where fewer than three units have data.
 */
export async function propertyAverageSeries(
  context: SeriesContext,
  subject: PropertySubject,
  buckets: readonly Bucket[],
): Promise<(number | null)[]> {
  if (subject.useRollups) {
    const own = async () => {
      const rows = await bucketRowsFor(context, subject.ownMeters, buckets);
      const aggregates = groupRows(rows, buckets.length, () => "all").get("all");
      return buckets.map((_, index) => aggregates?.[index]);
    };
    const averages = await averagesFromRollups(context, subject, buckets, await own());
    if (averages !== undefined) return averages.map((average) => average.value);
  }
  return (await averagesFromOtherUnits(context, subject, buckets)).map((average) => average.value);
}

/** The property average over whole days [fromDay, endDay) (key figures, tables, the rating). */
export async function propertyAverageOverDays(
  context: Omit<SeriesContext, "resolution">,
  subject: PropertySubject,
  fromDay: DayKey,
  endDay: DayKey,
): Promise<PropertyAverage> {
  const bucket: Bucket = { start: startOfDay(fromDay), end: startOfDay(endDay), firstDay: fromDay, endDay };
  if (subject.useRollups) {
    const own = await totalsOf(context, subject.ownMeters, fromDay, endDay, () => "all");
    const averages = await averagesFromRollups(
      { ...context, resolution: "DAILY" },
      subject,
      [bucket],
      [own.get("all")],
    );
    if (averages !== undefined) return averages[0]!;
  }
  const others = await subject.others();
  const totals = await totalsOf(context, others.meters, fromDay, endDay, (meter) => meter.unitId);
  const values = [...totals.entries()].map(([unitId, aggregate]) =>
    present(aggregate, context.presentation, others.units.get(unitId)?.floorArea ?? Number.NaN),
  );
  return averageOfUnits(values);
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

/**
 * Totals over the hours [start, end) of one day, per group: the compared part of a day that a
 * comparison is cut in (ADR 0018 rule 8), read from the hourly rollup.
 */
export async function hourTotalsOf<K>(
  context: Omit<SeriesContext, "resolution">,
  meters: readonly MeterInfo[],
  hours: { day: DayKey; start: number; end: number },
  groupOf: (meter: MeterInfo) => K,
): Promise<Map<K, Aggregate>> {
  const bucket: Bucket = { start: hours.start, end: hours.end, firstDay: hours.day, endDay: addDays(hours.day, 1) };
  const seriesContext: SeriesContext = { ...context, resolution: "HOURLY" };
  const rows = await bucketRowsFor(seriesContext, meters, [bucket]);
  const meterById = new Map(meters.map((meter) => [meter.id, meter]));
  const groups = groupRows(rows, 1, (meterId) => {
    const meter = meterById.get(meterId);
    return meter === undefined ? undefined : groupOf(meter);
  });
  return new Map([...groups.entries()].map(([key, aggregates]) => [key, aggregates[0]!]));
}
