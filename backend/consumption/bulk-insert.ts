/**
 * Bulk inserts of readings and rollups: one prepared multi-row statement per chunk on SQLite, one
 * array per column on PostgreSQL, bypassing the query builder.
 */
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import { ensureReadingPartitions, type PartitionedTable, partitionKeyOf } from "../db/postgres/reading-partitions";
import type { Database } from "../db/types";

/** The database, or a transaction in it. */
export type Db = Kysely<Database> | Transaction<Database>;

const statementCache = new Map<string, string>();
function multiRowInsert(table: string, columns: readonly string[], rows: number, conflict: string): string {
  const key = `${table}|${columns.join(",")}|${rows}|${conflict}`;
  let statement = statementCache.get(key);
  if (statement === undefined) {
    const tuple = `(${columns.map(() => "?").join(",")})`;
    statement = `insert into ${table} (${columns.join(",")}) values ${Array.from({ length: rows }, () => tuple).join(",")} ${conflict}`;
    statementCache.set(key, statement);
  }
  return statement;
}

/** PostgreSQL array types of the reading tables' columns; other columns are text or double precision by value. */
const postgresColumnTypes: Readonly<Record<string, string>> = { meter_id: "int4", ts: "int8", hour: "int8" };

/**
 * PostgreSQL: one statement per 10,000 rows, each column one array parameter unnested into rows
 * (`insert … select * from unnest($1::int4[], $2::int8[], …)`): a statement's text and plan do not
 * grow with its rows, and no statement nears PostgreSQL's 65,535 parameters.
 */
async function unnestInsert(
  db: Db,
  table: string,
  columns: readonly string[],
  values: readonly (string | number | null)[],
  conflict: string,
): Promise<void> {
  const width = columns.length;
  const chunkRows = 10_000;
  const types = columns.map(
    (column, index) => postgresColumnTypes[column] ?? (typeof values[index] === "string" ? "text" : "float8"),
  );
  const statement = `insert into ${table} (${columns.join(",")}) select * from unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(", ")}) ${conflict}`;
  for (let offset = 0; offset < values.length; offset += chunkRows * width) {
    const end = Math.min(values.length, offset + chunkRows * width);
    const arrays: (string | number | null)[][] = columns.map(() => []);
    for (let index = offset; index < end; index++) arrays[(index - offset) % width]!.push(values[index]!);
    await db.executeQuery(CompiledQuery.raw(statement, arrays));
  }
}

/** Inserts flat rows (values in column order): SQLite in prepared chunks of 400 rows, PostgreSQL by arrays. */
export async function bulkInsert(
  db: Db,
  table: string,
  columns: readonly string[],
  values: readonly (string | number | null)[],
  conflict = "",
): Promise<void> {
  if (values.length === 0) return;
  if (isPostgres(db)) return unnestInsert(db, table, columns, values, conflict);
  const width = columns.length;
  const chunkRows = 400;
  for (let offset = 0; offset < values.length; offset += chunkRows * width) {
    const chunk = values.slice(offset, offset + chunkRows * width);
    await db.executeQuery(
      CompiledQuery.raw(multiRowInsert(table, columns, chunk.length / width, conflict), chunk as unknown[]),
    );
  }
}

/**
 * {@link bulkInsert} into a reading table that PostgreSQL partitions by time (ADR 0031): the
 * partitions for the rows' times are made first. The rows' times are the table's partition-key column.
 */
export async function insertIntoReadingTable(
  db: Db,
  table: PartitionedTable,
  columns: readonly string[],
  values: readonly (string | number)[],
  conflict = "",
): Promise<void> {
  if (values.length > 0 && isPostgres(db)) {
    const width = columns.length;
    const keyIndex = columns.indexOf(partitionKeyOf[table]);
    let min = values[keyIndex]!;
    let max = min;
    for (let index = keyIndex; index < values.length; index += width) {
      const key = values[index]!;
      if (key < min) min = key;
      if (key > max) max = key;
    }
    await ensureReadingPartitions(db, table, min, max);
  }
  await bulkInsert(db, table, columns, values, conflict);
}
