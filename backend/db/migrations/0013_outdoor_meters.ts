/**
 * 0013: a property's outdoor temperature (issue 46, ADR 0071), in tables of its own so outdoor
 * readings never enter a home's rollups, the property rollups or any count of homes.
 *
 * - outdoor_meters: one per property; its number shares the meter numbers' space (the import looks
 *   a number up in meters, then here; both writers refuse a number the other table has).
 * - outdoor_readings: the raw samples as they arrive (°C at an instant, epoch seconds), one per
 *   meter and instant, so an import is checked against them as every other reading is.
 * - outdoor_daily: per Copenhagen day the sum of its hours' mean temperatures and how many hours
 *   have one, kept on every write: a day's mean is celsius_sum / hours (ADR 0070's day mean), and
 *   a period's degree days are one range read of days.
 *
 * A few hundred kB per property and year, so plain tables on both databases (no partitions).
 */

import type { Kysely } from "kysely";
import { autoId, epochType, realType, withoutRowid } from "./dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outdoor_meters")
    .addColumn("id", "integer", autoId(db))
    .addColumn("property_id", "integer", (col) =>
      col.notNull().unique().references("properties.id").onDelete("cascade"),
    )
    .addColumn("number", "text", (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable("outdoor_readings")
    .addColumn("meter_id", "integer", (col) => col.notNull().references("outdoor_meters.id").onDelete("cascade"))
    .addColumn("ts", epochType(db), (col) => col.notNull())
    .addColumn("celsius", realType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("outdoor_readings_pk", ["meter_id", "ts"])
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema
    .createTable("outdoor_daily")
    .addColumn("meter_id", "integer", (col) => col.notNull().references("outdoor_meters.id").onDelete("cascade"))
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("celsius_sum", realType(db), (col) => col.notNull())
    .addColumn("hours", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("outdoor_daily_pk", ["meter_id", "day"])
    .modifyEnd(withoutRowid(db))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["outdoor_daily", "outdoor_readings", "outdoor_meters"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
