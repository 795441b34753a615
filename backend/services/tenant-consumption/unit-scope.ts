/**
 * The caller's unit as the consumption queries see it: its meters, rooms, property and data
 * window (once per request and tenancy), the other units of its property, and the details of the
 * objects a graph or table is about.
 */
import type { QuantityId } from "@common/quantities";
import { roomSlug } from "@common/room-slug";
import { hourlyValuesEnabled } from "@common/span";
import type { Kysely } from "kysely";
import { type MeterTotals, meterTotalsOf } from "../../consumption/bucket-rows";
import {
  type DataWindow,
  dataWindowOf,
  type MeterInfo,
  metersForQuantity,
  type UnitInfo,
} from "../../consumption/engine";
import type { PropertySubject } from "../../consumption/series";
import { type Database, fromSqlBoolean, type PropertyRow, type TenancyRow, type UnitRow } from "../../db/types";
import type { ObjectDetails } from "../../schema/tenant.generated";
import { activeMemberships, idOrForbidden, tenancyDataWindow } from "../access";
import type { ServiceContext } from "../context";
import { forbidden } from "../errors";

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
  /**
   * Whether the property has other units than this one. Only then has it neighbours to average, and
   * its property averages come from the property rollups (ADR 0038). Asked as "is there another",
   * not counted: a count reads a row per home on every request.
   */
  hasNeighbours: boolean;
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

/**
 * The scope is read beside the caller's session check, by the user id the token claims: one wait
 * for both on PostgreSQL instead of two in turn. Its rows are used only once the session is found
 * valid (a revoked session is UNAUTHENTICATED, whatever the tenancy), and only for a member.
 */
async function readUnitScope(ctx: ServiceContext, tenancyId: number): Promise<UnitScope> {
  const callerId = ctx.claimedCallerId();
  const caller = ctx.requireCaller();
  let id: number;
  try {
    id = idOrForbidden(tenancyId);
  } catch (error) {
    await caller;
    throw error;
  }
  const [, rows] = await Promise.all([caller, scopeRows(ctx.db, id, callerId)]);
  if (rows === undefined) throw forbidden();
  return unitScopeFrom(ctx, rows);
}

/**
 * The unit scope of a tenancy the caller has already been checked for, or of a tenancy the
 * back-end's own jobs work on (the monthly report): the same figures as the pages'.
 */
export async function scopeOfTenancy(ctx: Pick<ServiceContext, "db" | "now">, tenancy: TenancyRow): Promise<UnitScope> {
  const rows = await scopeRows(ctx.db, tenancy.id, null);
  if (rows === undefined) throw new Error(`tenancy ${tenancy.id} has no unit`);
  return unitScopeFrom(ctx, { ...rows, tenancy });
}

interface ScopeRows {
  tenancy: TenancyRow;
  unit: UnitRow;
  property: PropertyRow;
  hasNeighbours: boolean;
  meters: readonly { id: number; unit_id: number; number: string; room_name: string | null; quantity: string }[];
  factors: readonly { quantity: string; gram_per_quantity_unit: number }[];
  settings: readonly { kind: string }[];
}

/** A tenancy with its unit and property, and the number of units the property has. */
function scopeQuery(db: Kysely<Database>, tenancyId: number) {
  return db
    .selectFrom("tenancies")
    .innerJoin("units", "units.id", "tenancies.unit_id")
    .innerJoin("properties", "properties.id", "units.property_id")
    .selectAll("tenancies")
    .select((eb) => [
      eb.ref("units.property_id").as("u_property_id"),
      eb.ref("units.unique_id").as("u_unique_id"),
      eb.ref("units.name").as("u_name"),
      eb.ref("units.apartment").as("u_apartment"),
      eb.ref("units.address").as("u_address"),
      eb.ref("units.floor_area").as("u_floor_area"),
      eb.ref("units.rooms").as("u_rooms"),
      eb.ref("properties.number").as("p_number"),
      eb.ref("properties.address").as("p_address"),
      eb.ref("properties.zipcode").as("p_zipcode"),
      eb.ref("properties.city").as("p_city"),
      eb.ref("properties.country").as("p_country"),
      eb.ref("properties.contact_name").as("p_contact_name"),
      eb.ref("properties.contact_email").as("p_contact_email"),
      eb.ref("properties.contact_phone").as("p_contact_phone"),
      eb
        .exists(
          eb
            .selectFrom("units as others")
            .select("others.id")
            .whereRef("others.property_id", "=", "units.property_id")
            .whereRef("others.id", "<>", "units.id"),
        )
        .as("has_neighbours"),
    ])
    .where("tenancies.id", "=", tenancyId);
}

function propertyOfTenancy(db: Kysely<Database>, tenancyId: number) {
  return db
    .selectFrom("tenancies")
    .innerJoin("units", "units.id", "tenancies.unit_id")
    .select("units.property_id")
    .where("tenancies.id", "=", tenancyId);
}

/**
 * What a unit scope is made of, in four statements sent at once (one round trip's wait, not six in
 * turn: on PostgreSQL every statement waits for its answer, and a page asks for several scopes):
 * the tenancy with its unit, property and the property's number of units in one row (only when
 * `memberId` is a member of it, unless null), and the unit's meters, the property's CO2 factors and
 * settings found by the tenancy id. Those three are discarded when the first finds no tenancy.
 */
async function scopeRows(
  db: Kysely<Database>,
  tenancyId: number,
  memberId: number | null,
): Promise<ScopeRows | undefined> {
  const scope = scopeQuery(db, tenancyId);
  const [row, meters, factors, settings] = await Promise.all([
    (memberId === null ? scope : scope.where("tenancies.id", "in", activeMemberships(db, memberId))).executeTakeFirst(),
    db
      .selectFrom("meters")
      .selectAll()
      .where(
        "unit_id",
        "=",
        db.selectFrom("tenancies").select("tenancies.unit_id").where("tenancies.id", "=", tenancyId),
      )
      .orderBy("id")
      .execute(),
    db
      .selectFrom("co2_factors")
      .select(["quantity", "gram_per_quantity_unit"])
      .where("property_id", "=", propertyOfTenancy(db, tenancyId))
      .execute(),
    db
      .selectFrom("property_settings")
      .select("kind")
      .where("property_id", "=", propertyOfTenancy(db, tenancyId))
      .execute(),
  ]);
  if (row === undefined) return undefined;
  const {
    u_property_id,
    u_unique_id,
    u_name,
    u_apartment,
    u_address,
    u_floor_area,
    u_rooms,
    p_number,
    p_address,
    p_zipcode,
    p_city,
    p_country,
    p_contact_name,
    p_contact_email,
    p_contact_phone,
    has_neighbours,
    ...tenancy
  } = row;
  return {
    tenancy,
    unit: {
      id: tenancy.unit_id,
      property_id: u_property_id,
      unique_id: u_unique_id,
      name: u_name,
      apartment: u_apartment,
      address: u_address,
      floor_area: u_floor_area,
      rooms: u_rooms,
    },
    property: {
      id: u_property_id,
      number: p_number,
      address: p_address,
      zipcode: p_zipcode,
      city: p_city,
      country: p_country,
      contact_name: p_contact_name,
      contact_email: p_contact_email,
      contact_phone: p_contact_phone,
    },
    // exists() is 0/1 on SQLite and a boolean on PostgreSQL.
    hasNeighbours: Boolean(Number(has_neighbours)),
    meters,
    factors,
    settings,
  };
}

function unitScopeFrom(ctx: Pick<ServiceContext, "db" | "now">, rows: ScopeRows): UnitScope {
  const { tenancy, unit, property, meters, factors, settings, hasNeighbours } = rows;
  const window = dataWindowOf(tenancyDataWindow(tenancy), ctx.now);
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
    hasNeighbours,
  };
}

/**
 * The unit as a property average of a quantity sees it (ADR 0038). A property with neighbours reads
 * its averages from the property rollups; the other units' own rows are read only for what the
 * rollups do not keep (average quantities, unpriced hours, meters without a CO2 factor), and by the
 * tests as the reference the rollups must equal.
 */
export function propertySubjectOf(
  ctx: Pick<ServiceContext, "db">,
  scope: UnitScope,
  quantity: QuantityId,
  useRollups = scope.hasNeighbours,
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
