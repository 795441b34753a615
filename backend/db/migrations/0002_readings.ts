/**
 * 0002: meter readings and their rollups, prices (ADR 0008).
 *
 * - meter_readings: raw readings as they arrive, one per meter and instant. Register meters
 *   (addition quantities) hold the cumulative register value, sample meters (average quantities)
 *   the sampled value. `ts` is epoch seconds (UTC).
 * - consumption_hourly / _daily / _monthly: rollups maintained on ingestion (consumption/store.ts).
 *   `value` is the consumption (registers) or the sum of samples, `weight` the covered hours
 *   (registers) or the number of samples, so averages stay exact at every level. Hours are epoch
 *   seconds of the hour's start; days (YYYY-MM-DD) and months (YYYY-MM) are Copenhagen ones.
 * - quantity_prices: price per unit of a quantity with a validity period (quantityPrices).
 * - market_prices: hourly electricity market price per price area, DKK per kWh, may be negative.
 *
 * The reading tables are WITHOUT ROWID tables clustered on (meter_id, time): a range of one
 * meter is one contiguous b-tree scan, and no second index doubles the size. On PostgreSQL
 * (ADR 0031) times are bigint and the three tables that grow with every hour are range-
 * partitioned by time (readings and hours by month, days by year), partitions made as rows arrive.
 */

import { type Kysely, sql } from "kysely";
import { autoId, epochType, isPostgres, readingTableEnd, realType, withoutRowid } from "./dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("meter_readings")
    .addColumn("meter_id", "integer", (col) => col.notNull().references("meters.id").onDelete("cascade"))
    .addColumn("ts", epochType(db), (col) => col.notNull())
    .addColumn("value", realType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("meter_readings_pk", ["meter_id", "ts"])
    .modifyEnd(readingTableEnd(db, "ts"))
    .execute();

  // The rollups: a meter's consumption (or sum of samples) and its weight per hour, day and month.
  for (const [table, column, type, end] of [
    ["consumption_hourly", "hour", epochType(db), readingTableEnd(db, "hour")],
    ["consumption_daily", "day", "text", readingTableEnd(db, "day")],
    ["consumption_monthly", "month", "text", withoutRowid(db)],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn("meter_id", "integer", (col) => col.notNull().references("meters.id").onDelete("cascade"))
      .addColumn(column, type, (col) => col.notNull())
      .addColumn("value", realType(db), (col) => col.notNull())
      .addColumn("weight", realType(db), (col) => col.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["meter_id", column])
      .modifyEnd(end)
      .execute();
  }

  if (isPostgres(db)) {
    // Rows without their month's (or year's) partition yet (db/postgres/reading-partitions.ts).
    for (const table of ["meter_readings", "consumption_hourly", "consumption_daily"]) {
      await sql`create table ${sql.table(`${table}_default`)} partition of ${sql.table(table)} default`.execute(db);
    }
  }

  await db.schema
    .createTable("quantity_prices")
    .addColumn("id", "integer", autoId(db))
    .addColumn("quantity", "text", (col) => col.notNull())
    .addColumn("price", realType(db), (col) => col.notNull())
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("valid_from", "text", (col) => col.notNull())
    .addColumn("valid_to", "text", (col) => col.check(sql`valid_to is null or valid_to >= valid_from`))
    .execute();
  await db.schema
    .createIndex("quantity_prices_quantity_idx")
    .on("quantity_prices")
    .columns(["quantity", "valid_from"])
    .execute();

  await db.schema
    .createTable("market_prices")
    .addColumn("area", "text", (col) => col.notNull())
    .addColumn("hour", epochType(db), (col) => col.notNull())
    .addColumn("price", realType(db), (col) => col.notNull())
    .addColumn("currency", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("market_prices_pk", ["area", "hour"])
    .modifyEnd(withoutRowid(db))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "market_prices",
    "quantity_prices",
    "consumption_monthly",
    "consumption_daily",
    "consumption_hourly",
    "meter_readings",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
