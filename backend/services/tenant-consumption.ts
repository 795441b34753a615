/**
 * Resolvers of the consumption queries of the tenant data service (schema/tenant.graphql):
 * tenantGraph, tenantTable, unitQuantityKpis, readoutMinMax, quantityPrices, consumptionRating.
 *
 * Each tenancy-scoped resolver starts the same way: the caller (UNAUTHENTICATED), their
 * membership of the tenancy (FORBIDDEN), then the tenancy's data window: nothing before its
 * start, after its end or in the future is ever read. Arguments are checked first and rejected
 * with BAD_USER_INPUT and a message naming the problem.
 */
import { pricedQuantitiesOf } from "@common/price-view";
import { isQuantityId, quantityDefinition, type QuantityId } from "@common/quantities";
import { roomSlug } from "@common/room-slug";
import {
  addDays,
  bucketsOf,
  comparedDay,
  dayKeyOf,
  daysBetween,
  daysOfWallPeriod,
  imageOfDays,
  type DayRange,
  type ShiftKind,
  formatInstant,
  fromWall,
  isValidDayKey,
  maxSpanDays,
  resolutions,
  wallOfApiDateTime,
  type Resolution,
  type WallPeriod,
} from "@common/calendar";
import { clean, type Aggregate } from "../consumption/aggregate";
import {
  comparisons,
  dataWindowOf,
  expressedAs,
  graphModes,
  intersectWindow,
  isNormalizable,
  metersForQuantity,
  meterTotalsOf,
  present,
  comparisonPieces,
  ownPieces,
  propertyAverageSeries,
  seriesOfPieces,
  totalsOf,
  type Comparison,
  type DataWindow,
  type GraphMode,
  type MeterInfo,
  type MeterTotals,
  type Presentation,
  type SeriesContext,
  type UnitInfo,
} from "../consumption/engine";
import { MIN_OTHER_UNITS, MIN_RATING_DAYS, propertyAverageOf, ratingLetterOf } from "../consumption/rating";
import type { PropertyRow, TenancyRow, UnitRow } from "../db/types";
import { callerAndTenancy, tenancyDataWindow } from "./access";
import type { ServiceContext } from "./context";
import { badUserInput, forbidden } from "./errors";
import type { ObjectDetails } from "../schema/tenant.generated";

// ---------------------------------------------------------------------------------------------
// Arguments

export function parseQuantity(value: string, field = "quantity"): QuantityId {
  if (!isQuantityId(value)) throw badUserInput(`Unknown quantity '${value}'`, field);
  return value;
}

function parseQuantities(values: readonly string[]): QuantityId[] {
  if (values.length === 0) throw badUserInput("quantities must name at least one quantity", "quantities");
  if (values.length > 20) throw badUserInput("quantities may name at most 20 quantities", "quantities");
  return values.map((value) => parseQuantity(value, "quantities"));
}

const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** A local datetime of the API as a wall time (an end ending in :59 includes that minute). */
function parseWall(value: string, field: string, isEnd: boolean): number {
  const wall = wallOfApiDateTime(value, isEnd ? "end" : "begin");
  if (wall === null) throw badUserInput(`${field} must be a local datetime YYYY-MM-DDTHH:mm:00, got '${value}'`, field);
  if (wall < EARLIEST || wall > LATEST) throw badUserInput(`${field} must lie between 2000 and 2100`, field);
  return wall;
}

export function parsePeriod(begin: string, end: string, resolution: Resolution): WallPeriod {
  const period = { beginWall: parseWall(begin, "periodBegin", false), endWall: parseWall(end, "periodEnd", true) };
  if (period.endWall <= period.beginWall) throw badUserInput("periodEnd must be after periodBegin", "periodEnd");
  const days = (period.endWall - period.beginWall) / 86_400_000;
  if (days > maxSpanDays[resolution]) {
    throw badUserInput(
      `A ${resolution} period may span at most ${maxSpanDays[resolution]} days; this one spans ${Math.ceil(days)}`,
      "periodEnd",
    );
  }
  return period;
}

/** Longest HOURLY period compared with the property average (maxSpanDays.HOURLY is longer). */
export const MAX_HOURLY_PROPERTY_AVERAGE_DAYS = 93;

function parseResolution(value: string): Resolution {
  if (!(resolutions as readonly string[]).includes(value))
    throw badUserInput(`Unknown resolution '${value}'`, "resolution");
  return value as Resolution;
}

function parseMode(value: string | null | undefined): GraphMode {
  const mode = value ?? "HOURLY_VALUES";
  if (!(graphModes as readonly string[]).includes(mode)) throw badUserInput(`Unknown mode '${mode}'`, "mode");
  return mode as GraphMode;
}

function parseComparisons(values: readonly string[] | null | undefined): Comparison[] {
  const list = [...new Set(values ?? [])];
  for (const value of list) {
    if (!(comparisons as readonly string[]).includes(value))
      throw badUserInput(`Unknown comparison '${value}'`, "compareWith");
  }
  return list as Comparison[];
}

/**
 * The mode must make sense for the quantity; CO2 needs a factor for at least one of the quantities
 * its meters measure (total water: hot or cold water), and each meter is weighed by its own.
 */
function presentationFor(scope: UnitScope, quantity: QuantityId, mode: GraphMode, normalized: boolean): Presentation {
  const aggregation = quantityDefinition(quantity).aggregation;
  if (mode !== "HOURLY_VALUES" && aggregation !== "addition") {
    throw badUserInput(`${mode} exists only for quantities that add up, not for ${quantity}`, "mode");
  }
  const co2Factors = new Map<string, number>();
  if (mode === "CO2") {
    for (const priced of pricedQuantitiesOf(quantity)) {
      const factor = scope.co2Factors.get(priced);
      if (factor !== undefined) co2Factors.set(priced, factor);
    }
    if (co2Factors.size === 0) throw badUserInput(`The property has no CO2 factor for ${quantity}`, "mode");
  }
  return { aggregation, mode, normalized: normalized && isNormalizable(quantity), co2Factors };
}

// ---------------------------------------------------------------------------------------------
// The caller's unit

export interface UnitScope {
  tenancy: TenancyRow;
  unit: UnitRow;
  property: PropertyRow;
  meters: MeterInfo[];
  window: DataWindow;
  co2Factors: Map<string, number>;
  /** The totals of the unit's meters, each range read once for the whole request. */
  meterTotals: MeterTotals;
}

/**
 * The unit behind a tenancy of the caller, once per request: a dashboard asks for the rating and
 * two tables of the same tenancy in one request, and each would otherwise check membership and
 * read the unit, property, meters and factors again.
 */
const scopesOfRequest = new WeakMap<ServiceContext, Map<number, Promise<UnitScope>>>();
export function unitScopeOf(ctx: ServiceContext, tenancyId: number): Promise<UnitScope> {
  let scopes = scopesOfRequest.get(ctx);
  if (scopes === undefined) {
    scopes = new Map();
    scopesOfRequest.set(ctx, scopes);
  }
  let scope = scopes.get(tenancyId);
  if (scope === undefined) {
    scope = readUnitScope(ctx, tenancyId);
    scopes.set(tenancyId, scope);
  }
  return scope;
}

async function readUnitScope(ctx: ServiceContext, tenancyId: number): Promise<UnitScope> {
  const { tenancy } = await callerAndTenancy(ctx, tenancyId);
  return scopeOfTenancy(ctx, tenancy);
}

/**
 * The unit scope of a tenancy the caller has already been checked for, or of a tenancy the
 * back-end's own jobs work on (the monthly report): the same figures as the pages'.
 */
export async function scopeOfTenancy(ctx: Pick<ServiceContext, "db" | "now">, tenancy: TenancyRow): Promise<UnitScope> {
  const window = dataWindowOf(tenancyDataWindow(tenancy), ctx.now);
  const unit = await ctx.db.selectFrom("units").selectAll().where("id", "=", tenancy.unit_id).executeTakeFirstOrThrow();
  const [property, meters, factors] = await Promise.all([
    ctx.db.selectFrom("properties").selectAll().where("id", "=", unit.property_id).executeTakeFirstOrThrow(),
    ctx.db.selectFrom("meters").selectAll().where("unit_id", "=", unit.id).orderBy("id").execute(),
    ctx.db.selectFrom("co2_factors").selectAll().where("property_id", "=", unit.property_id).execute(),
  ]);
  return {
    tenancy,
    unit,
    property,
    window,
    meters: meters.map((meter) => ({
      id: meter.id,
      unitId: meter.unit_id,
      number: meter.number,
      roomName: meter.room_name,
      quantity: meter.quantity as QuantityId,
    })),
    co2Factors: new Map(factors.map((factor) => [factor.quantity, factor.gram_per_quantity_unit])),
    meterTotals: meterTotalsOf(
      ctx.db,
      meters.map((meter) => meter.id),
    ),
  };
}

/** The meters of the other units of the property, and those units (for property averages). */
async function otherUnitsOf(ctx: Pick<ServiceContext, "db">, scope: UnitScope, quantity: QuantityId) {
  const rows = await ctx.db
    .selectFrom("meters")
    .innerJoin("units", "units.id", "meters.unit_id")
    .select(["meters.id", "meters.unit_id", "meters.number", "meters.room_name", "meters.quantity", "units.floor_area"])
    .where("units.property_id", "=", scope.property.id)
    .where("units.id", "!=", scope.unit.id)
    .where(
      "meters.quantity",
      "in",
      quantity === "total-water-volume" ? [quantity, "hot-water-volume", "cold-water-volume"] : [quantity],
    )
    .execute();
  const units = new Map<number, UnitInfo>();
  const byUnit = new Map<number, MeterInfo[]>();
  for (const row of rows) {
    units.set(row.unit_id, { id: row.unit_id, floorArea: row.floor_area });
    const list = byUnit.get(row.unit_id) ?? [];
    list.push({
      id: row.id,
      unitId: row.unit_id,
      number: row.number,
      roomName: row.room_name,
      quantity: row.quantity as QuantityId,
    });
    byUnit.set(row.unit_id, list);
  }
  const meters = [...byUnit.values()].flatMap((list) => metersForQuantity(list, quantity));
  return { meters, units };
}

function propertyDetails(scope: UnitScope): ObjectDetails["property"] {
  return {
    id: String(scope.property.id),
    number: scope.property.number,
    address: scope.property.address,
    city: scope.property.city,
    zipcode: scope.property.zipcode,
  };
}

function unitDetails(scope: UnitScope): ObjectDetails {
  return {
    id: String(scope.unit.id),
    kind: "UNIT",
    property: propertyDetails(scope),
    unit: {
      id: String(scope.unit.id),
      unitUniqueId: scope.unit.unique_id,
      name: scope.unit.name,
      tenantName: scope.tenancy.tenant_name,
      floorArea: scope.unit.floor_area,
      rooms: scope.unit.rooms,
    },
    group: null,
    measurementPoint: null,
  };
}

function meterDetails(scope: UnitScope, meter: MeterInfo): ObjectDetails {
  const base = unitDetails(scope);
  return {
    ...base,
    id: String(meter.id),
    kind: "MPOINT",
    group: {
      id: String(meter.id),
      quantity: meter.quantity,
      operational: true,
      meter: { id: String(meter.id), number: meter.number, roomName: meter.roomName },
    },
    measurementPoint: {
      id: String(meter.id),
      legacyMeterId: meter.number,
      name: meter.roomName === null ? meter.number : `${meter.roomName} ${meter.number}`,
      room: meter.roomName,
      quantity: meter.quantity,
    },
  };
}

function roomDetails(scope: UnitScope, room: string, quantity: string): ObjectDetails {
  const base = unitDetails(scope);
  return {
    ...base,
    id: `${scope.unit.id}:${roomSlug(room)}`,
    kind: "SOURCE",
    group: { id: `${scope.unit.id}:${roomSlug(room)}`, quantity, operational: true, meter: null },
    measurementPoint: null,
  };
}

// ---------------------------------------------------------------------------------------------
// tenantGraph

interface TenantGraphArgs {
  graph: {
    tenancyId: number;
    quantities: string[];
    resolution: string;
    periodBegin: string;
    periodEnd: string;
    mode?: string | null;
    normalized?: boolean | null;
    compareWith?: string[] | null;
    roomName?: string | null;
    meterNumber?: string | null;
  };
}

function selectMeters(
  scope: UnitScope,
  quantity: QuantityId,
  roomName: string | null | undefined,
  meterNumber: string | null | undefined,
): MeterInfo[] {
  let meters = metersForQuantity(scope.meters, quantity);
  if (meterNumber !== null && meterNumber !== undefined) {
    const meter = scope.meters.find((candidate) => candidate.number === meterNumber);
    // A meter of another unit is not the caller's business: same answer as an unknown number.
    if (meter === undefined) throw forbidden();
    meters = meters.filter((candidate) => candidate.id === meter.id);
  }
  if (roomName !== null && roomName !== undefined) {
    const wanted = roomSlug(roomName);
    if (!scope.meters.some((meter) => meter.roomName !== null && roomSlug(meter.roomName) === wanted)) {
      throw badUserInput(`The unit has no room '${roomName}'`, "roomName");
    }
    meters = meters.filter((meter) => meter.roomName !== null && roomSlug(meter.roomName) === wanted);
  }
  return meters;
}

async function tenantGraph(_: unknown, { graph }: TenantGraphArgs, ctx: ServiceContext) {
  const quantities = parseQuantities(graph.quantities);
  const resolution = parseResolution(graph.resolution);
  const period = parsePeriod(graph.periodBegin, graph.periodEnd, resolution);
  const mode = parseMode(graph.mode);
  const compareWith = parseComparisons(graph.compareWith);
  if (compareWith.includes("PROPERTY_AVERAGE") && (graph.roomName != null || graph.meterNumber != null)) {
    throw badUserInput("Comparison with the property average is not possible for a room or a meter", "compareWith");
  }
  if (compareWith.includes("PROPERTY_AVERAGE") && resolution === "HOURLY") {
    // Every other unit's hourly rows are read: a year of them takes seconds (README, Consumption data).
    const days = (period.endWall - period.beginWall) / 86_400_000;
    if (days > MAX_HOURLY_PROPERTY_AVERAGE_DAYS) {
      throw badUserInput(
        `Comparison with the property average at HOURLY may span at most ${MAX_HOURLY_PROPERTY_AVERAGE_DAYS} days; this one spans ${Math.ceil(days)}`,
        "compareWith",
      );
    }
  }
  const scope = await unitScopeOf(ctx, graph.tenancyId);
  const presentations = quantities.map((quantity) => presentationFor(scope, quantity, mode, graph.normalized === true));

  // ADR 0018: the buckets are clipped to the period's days P; every total is over exactly P (own
  // series, property average) or over its image f(P) (previous period, previous year).
  const buckets = bucketsOf(resolution, period);
  const days = daysOfWallPeriod(period);
  const periodDays = daysBetween(days.fromDay, days.endDay);
  const graphs = [];
  for (const [index, quantity] of quantities.entries()) {
    const presentation = presentations[index]!;
    const context: SeriesContext = { db: ctx.db, quantity, resolution, presentation, window: scope.window };
    const meters = selectMeters(scope, quantity, graph.roomName, graph.meterNumber);
    const own = await seriesOfPieces(context, meters, scope.unit.floor_area, ownPieces(buckets), buckets.length);
    const relatedValues = [];
    for (const comparison of compareWith) {
      if (comparison === "PROPERTY_AVERAGE") {
        const others = await otherUnitsOf(ctx, scope, quantity);
        const total = await propertyAverageTotal(ctx, scope, quantity, presentation, days.fromDay, days.endDay);
        relatedValues.push({
          type: comparison,
          values: await propertyAverageSeries(context, others.meters, others.units, buckets),
          total: total.value,
          firstDay: days.fromDay,
          lastDay: addDays(days.endDay, -1),
        });
      } else {
        const pieces = comparisonPieces(comparison, resolution, buckets, periodDays);
        const series = await seriesOfPieces(context, meters, scope.unit.floor_area, pieces, buckets.length);
        relatedValues.push({
          type: comparison,
          values: series.values,
          total: series.total,
          firstDay: comparedDay(comparison, days.fromDay, periodDays),
          lastDay: comparedDay(comparison, addDays(days.endDay, -1), periodDays),
        });
      }
    }
    graphs.push({
      type: mode,
      consumption: {
        quantityDescriptor: {
          quantity,
          normalized: presentation.normalized,
          expressedAs: expressedAs(quantity, mode, presentation.normalized),
        },
        values: own.values,
        total: own.total,
        relatedValues,
      },
    });
  }
  return {
    timestamps: buckets.map((bucket) => formatInstant(bucket.start)),
    buckets: buckets.map((bucket) => ({
      firstDay: bucket.firstDay,
      lastDay: resolution === "HOURLY" ? bucket.firstDay : addDays(bucket.endDay, -1),
      partial: bucket.partial === true,
    })),
    graphs,
  };
}

// ---------------------------------------------------------------------------------------------
// Totals shared by tables, KPIs and the rating

/**
 * Days [fromDay, endDay) of a period given as API datetimes. Totals come from the coarsest rollups
 * that fit (one bucket), so they take the WEEKLY limit (about ten years, the portal's longest
 * period), not the DAILY one: "since moving in" for a tenancy of four years must work.
 */
function daysOfInput(begin: string, end: string) {
  return daysOfWallPeriod(parsePeriod(begin, end, "WEEKLY"));
}

/** The days a comparison's totals cover (ADR 0018): the image of the days [fromDay, endDay). */
function shiftedDays(kind: ShiftKind, fromDay: string, endDay: string): DayRange[] {
  return imageOfDays(kind, { fromDay, endDay }, daysBetween(fromDay, endDay));
}

/** totalsOf over several ranges of days, added up per group. */
async function totalsOverRanges<K>(
  context: Parameters<typeof totalsOf>[0],
  meters: readonly MeterInfo[],
  ranges: readonly DayRange[],
  groupOf: (meter: MeterInfo) => K,
): Promise<Map<K, Aggregate>> {
  const parts = await Promise.all(
    ranges.map((range) => totalsOf(context, meters, range.fromDay, range.endDay, groupOf)),
  );
  if (parts.length === 1) return parts[0]!;
  const sums = new Map<K, Aggregate>();
  for (const part of parts) {
    for (const [key, aggregate] of part) {
      const entry = sums.get(key);
      if (entry === undefined) sums.set(key, { value: aggregate.value, weight: aggregate.weight });
      else {
        entry.value += aggregate.value;
        entry.weight += aggregate.weight;
      }
    }
  }
  return sums;
}

async function propertyAverageTotal(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  presentation: Presentation,
  fromDay: string,
  endDay: string,
): Promise<{ value: number | null; units: number; values: (number | null)[] }> {
  const others = await otherUnitsOf(ctx, scope, quantity);
  const totals = await totalsOf(
    { db: ctx.db, quantity, presentation, window: scope.window },
    others.meters,
    fromDay,
    endDay,
    (meter) => meter.unitId,
  );
  const values = [...totals.entries()].map(([unitId, aggregate]) =>
    present(aggregate, presentation, others.units.get(unitId)?.floorArea ?? Number.NaN),
  );
  const average = propertyAverageOf(values);
  return {
    value: average === null ? null : clean(average, 6),
    units: values.filter((value) => value !== null).length,
    values,
  };
}

// ---------------------------------------------------------------------------------------------
// tenantTable

interface TenantTableArgs {
  table: {
    tenancyId: number;
    quantities: string[];
    periodBegin: string;
    periodEnd: string;
    groupBy?: string | null;
    mode?: string | null;
    normalized?: boolean | null;
    compareWith?: string | null;
  };
}

async function tenantTable(_: unknown, { table }: TenantTableArgs, ctx: ServiceContext) {
  const quantities = parseQuantities(table.quantities);
  const { fromDay, endDay } = daysOfInput(table.periodBegin, table.periodEnd);
  const mode = parseMode(table.mode);
  const groupBy = table.groupBy ?? "METER";
  if (!["UNIT", "ROOM", "METER"].includes(groupBy)) throw badUserInput(`Unknown groupBy '${groupBy}'`, "groupBy");
  const [compareWith] = parseComparisons(table.compareWith == null ? [] : [table.compareWith]);
  if (compareWith === "PROPERTY_AVERAGE" && groupBy !== "UNIT") {
    throw badUserInput(
      "Comparison with the property average is only possible for the whole unit, not per room or meter",
      "compareWith",
    );
  }
  const scope = await unitScopeOf(ctx, table.tenancyId);
  const presentations = quantities.map((quantity) => presentationFor(scope, quantity, mode, table.normalized === true));

  type RowKey = string;
  const rowDetails = new Map<RowKey, ObjectDetails>();
  const keyOf = (meter: MeterInfo): RowKey =>
    groupBy === "UNIT" ? "unit" : groupBy === "ROOM" ? `room:${meter.roomName ?? ""}` : `meter:${meter.id}`;
  const valuesByRow = new Map<RowKey, (number | null)[]>();
  const comparisonByRow = new Map<RowKey, (number | null)[]>();

  for (const [index, quantity] of quantities.entries()) {
    const presentation = presentations[index]!;
    let meters = metersForQuantity(scope.meters, quantity);
    if (groupBy === "ROOM") meters = meters.filter((meter) => meter.roomName !== null);
    for (const meter of meters) {
      const key = keyOf(meter);
      if (!rowDetails.has(key)) {
        rowDetails.set(
          key,
          groupBy === "UNIT"
            ? unitDetails(scope)
            : groupBy === "ROOM"
              ? roomDetails(scope, meter.roomName!, quantity)
              : meterDetails(scope, meter),
        );
        valuesByRow.set(
          key,
          quantities.map(() => null),
        );
        comparisonByRow.set(key, compareWith === undefined ? [] : quantities.map(() => null));
      }
    }
    const context = { db: ctx.db, quantity, presentation, window: scope.window, meterTotals: scope.meterTotals };
    const totals = await totalsOf(context, meters, fromDay, endDay, keyOf);
    for (const [key, aggregate] of totals)
      valuesByRow.get(key)![index] = present(aggregate, presentation, scope.unit.floor_area);

    if (compareWith === "PROPERTY_AVERAGE") {
      const average = await propertyAverageTotal(ctx, scope, quantity, presentation, fromDay, endDay);
      const row = comparisonByRow.get("unit");
      if (row !== undefined) row[index] = average.value;
    } else if (compareWith !== undefined) {
      const previous = await totalsOverRanges(context, meters, shiftedDays(compareWith, fromDay, endDay), keyOf);
      for (const [key, aggregate] of previous) {
        const row = comparisonByRow.get(key);
        if (row !== undefined) row[index] = present(aggregate, presentation, scope.unit.floor_area);
      }
    }
  }

  return {
    quantityDescriptors: quantities.map((quantity, index) => ({
      quantity,
      normalized: presentations[index]!.normalized,
      expressedAs: expressedAs(quantity, mode, presentations[index]!.normalized),
    })),
    rows: [...rowDetails.entries()].map(([key, objectDetails]) => ({
      objectDetails,
      values: valuesByRow.get(key)!,
      comparisonValues: comparisonByRow.get(key)!,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// unitQuantityKpis

interface KpisArgs {
  input: {
    tenancyId: number;
    quantity: string;
    periodBegin: string;
    periodEnd: string;
    mode?: string | null;
    normalized?: boolean | null;
  };
}

async function unitQuantityKpis(_: unknown, { input }: KpisArgs, ctx: ServiceContext) {
  return kpisOfScope(ctx, await unitScopeOf(ctx, input.tenancyId), input);
}

/** unitQuantityKpis for a unit scope: also what the back-end's own jobs use (the monthly report). */
export async function kpisOfScope(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  input: Omit<KpisArgs["input"], "tenancyId">,
) {
  const quantity = parseQuantity(input.quantity);
  const { fromDay, endDay } = daysOfInput(input.periodBegin, input.periodEnd);
  const mode = parseMode(input.mode);
  const presentation = presentationFor(scope, quantity, mode, input.normalized === true);
  const context = { db: ctx.db, quantity, presentation, window: scope.window, meterTotals: scope.meterTotals };
  const meters = metersForQuantity(scope.meters, quantity);
  const area = scope.unit.floor_area;

  // The same days as the chart's legend totals (ADR 0018): P, and its image under each comparison.
  const total = async (ranges: readonly DayRange[]) => {
    const totals = await totalsOverRanges(context, meters, ranges, () => "all");
    return present(totals.get("all"), presentation, area);
  };
  const [ownTotal, previousPeriodTotal, previousYearTotal, average, byRoom, byMeter] = await Promise.all([
    total([{ fromDay, endDay }]),
    total(shiftedDays("PREVIOUS_PERIOD", fromDay, endDay)),
    total(shiftedDays("PREVIOUS_YEAR", fromDay, endDay)),
    propertyAverageTotal(ctx, scope, quantity, presentation, fromDay, endDay),
    totalsOf(
      context,
      meters.filter((meter) => meter.roomName !== null),
      fromDay,
      endDay,
      (meter) => meter.roomName!,
    ),
    totalsOf(context, meters, fromDay, endDay, (meter) => meter.id),
  ]);
  const rooms = [...new Set(meters.map((meter) => meter.roomName).filter((room): room is string => room !== null))];
  return {
    quantityDescriptor: {
      quantity,
      normalized: presentation.normalized,
      expressedAs: expressedAs(quantity, mode, presentation.normalized),
    },
    total: ownTotal,
    previousPeriod: previousPeriodTotal,
    previousYear: previousYearTotal,
    propertyComparison: average.value,
    rooms: rooms.map((label) => ({ label, value: present(byRoom.get(label), presentation, area) })),
    meters: meters.map((meter) => ({
      objectDetails: meterDetails(scope, meter),
      value: present(byMeter.get(meter.id), presentation, area),
    })),
  };
}

/**
 * The total of a quantity over whole local days [periodBegin, periodEnd] for a unit scope, computed
 * exactly as kpisOfScope's `total` (same days, same presentation): what the monthly report's chart
 * and its cost and CO2 lines use, without kpisOfScope's five other totals.
 */
export async function totalOfScope(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  input: { quantity: QuantityId; periodBegin: string; periodEnd: string; mode?: GraphMode },
): Promise<number | null> {
  const { fromDay, endDay } = daysOfInput(input.periodBegin, input.periodEnd);
  const presentation = presentationFor(scope, input.quantity, input.mode ?? "HOURLY_VALUES", false);
  const context = {
    db: ctx.db,
    quantity: input.quantity,
    presentation,
    window: scope.window,
    meterTotals: scope.meterTotals,
  };
  const totals = await totalsOverRanges(
    context,
    metersForQuantity(scope.meters, input.quantity),
    [{ fromDay, endDay }],
    () => "all",
  );
  return present(totals.get("all"), presentation, scope.unit.floor_area);
}

// ---------------------------------------------------------------------------------------------
// readoutMinMax

interface ReadoutArgs {
  tenancyId: number;
  meterNumber: string;
  quantity: string;
  fromDate: string;
  toDate: string;
}

async function readoutMinMax(_: unknown, args: ReadoutArgs, ctx: ServiceContext) {
  const quantity = parseQuantity(args.quantity);
  const from = parseWall(args.fromDate, "fromDate", false);
  const to = parseWall(args.toDate, "toDate", true);
  if (to < from) throw badUserInput("toDate must not be before fromDate", "toDate");
  const scope = await unitScopeOf(ctx, args.tenancyId);
  const meter = scope.meters.find((candidate) => candidate.number === args.meterNumber);
  if (meter === undefined) throw forbidden();
  if (meter.quantity !== quantity)
    throw badUserInput(`Meter ${meter.number} measures ${meter.quantity}, not ${quantity}`, "quantity");

  return { meterNumber: meter.number, quantity, ...(await readoutsBetween(ctx, scope, meter.id, from, to)) };
}

interface Readouts {
  firstReadoutTimestamp: string | null;
  firstReadoutValue: number | null;
  lastReadoutTimestamp: string | null;
  lastReadoutValue: number | null;
}

/** A meter's first and last raw reading within [from, to] (local wall times), clamped to the tenancy. */
async function readoutsBetween(
  ctx: ServiceContext,
  scope: UnitScope,
  meterId: number,
  from: number,
  to: number,
): Promise<Readouts> {
  const fromS = Math.max(Math.ceil(fromWall(from) / 1000), scope.window.fromS);
  const toS = Math.min(Math.floor(fromWall(to) / 1000), scope.window.toS);
  const empty = {
    firstReadoutTimestamp: null,
    firstReadoutValue: null,
    lastReadoutTimestamp: null,
    lastReadoutValue: null,
  };
  if (fromS > toS) return empty;
  const query = ctx.db
    .selectFrom("meter_readings")
    .select(["ts", "value"])
    .where("meter_id", "=", meterId)
    .where("ts", ">=", fromS)
    .where("ts", "<=", toS);
  const [first, last] = await Promise.all([
    query.orderBy("ts", "asc").limit(1).executeTakeFirst(),
    query.orderBy("ts", "desc").limit(1).executeTakeFirst(),
  ]);
  if (first === undefined || last === undefined) return empty;
  return {
    firstReadoutTimestamp: formatInstant(first.ts * 1000),
    firstReadoutValue: first.value,
    lastReadoutTimestamp: formatInstant(last.ts * 1000),
    lastReadoutValue: last.value,
  };
}

/**
 * meterReadouts (the meter list): every meter of the tenancy's unit with its first and
 * last reading within [fromDate, toDate] and its latest reading of the tenancy, in one call.
 */
async function meterReadouts(
  _: unknown,
  args: { tenancyId: number; fromDate: string; toDate: string },
  ctx: ServiceContext,
) {
  const from = parseWall(args.fromDate, "fromDate", false);
  const to = parseWall(args.toDate, "toDate", true);
  if (to < from) throw badUserInput("toDate must not be before fromDate", "toDate");
  const scope = await unitScopeOf(ctx, args.tenancyId);
  return Promise.all(
    scope.meters.map(async (meter) => {
      const [period, latest] = await Promise.all([
        readoutsBetween(ctx, scope, meter.id, from, to),
        latestReadout(ctx, scope, meter.id),
      ]);
      return {
        id: String(meter.id),
        meterNumber: meter.number,
        quantity: meter.quantity,
        roomName: meter.roomName,
        ...period,
        ...latest,
      };
    }),
  );
}

async function latestReadout(ctx: ServiceContext, scope: UnitScope, meterId: number) {
  const row = await ctx.db
    .selectFrom("meter_readings")
    .select(["ts", "value"])
    .where("meter_id", "=", meterId)
    .where("ts", ">=", scope.window.fromS)
    .where("ts", "<=", scope.window.toS)
    .orderBy("ts", "desc")
    .limit(1)
    .executeTakeFirst();
  return { latestReadoutTimestamp: row ? formatInstant(row.ts * 1000) : null, latestReadoutValue: row?.value ?? null };
}

// ---------------------------------------------------------------------------------------------
// quantityPrices

async function quantityPrices(
  _: unknown,
  { input }: { input: { periodBegin: string; periodEnd: string } },
  ctx: ServiceContext,
) {
  await ctx.requireCaller();
  for (const [field, value] of [
    ["periodBegin", input.periodBegin],
    ["periodEnd", input.periodEnd],
  ] as const) {
    if (!isValidDayKey(value)) throw badUserInput(`${field} must be a date YYYY-MM-DD, got '${value}'`, field);
  }
  if (input.periodEnd < input.periodBegin) throw badUserInput("periodEnd must not be before periodBegin", "periodEnd");
  const rows = await ctx.db
    .selectFrom("quantity_prices")
    .selectAll()
    .where("valid_from", "<=", input.periodEnd)
    .where((eb) => eb.or([eb("valid_to", "is", null), eb("valid_to", ">=", input.periodBegin)]))
    .orderBy("quantity")
    .orderBy("valid_from")
    .execute();
  return rows.map((row) => ({
    quantity: row.quantity,
    price: row.price,
    currency: row.currency,
    validFrom: row.valid_from,
    validTo: row.valid_to,
  }));
}

// ---------------------------------------------------------------------------------------------
// consumptionRating

async function consumptionRating(_: unknown, args: { tenancyId: number; quantity: string }, ctx: ServiceContext) {
  const quantity = parseQuantity(args.quantity);
  if (quantityDefinition(quantity).aggregation !== "addition") {
    throw badUserInput(`A rating exists only for consumption that adds up, not for ${quantity}`, "quantity");
  }
  const scope = await unitScopeOf(ctx, args.tenancyId);
  return cachedRating(ctx, scope, quantity);
}

/**
 * A rating covers whole days up to yesterday, so it changes once a day (or when readings are
 * imported for past days): it is kept for RATING_CACHE_MS per unit, window, quantity and day, which
 * takes the heaviest query off every dashboard view. One cache per database.
 */
export const RATING_CACHE_MS = 10 * 60_000;
const RATING_CACHE_LIMIT = 5_000;
const ratingCaches = new WeakMap<object, Map<string, { at: number; rating: ReturnType<typeof rateUnit> }>>();

function cachedRating(ctx: Pick<ServiceContext, "db" | "now">, scope: UnitScope, quantity: QuantityId) {
  let cache = ratingCaches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    ratingCaches.set(ctx.db, cache);
  }
  const now = ctx.now.getTime();
  const key = [scope.unit.id, scope.window.fromDay, scope.window.endDay, quantity, dayKeyOf(now)].join("|");
  const hit = cache.get(key);
  if (hit && now - hit.at < RATING_CACHE_MS) return hit.rating;
  if (cache.size >= RATING_CACHE_LIMIT) cache.clear();
  const rating = rateUnit(ctx, scope, quantity);
  cache.set(key, { at: now, rating });
  // A failed computation is not kept.
  rating.catch(() => cache.delete(key));
  return rating;
}

/** The rating of a unit (exported for the benchmark). */
export async function rateUnit(ctx: Pick<ServiceContext, "db" | "now">, scope: UnitScope, quantity: QuantityId) {
  const today = dayKeyOf(ctx.now.getTime());
  // The last 365 whole days, inside the tenancy.
  const window = intersectWindow(scope.window, addDays(today, -365), today);
  const presentation: Presentation = {
    aggregation: "addition",
    mode: "HOURLY_VALUES",
    normalized: true,
    co2Factors: new Map(),
  };
  const base = {
    quantity,
    periodBegin: window.fromDay,
    periodEnd: addDays(window.endDay, -1),
    expressedAs: expressedAs(quantity, "HOURLY_VALUES", true),
  };
  const none = { ...base, letter: null, value: null, propertyAverage: null, ratio: null, unitsCompared: 0 };
  if (window.fromDay >= window.endDay) return none;
  const context = { db: ctx.db, quantity, presentation, window };
  const own = (
    await totalsOf(context, metersForQuantity(scope.meters, quantity), window.fromDay, window.endDay, () => "all")
  ).get("all");
  const value = present(own, presentation, scope.unit.floor_area);
  const average = await propertyAverageTotal(
    ctx as ServiceContext,
    { ...scope, window },
    quantity,
    presentation,
    window.fromDay,
    window.endDay,
  );
  const enoughOwn = own !== undefined && own.weight >= MIN_RATING_DAYS * 24;
  if (value === null || average.value === null || average.units < MIN_OTHER_UNITS || !enoughOwn || average.value <= 0) {
    return { ...none, value, propertyAverage: average.value, unitsCompared: average.units };
  }
  const ratio = value / average.value;
  return {
    ...base,
    letter: ratingLetterOf(ratio),
    value,
    propertyAverage: average.value,
    ratio: clean(ratio, 4),
    unitsCompared: average.units,
  };
}

export const tenantConsumptionQueries = {
  tenantGraph,
  tenantTable,
  unitQuantityKpis,
  readoutMinMax,
  meterReadouts,
  quantityPrices,
  consumptionRating,
};
