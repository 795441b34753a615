/**
 * Bulk inserts of readings and rollups: one prepared multi-row statement per chunk on SQLite, one
 * array per column on PostgreSQL, bypassing the query builder; and COPY on PostgreSQL for loads of
 * new rows (ADR 0040).
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import { from as copyFrom } from "pg-copy-streams";
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

// ---------------------------------------------------------------------------------------------
// COPY (PostgreSQL)

/** A value as one field of COPY's text format: `\N` is null; a backslash, tab, newline or return is escaped. */
export function copyField(value: string | number | null): string {
  if (value === null) return "\\N";
  // String(number) is the shortest text that reads back as the same double, as pg sends an array's
  // numbers for the unnest inserts: both paths store identical values.
  if (typeof value === "number") return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, escapeCharacter) : value;
}

const escapes: Readonly<Record<string, string>> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
function escapeCharacter(character: string): string {
  return escapes[character]!;
}

/** About this many characters go to the server at a time: few writes, little memory. */
const copyChunkChars = 1 << 20;

/** Flat rows (values in column order) as COPY text lines, in chunks of about a megabyte. */
export function* copyLines(width: number, values: readonly (string | number | null)[]): Generator<string> {
  let text = "";
  for (let index = 0; index < values.length; index += width) {
    let line = copyField(values[index] as string | number | null);
    for (let column = 1; column < width; column++)
      line += `\t${copyField(values[index + column] as string | number | null)}`;
    text += `${line}\n`;
    if (text.length >= copyChunkChars) {
      yield text;
      text = "";
    }
  }
  if (text !== "") yield text;
}

/** The signature, flags and header extension that start COPY's binary format. */
const binaryHeader = Buffer.from([...Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), ...[0, 0, 0, 0], ...[0, 0, 0, 0]]);

/**
 * Rows in COPY's binary format, for the tables of numbers: PostgreSQL takes each double's eight
 * bytes as they are instead of parsing its text (the larger part of a text COPY's time), and the
 * value is the same double by construction. Fill rows with the typed writers; `full()` says when a
 * chunk is worth sending, `take()` hands it over.
 */
export class BinaryCopyRows {
  private buffer = Buffer.allocUnsafe(copyChunkChars + 1024);
  private offset = 0;
  private started = false;

  private begin(): void {
    if (this.started) return;
    this.started = true;
    this.offset = binaryHeader.copy(this.buffer, 0);
  }

  /** A row of `fields` fields follows. */
  row(fields: number): void {
    this.begin();
    this.offset = this.buffer.writeInt16BE(fields, this.offset);
  }
  int4(value: number): void {
    this.offset = this.buffer.writeInt32BE(4, this.offset);
    this.offset = this.buffer.writeInt32BE(value, this.offset);
  }
  /** An int8 from a safe integer, as two 32-bit halves (no BigInt on the way). */
  int8(value: number): void {
    const high = Math.floor(value / 4_294_967_296);
    this.offset = this.buffer.writeInt32BE(8, this.offset);
    this.offset = this.buffer.writeInt32BE(high, this.offset);
    this.offset = this.buffer.writeUInt32BE(value - high * 4_294_967_296, this.offset);
  }
  float8(value: number): void {
    this.offset = this.buffer.writeInt32BE(8, this.offset);
    this.offset = this.buffer.writeDoubleBE(value, this.offset);
  }
  full(): boolean {
    return this.offset >= copyChunkChars;
  }
  /** The rows so far (with the trailer when `last`), and a fresh buffer for the next. */
  take(last = false): Buffer {
    this.begin(); // an empty COPY still needs its header
    if (last) this.offset = this.buffer.writeInt16BE(-1, this.offset);
    const chunk = this.buffer.subarray(0, this.offset);
    this.buffer = Buffer.allocUnsafe(copyChunkChars + 1024);
    this.offset = 0;
    return chunk;
  }
}

/**
 * Streams COPY text or binary rows (`copy table (columns) from stdin`) into `table` on the transaction's own
 * connection, so the rows commit or roll back with it. Kysely hands a compiled query's text to pg's
 * `client.query` as it is, and pg runs an object with a `submit` method (pg-copy-streams' stream is
 * one) as the query itself: that is how the stream reaches the connection Kysely holds for the
 * transaction. A failed COPY rejects here and leaves the transaction failed, so its caller rolls back.
 * PostgreSQL only; a partitioned table's partitions must exist (else rows go to its default partition).
 */
export async function copyInto(
  trx: Transaction<Database>,
  table: string,
  columns: readonly string[],
  lines: Iterable<string | Buffer> | AsyncIterable<string | Buffer>,
  format: "text" | "binary" = "text",
): Promise<number> {
  const stream = copyFrom(`copy ${table} (${columns.join(",")}) from stdin with (format ${format})`);
  const written = pipeline(Readable.from(lines, { objectMode: false }), stream);
  // Never left unhandled: the COPY's error is thrown below, after the query is submitted.
  written.catch(() => undefined);
  await trx.executeQuery(CompiledQuery.raw(stream as unknown as string));
  await written;
  return stream.rowCount;
}

/**
 * Runs `write` in the caller's transaction, or in a new one when `db` is not a transaction (a COPY
 * and the partitions it needs then commit together).
 */
export async function inTransaction<T>(db: Db, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

/** The tables a bulk load fills: readings and their rollups. */
const loadedTables = ["meter_readings", "consumption_hourly", "consumption_daily", "consumption_monthly"];

/**
 * Runs `load` with the reading and rollup tables' primary and foreign keys dropped, then builds
 * them again as they were (their definitions read from the catalogue): one sorted index build and
 * one join to check the references, instead of an index insert and a trigger per row. For the first
 * load of a fresh database only (the benchmark, the demo seed): without its primary key a table
 * takes duplicates, and no upsert can run against it. Give it a transaction to hold the tables
 * locked against every other session until the keys are back; a failed `load` rolls everything
 * back there. PostgreSQL only: elsewhere it just runs `load`.
 */
export async function withKeysBuiltAfter<T>(db: Db, load: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return load();
  const { rows } = await db.executeQuery<{ table: string; name: string; definition: string }>(
    CompiledQuery.raw(
      `select c.relname as "table", con.conname as name, pg_get_constraintdef(con.oid) as definition
       from pg_constraint con join pg_class c on c.oid = con.conrelid
       where c.relnamespace = current_schema()::regnamespace and c.relname = any($1) and con.contype in ('p', 'f')
         and con.conparentid = 0
       order by con.contype desc, c.relname`,
      [loadedTables],
    ),
  );
  for (const key of [...rows].reverse())
    await db.executeQuery(CompiledQuery.raw(`alter table ${key.table} drop constraint ${key.name}`));
  const result = await load();
  const keysOf = (table: string) => rows.filter((key) => key.table === table);
  // Per table its primary key first ('p' sorts after 'f', hence the descending order above), then
  // its foreign key, then statistics for the planner, as after any bulk load: the first writes after
  // it (the next hour's ingest) otherwise meet tables the planner believes empty and scan whole
  // partitions per meter (21 s for an hour of 6,000 meters instead of about 1 s). Autovacuum would
  // get there, later.
  const buildTable = async (builder: Db, table: string) => {
    for (const key of keysOf(table))
      await builder.executeQuery(
        CompiledQuery.raw(`alter table ${key.table} add constraint ${key.name} ${key.definition}`),
      );
    await builder.executeQuery(CompiledQuery.raw(`analyze ${table}`));
  };
  if (db.isTransaction) {
    await db.executeQuery(CompiledQuery.raw(`set local ${KEY_BUILD_MEMORY}`));
    for (const table of loadedTables) await buildTable(db, table);
    return result;
  }
  // Given the pool, the tables on two connections at once, the largest first: one index build
  // keeps a core and a half busy at most (its workers sort in parallel, its leader merges and
  // writes alone), so the two big tables' builds share the two cores (ADR 0040, second addendum).
  const waiting = [...loadedTables];
  await Promise.all(
    [1, 2].map(() =>
      (db as Kysely<Database>).connection().execute(async (connection) => {
        await connection.executeQuery(CompiledQuery.raw(`set ${KEY_BUILD_MEMORY}`));
        try {
          for (let table = waiting.shift(); table !== undefined; table = waiting.shift())
            await buildTable(connection, table);
        } finally {
          await connection.executeQuery(CompiledQuery.raw("reset maintenance_work_mem"));
        }
      }),
    ),
  );
  return result;
}

/**
 * What each key build after a bulk load may sort in memory (ADR 0040, addendum): in memory when
 * the keys fit (64 MB by default, an external merge sort on disk beyond it).
 */
const KEY_BUILD_MEMORY = "maintenance_work_mem = '1GB'";
