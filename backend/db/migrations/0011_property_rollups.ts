/**
 * 0011: per-property rollups (ADR 0038), what the property average, the rating and the monthly
 * report read instead of every other home's rows.
 *
 * - property_daily / property_hourly: per property, quantity as a view shows it, contributing
 *   meter quantity (total water of a home without total-water meters is its hot plus cold water,
 *   each priced and weighed by its own quantity) and day or hour: the sum of the homes' values,
 *   the sum of each home's value per m2 of its own floor area, and the number of homes with data
 *   in that day or hour (any contributing meter quantity; the same in each meter quantity's row).
 * - property_unit_runs: per property, quantity and home the runs [first_day, end_day) of
 *   consecutive days with data, so the homes with data in any span of days are one small query.
 *
 * Addition quantities only: a mean of samples does not add up over days (ADR 0038). The tables
 * start empty; `npm run rollups:rebuild` fills them for a database that already has readings.
 * The keys put the time before the meter quantity: a view reads a property's range of days.
 */

import { type Kysely, sql } from "kysely";
import { epochType, realType, withoutRowid } from "./dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column, type] of [
    ["property_daily", "day", "text"],
    ["property_hourly", "hour", epochType(db)],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn("property_id", "integer", (col) => col.notNull().references("properties.id").onDelete("cascade"))
      .addColumn("quantity", "text", (col) => col.notNull())
      .addColumn(column, type, (col) => col.notNull())
      .addColumn("meter_quantity", "text", (col) => col.notNull())
      .addColumn("value", realType(db), (col) => col.notNull())
      .addColumn("value_per_m2", realType(db), (col) => col.notNull())
      .addColumn("units", "integer", (col) => col.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["property_id", "quantity", column, "meter_quantity"])
      .modifyEnd(withoutRowid(db))
      .execute();
  }
  await db.schema
    .createTable("property_unit_runs")
    .addColumn("property_id", "integer", (col) => col.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("quantity", "text", (col) => col.notNull())
    .addColumn("unit_id", "integer", (col) => col.notNull().references("units.id").onDelete("cascade"))
    .addColumn("first_day", "text", (col) => col.notNull())
    .addColumn("end_day", "text", (col) => col.notNull().check(sql`end_day > first_day`))
    .addPrimaryKeyConstraint("property_unit_runs_pk", ["property_id", "quantity", "unit_id", "first_day"])
    .modifyEnd(withoutRowid(db))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["property_unit_runs", "property_hourly", "property_daily"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
