/**
 * Per-property rollups: what the property average, the rating and the monthly report read instead
 * of every other home's rows. Kept by every write of readings in the same transaction as the
 * meters' own rollups (refreshPropertyRollups), rebuilt for an existing database by
 * rebuildPropertyRollups.
 */
import type { DayKey } from "@common/calendar";
import type { Db } from "./bulk-insert";

/**
 * What a write of readings recomputed of one meter's rollups: the whole Copenhagen days
 * [fromDay, endDay) and their hours [fromHour, endHour) (epoch seconds of the days' bounds).
 */
export interface RollupChange {
  meterId: number;
  fromDay: DayKey;
  endDay: DayKey;
  fromHour: number;
  endHour: number;
}

/** Brings the property rollups of the changed meters' properties up to date for the changed days and hours. */
export async function refreshPropertyRollups(_db: Db, _changes: readonly RollupChange[]): Promise<void> {}

/** Recomputes the property rollups of the given properties (all without) from the meters' rollups. */
export async function rebuildPropertyRollups(_db: Db, _propertyIds?: readonly number[]): Promise<void> {}
