/**
 * Where each watch is offered (ADR 0075), for the settings page and the job alike: LEAK where the
 * home has a meter of cold, hot or total water and the property allows hourly values (the evidence
 * is hourly); HEATING_LEFT_ON where the home has a heat-energy or heat-cost-allocator meter and the
 * property an outdoor temperature meter. Read for many tenancies in a few queries (the job's batches).
 */

import { hourlyValuesEnabled } from "@common/span";
import { type WatchKind, watchKinds, watchQuantities } from "@common/watches";
import type { Kysely } from "kysely";
import { type Database, fromSqlBoolean } from "../db/types";

export type WatchUnavailableReason = "NO_HOURLY_VALUES" | "NOT_MEASURED" | "NO_OUTDOOR_TEMPERATURE";

/** One watch kind on one tenancy: offered or why not, and what the job reads for it. */
export interface WatchOffer {
  available: boolean;
  reason: WatchUnavailableReason | null;
  /**
   * The watched quantities the home has meters of, each with those meters' ids (in id order): LEAK
   * each of cold, hot and total water; HEATING_LEFT_ON heat energy, else heat-cost allocators.
   */
  meters: { quantity: string; meterIds: number[] }[];
  /** HEATING_LEFT_ON: the property's outdoor temperature meter. */
  outdoorMeterId: number | null;
}

export interface TenancyForOffers {
  id: number;
  unit_id: number;
  use_new_backend: number;
}

/** The offers of both kinds for each tenancy. */
export async function watchOffers(
  db: Kysely<Database>,
  tenancies: readonly TenancyForOffers[],
): Promise<Map<number, Record<WatchKind, WatchOffer>>> {
  const result = new Map<number, Record<WatchKind, WatchOffer>>();
  if (tenancies.length === 0) return result;
  const unitIds = [...new Set(tenancies.map((tenancy) => tenancy.unit_id))];
  const watched = [...new Set(Object.values(watchQuantities).flat())];
  const [units, meters] = await Promise.all([
    db.selectFrom("units").select(["id", "property_id"]).where("id", "in", unitIds).execute(),
    db
      .selectFrom("meters")
      .select(["id", "unit_id", "quantity"])
      .where("unit_id", "in", unitIds)
      .where("quantity", "in", watched)
      .orderBy("id")
      .execute(),
  ]);
  const propertyOfUnit = new Map(units.map((unit) => [unit.id, unit.property_id]));
  const propertyIds = [...new Set(units.map((unit) => unit.property_id))];
  const [settings, outdoor] = await Promise.all([
    db
      .selectFrom("property_settings")
      .select(["property_id", "kind"])
      .where("property_id", "in", propertyIds)
      .execute(),
    db.selectFrom("outdoor_meters").select(["id", "property_id"]).where("property_id", "in", propertyIds).execute(),
  ]);
  const settingsOf = new Map<number, string[]>();
  for (const row of settings) settingsOf.set(row.property_id, [...(settingsOf.get(row.property_id) ?? []), row.kind]);
  const outdoorOf = new Map(outdoor.map((row) => [row.property_id, row.id]));

  const metersOfUnit = new Map<number, typeof meters>();
  for (const meter of meters) metersOfUnit.set(meter.unit_id, [...(metersOfUnit.get(meter.unit_id) ?? []), meter]);
  for (const tenancy of tenancies) {
    const propertyId = propertyOfUnit.get(tenancy.unit_id);
    const unitMeters = metersOfUnit.get(tenancy.unit_id) ?? [];
    const metersOf = (kind: WatchKind) => {
      const measured = watchQuantities[kind]
        .map((quantity) => ({
          quantity,
          meterIds: unitMeters.filter((meter) => meter.quantity === quantity).map((meter) => meter.id),
        }))
        .filter((entry) => entry.meterIds.length > 0);
      // Heat energy and heat-cost allocators measure the same heating: one of them (heat energy
      // where the home has it), so one warm week makes one notification, not two.
      return kind === "heating_left_on" ? measured.slice(0, 1) : measured;
    };
    const offers = {} as Record<WatchKind, WatchOffer>;
    for (const kind of watchKinds) {
      const kindMeters = metersOf(kind);
      const outdoorMeterId = propertyId === undefined ? null : (outdoorOf.get(propertyId) ?? null);
      let reason: WatchUnavailableReason | null = null;
      if (kindMeters.length === 0) reason = "NOT_MEASURED";
      else if (
        kind === "leak" &&
        !hourlyValuesEnabled(
          { useNewBackend: fromSqlBoolean(tenancy.use_new_backend) },
          propertyId === undefined ? [] : (settingsOf.get(propertyId) ?? []),
        )
      )
        reason = "NO_HOURLY_VALUES";
      else if (kind === "heating_left_on" && outdoorMeterId === null) reason = "NO_OUTDOOR_TEMPERATURE";
      offers[kind] = {
        available: reason === null,
        reason,
        meters: kindMeters,
        outdoorMeterId: kind === "heating_left_on" ? outdoorMeterId : null,
      };
    }
    result.set(tenancy.id, offers);
  }
  return result;
}
