/**
 * 0012: the homes with data in a span of days counted without a row per home (ADR 0053).
 *
 * - property_run_edges: per property, quantity and day, how many of its homes' runs of days with
 *   data start there (first_day) and end there (end_day). The runs that overlap [A, B) are those
 *   started before B less those ended by A: two sums over days, whatever the number of homes.
 * - property_unit_runs.prev_end: the end of the same home's previous run (null for its first), so
 *   a home counted twice in a span (two of its runs overlap it) is found among the gaps, not the
 *   homes: a gap [prev_end, first_day) lies inside (A, B) when prev_end > A and first_day < B.
 *
 * Both are filled here from the runs a database already has.
 */

import { type Kysely, sql } from "kysely";
import { withoutRowid } from "./dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("property_run_edges")
    .addColumn("property_id", "integer", (col) => col.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("quantity", "text", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("starts", "integer", (col) => col.notNull())
    .addColumn("ends", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("property_run_edges_pk", ["property_id", "quantity", "day"])
    .modifyEnd(withoutRowid(db))
    .execute();
  await db.schema.alterTable("property_unit_runs").addColumn("prev_end", "text").execute();
  await db.schema
    .createIndex("property_unit_runs_gaps")
    .on("property_unit_runs")
    .columns(["property_id", "quantity", "prev_end"])
    .where(sql.ref("prev_end"), "is not", null)
    .execute();
  await sql`
    insert into property_run_edges (property_id, quantity, day, starts, ends)
    select property_id, quantity, day, sum(starts), sum(ends) from (
      select property_id, quantity, first_day as day, 1 as starts, 0 as ends from property_unit_runs
      union all
      select property_id, quantity, end_day, 0, 1 from property_unit_runs
    ) as edges
    group by property_id, quantity, day
  `.execute(db);
  await sql`
    update property_unit_runs set prev_end = previous.prev_end
    from (
      select property_id, quantity, unit_id, first_day,
        lag(end_day) over (partition by property_id, quantity, unit_id order by first_day) as prev_end
      from property_unit_runs
    ) as previous
    where property_unit_runs.property_id = previous.property_id
      and property_unit_runs.quantity = previous.quantity
      and property_unit_runs.unit_id = previous.unit_id
      and property_unit_runs.first_day = previous.first_day
      and previous.prev_end is not null
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's row types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("property_unit_runs_gaps").ifExists().execute();
  await db.schema.alterTable("property_unit_runs").dropColumn("prev_end").execute();
  await db.schema.dropTable("property_run_edges").ifExists().execute();
}
