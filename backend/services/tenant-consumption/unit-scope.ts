/**
 * The caller's unit as the consumption queries see it: its meters, rooms, property and data
 * window (once per request and tenancy), the other units of its property, and the details of the
 * objects a graph or table is about.
 */
import type { QuantityId } from "@common/quantities";
import { roomSlug } from "@common/room-slug";
import { hourlyValuesEnabled } from "@common/span";
import { type MeterTotals, meterTotalsOf } from "../../consumption/bucket-rows";
import {
  type DataWindow,
  dataWindowOf,
  type MeterInfo,
  metersForQuantity,
  type UnitInfo,
} from "../../consumption/engine";
import { PROPERTY_ROLLUPS_FROM_UNITS } from "../../consumption/property-rollups";
import type { PropertySubject } from "../../consumption/series";
import { fromSqlBoolean, type PropertyRow, type TenancyRow, type UnitRow } from "../../db/types";
import type { ObjectDetails } from "../../schema/tenant.generated";
import { callerAndTenancy, tenancyDataWindow } from "../access";
import type { ServiceContext } from "../context";

export interface UnitScope {
  tenancy: TenancyRow;
  unit: UnitRow;
  property: PropertyRow;
  meters: MeterInfo[];
  window: DataWindow;
  co2Factors: Map<string, number>;
  /**
   * Whether the tenancy may see hourly values: its property has the hourly-values setting and the
   * tenancy is on the new back-end (spec section 4), the same rule the portal offers them by.
   */
  hourlyValues: boolean;
  /** The totals of the unit's meters, each range read once for the whole request. */
  meterTotals: MeterTotals;
  /** The number of units of the property: large ones read property averages from the property rollups. */
  propertyUnits: number;
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
  const [property, meters, factors, settings, propertyUnits] = await Promise.all([
    ctx.db.selectFrom("properties").selectAll().where("id", "=", unit.property_id).executeTakeFirstOrThrow(),
    ctx.db.selectFrom("meters").selectAll().where("unit_id", "=", unit.id).orderBy("id").execute(),
    ctx.db.selectFrom("co2_factors").selectAll().where("property_id", "=", unit.property_id).execute(),
    ctx.db.selectFrom("property_settings").select("kind").where("property_id", "=", unit.property_id).execute(),
    ctx.db
      .selectFrom("units")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("property_id", "=", unit.property_id)
      .executeTakeFirstOrThrow(),
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
    hourlyValues: hourlyValuesEnabled(
      { useNewBackend: fromSqlBoolean(tenancy.use_new_backend) },
      settings.map((setting) => setting.kind),
    ),
    meterTotals: meterTotalsOf(
      ctx.db,
      meters.map((meter) => meter.id),
    ),
    propertyUnits: Number(propertyUnits.count),
  };
}

/** The unit as a property average of a quantity sees it (ADR 0038). */
export function propertySubjectOf(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  useRollups = scope.propertyUnits >= PROPERTY_ROLLUPS_FROM_UNITS,
): PropertySubject {
  let others: ReturnType<typeof otherUnitsOf> | undefined;
  return {
    propertyId: scope.property.id,
    unitId: scope.unit.id,
    floorArea: scope.unit.floor_area,
    ownMeters: metersForQuantity(scope.meters, quantity),
    useRollups,
    others: () => {
      others ??= otherUnitsOf(ctx, scope, quantity);
      return others;
    },
  };
}

/** The meters of the other units of the property, and those units (for property averages). */
export async function otherUnitsOf(ctx: Pick<ServiceContext, "db">, scope: UnitScope, quantity: QuantityId) {
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

export function unitDetails(scope: UnitScope): ObjectDetails {
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

export function meterDetails(scope: UnitScope, meter: MeterInfo): ObjectDetails {
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

export function roomDetails(scope: UnitScope, room: string, quantity: string): ObjectDetails {
  const base = unitDetails(scope);
  return {
    ...base,
    id: `${scope.unit.id}:${roomSlug(room)}`,
    kind: "SOURCE",
    group: { id: `${scope.unit.id}:${roomSlug(room)}`, quantity, operational: true, meter: null },
    measurementPoint: null,
  };
}
