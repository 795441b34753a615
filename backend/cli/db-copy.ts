/**
 * `npm run db:copy -- --to postgres://user@host:port/database [--from file.sqlite] [--replace]`
 * copies every row of the SQLite database (DATA_DIR/portal.sqlite, or --from) into a PostgreSQL
 * database, for moving a deployment to PostgreSQL (ADR 0031). Stop the back-end first.
 *
 * - The source must be at the latest migration (the back-end migrates it when it starts); it is
 *   opened read-only and read in one read transaction, so the copy is one consistent snapshot.
 * - The target is migrated to the latest schema, then must hold no rows (--replace empties it
 *   first) and no tables that are not the portal's.
 * - Tables are copied parents first, in the order of PostgreSQL's foreign keys (pg_constraint), so
 *   no superuser rights are needed; a column referencing its own table (refresh_tokens.
 *   replaced_by_id) is filled in by a second pass. Rows are read in primary-key order in batches
 *   (keyset pagination) and written by COPY (the reading and rollup tables) or by inserts of one
 *   array per column (the others).
 * - Everything is written in one transaction: a failed copy leaves the target as it was. Before
 *   the commit the row counts of every table are compared; afterwards identity sequences continue
 *   after the largest copied id and the tables are analysed.
 *
 * The password of the URL is never printed.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, sql, type Transaction } from "kysely";
import { databaseFileName, envSchema } from "../config";
import { copyInto, copyLines } from "../consumption/bulk-insert";
import { createDatabase, migrateToLatest } from "../db/database";
import { migrations } from "../db/migrations";
import { advanceIdentities } from "../db/migrations/dialect";
import { ensureReadingPartitions, type PartitionedTable } from "../db/postgres/reading-partitions";
import type { Database } from "../db/types";
import { CliError, type CliIo, processIo, runWhenEntryPoint } from "./cli-database";
import { type DbCopyArgs, parseArgs, redactUrl, secretsOf } from "./db-copy-args";
import {
  copyOrder,
  describeTables,
  foreignKeys,
  partitionColumns,
  quoteIdent,
  skippedTables,
  type TableInfo,
  targetTables,
} from "./db-copy-tables";

/**
 * Copied by COPY: the tables of readings and rollups, which hold nearly every row and only numbers
 * and day keys. The others go by the unnest inserts, whose types pg converts (booleans, JSON, …).
 */
const copiedByCopy = new Set(["meter_readings", "consumption_hourly", "consumption_daily", "consumption_monthly"]);

/** PostgreSQL's limit on the parameters of one statement. */
const maxParameters = 65_535;

export interface DbCopyOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  io?: CliIo;
  /** Rows read and written per batch. Default 10,000. */
  batchRows?: number;
  /** Seconds between progress lines of a big table. Default 5. */
  progressSeconds?: number;
  /** Tables with at least this many rows get progress lines and a rate. Default 100,000. */
  bigTableRows?: number;
}

export async function runDbCopy(args: readonly string[], options: DbCopyOptions = {}): Promise<number> {
  const io = options.io ?? processIo;
  let secrets: string[] = [];
  const redact = (text: string) => secrets.reduce((result, secret) => result.split(secret).join("***"), text);
  try {
    const parsed = parseArgs(args);
    secrets = secretsOf(parsed.to);
    await copy(parsed, options, io);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      io.err(redact(error.message));
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(
      redact(
        `The copy failed and was rolled back: no row of it is in the target (which may now hold the portal's empty tables).\n  ${message}`,
      ),
    );
    return 1;
  }
}

function sourcePath(parsed: DbCopyArgs, env: Record<string, string | undefined>, cwd: string): string {
  if (parsed.from !== undefined) return resolve(cwd, parsed.from);
  const values = envSchema.safeParse(env);
  if (!values.success) {
    const problems = values.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new CliError(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return join(resolve(cwd, values.data.DATA_DIR), databaseFileName);
}

/** Opens the source read-only and checks that it is a portal database at the latest migration. */
function openSource(path: string): SQLite.Database {
  if (!existsSync(path))
    throw new CliError(`No database at ${path}. Give the SQLite file with --from or set DATA_DIR.`);
  const source = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    // One read transaction for the whole copy: every table from the same snapshot.
    source.prepare("begin").run();
    const hasMigrations = source
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (hasMigrations === undefined)
      throw new CliError(`${path} is not a portal database (it has no kysely_migration table).`);
    const applied = new Set(source.prepare("select name from kysely_migration").pluck().all() as string[]);
    const known = Object.keys(migrations);
    const unknown = [...applied].filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new CliError(
        `${path} has migrations this version does not know (${unknown.join(", ")}): copy it with the version of the portal that last ran on it.`,
      );
    }
    const missing = known.filter((name) => !applied.has(name));
    if (missing.length > 0) {
      throw new CliError(
        `${path} is not at the latest migration (missing ${missing.join(", ")}). ` +
          "Start the back-end once on it (npm run backend) so that it migrates, stop it, then copy again.",
      );
    }
    return source;
  } catch (error) {
    source.close();
    throw error;
  }
}

const number = (value: number) => value.toLocaleString("en-US");
const rowsText = (count: number) => `${number(count)} ${count === 1 ? "row" : "rows"}`;

async function copy(parsed: DbCopyArgs, options: DbCopyOptions, io: CliIo): Promise<void> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const from = sourcePath(parsed, env, cwd);
  const source = openSource(from);
  const target = createDatabase(parsed.to);
  const started = performance.now();
  try {
    const sourceTables = (
      source
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
        )
        .pluck()
        .all() as string[]
    ).filter((name) => !skippedTables.has(name));

    io.out(`Copying ${from} to ${redactUrl(parsed.to)}`);
    // Anything else in the target's schema means the URL names the wrong database.
    const before = await targetTables(target);
    const foreign = before.filter((name) => !skippedTables.has(name) && !sourceTables.includes(name));
    if (foreign.length > 0) {
      throw new CliError(
        `The target holds tables that are not the portal's (${foreign.join(", ")}): give an empty database.`,
      );
    }
    const applied = await migrateToLatest(target);
    if (applied.length > 0) io.out(`Target migrated: ${applied.join(", ")}`);

    const tables = await describeTables(target, source, sourceTables, await partitionColumns(target));
    const order = copyOrder(tables, await foreignKeys(target));
    io.out("Counting the rows of the source…");
    const sourceCounts = new Map(
      order.map((table) => [
        table.name,
        Number(
          source
            .prepare(`select count(*) from ${quoteIdent(table.name)}`)
            .pluck()
            .get(),
        ),
      ]),
    );

    const targetCounts = await target.transaction().execute(async (trx) => {
      const holding = await tablesWithRows(
        trx,
        order.map((table) => table.name),
      );
      if (holding.length > 0) {
        if (!parsed.replace) {
          throw new CliError(
            `The target already holds data (rows in ${holding.join(", ")}). Nothing was copied.\n` +
              "Give an empty database, or add --replace to delete everything in it first.",
          );
        }
        await sql`truncate table ${sql.join(order.map((table) => sql.table(table.name)))} restart identity`.execute(
          trx,
        );
        io.out(`Emptied the target (it held rows in ${holding.join(", ")}).`);
      }
      for (const table of order) await copyTable(source, trx, table, sourceCounts.get(table.name) ?? 0, options, io);

      const counts = new Map<string, number>();
      for (const table of order) {
        const result = await sql<{
          count: string | number;
        }>`select count(*) as count from ${sql.table(table.name)}`.execute(trx);
        counts.set(table.name, Number(result.rows[0]?.count ?? 0));
      }
      const different = order.filter((table) => counts.get(table.name) !== sourceCounts.get(table.name));
      if (different.length > 0) {
        printCounts(io, order, sourceCounts, counts);
        throw new Error(`row counts differ after the copy in ${different.map((table) => table.name).join(", ")}`);
      }
      await advanceIdentities(trx);
      return counts;
    });

    printCounts(io, order, sourceCounts, targetCounts);
    await sql`analyze`.execute(target);
    const total = [...targetCounts.values()].reduce((sum, count) => sum + count, 0);
    const seconds = (performance.now() - started) / 1000;
    io.out(`Copied ${rowsText(total)} in ${seconds.toFixed(1)} s; the row counts of every table are equal.`);
    io.out(
      "Start the back-end with DATABASE_URL set to the target (and keep DATA_DIR: statement files stay in DATA_DIR/files).",
    );
  } finally {
    source.close();
    await target.destroy();
  }
}

async function tablesWithRows(trx: Transaction<Database>, names: readonly string[]): Promise<string[]> {
  const holding: string[] = [];
  for (const name of names) {
    const result = await sql<{ any: boolean }>`select exists (select 1 from ${sql.table(name)}) as any`.execute(trx);
    if (result.rows[0]?.any === true) holding.push(name);
  }
  return holding;
}

/**
 * Reads `columns` of `table` in primary-key order, `rows` at a time: each batch starts after the
 * key of the previous one's last row (keyset pagination), so a batch costs the same at any depth.
 */
function batchReader(source: SQLite.Database, table: TableInfo, columns: readonly string[], rows: number, where = "") {
  const list = columns.map(quoteIdent).join(", ");
  const keyList = table.key.map(quoteIdent).join(", ");
  const keyIndexes = table.key.map((column) => columns.indexOf(column));
  const order = `order by ${keyList} limit ${rows}`;
  const filter = where === "" ? "" : `(${where}) and `;
  const first = source
    .prepare(`select ${list} from ${quoteIdent(table.name)} ${where === "" ? "" : `where ${where}`} ${order}`)
    .raw(true);
  const rowValue = table.key.length === 1 ? keyList : `(${keyList})`;
  const placeholders = table.key.length === 1 ? "?" : `(${table.key.map(() => "?").join(", ")})`;
  const next = source
    .prepare(`select ${list} from ${quoteIdent(table.name)} where ${filter}${rowValue} > ${placeholders} ${order}`)
    .raw(true);
  let after: unknown[] | undefined;
  let finished = false;
  return (): unknown[][] => {
    if (finished) return [];
    const batch = (after === undefined ? first.all() : next.all(...after)) as unknown[][];
    if (batch.length < rows) finished = true;
    const last = batch[batch.length - 1];
    if (last !== undefined) after = keyIndexes.map((index) => last[index]);
    return batch;
  };
}

/**
 * `insert into t (a, b) select * from unnest($1::integer[], $2::text[])`: one array parameter per
 * column whatever the number of rows, so PostgreSQL's limit of 65,535 parameters never binds and
 * the statement stays short. It inserted about twice as many rows a second as a multi-row
 * `values ($1, $2), ($3, $4), …` of the same rows (measured on meter_readings).
 */
function insertStatement(table: TableInfo): string {
  const arrays = table.types.map((type, index) => `$${index + 1}::${type}[]`).join(", ");
  return `insert into ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(", ")}) select * from unnest(${arrays})`;
}

async function copyTable(
  source: SQLite.Database,
  trx: Transaction<Database>,
  table: TableInfo,
  expected: number,
  options: DbCopyOptions,
  io: CliIo,
): Promise<void> {
  const width = table.columns.length;
  const byCopy = copiedByCopy.has(table.name) && table.selfReferences.length === 0;
  // A COPY per batch (the partitions of its rows are made between two): larger batches, fewer round trips.
  const batchRows = Math.max(1, options.batchRows ?? (byCopy ? 100_000 : 10_000));
  const statement = insertStatement(table);
  const big = expected >= (options.bigTableRows ?? 100_000);
  const progressMs = (options.progressSeconds ?? 5) * 1000;
  const nulled = table.selfReferences.map((column) => table.columns.indexOf(column));
  const read = batchReader(source, table, table.columns, batchRows);
  const started = performance.now();
  let lastProgress = started;
  let copied = 0;

  // The partitions the rows need, made before the rows are written (ADR 0031); a batch in key
  // order spans one meter's times, so after the first meters the range is mostly covered.
  const partitionIndex = table.partitionColumn === undefined ? -1 : table.columns.indexOf(table.partitionColumn);
  let covered: [number | string, number | string] | undefined;
  const makePartitions = async (batch: unknown[][]) => {
    let low = batch[0]![partitionIndex] as number | string;
    let high = low;
    for (const row of batch) {
      const value = row[partitionIndex] as number | string;
      if (value < low) low = value;
      if (value > high) high = value;
    }
    if (covered !== undefined && low >= covered[0] && high <= covered[1]) return;
    if (covered !== undefined) {
      if (covered[0] < low) low = covered[0];
      if (covered[1] > high) high = covered[1];
    }
    await ensureReadingPartitions(trx, table.name as PartitionedTable, low, high);
    covered = [low, high];
  };

  const write = async (batch: unknown[][]) => {
    if (partitionIndex >= 0) await makePartitions(batch);
    // The reading tables hold nearly all rows: COPY writes them several times faster (ADR 0040).
    if (byCopy)
      return copyInto(
        trx,
        quoteIdent(table.name),
        table.columns.map(quoteIdent),
        copyLines(width, batch.flat() as (string | number | null)[]),
      );
    const columns: unknown[][] = Array.from({ length: width }, () => new Array<unknown>(batch.length));
    batch.forEach((row, rowIndex) => {
      for (let column = 0; column < width; column += 1) columns[column]![rowIndex] = row[column];
    });
    for (const index of nulled) columns[index]!.fill(null);
    return trx.executeQuery(CompiledQuery.raw(statement, columns));
  };

  // While PostgreSQL writes one batch, the next is read from SQLite.
  let batch = read();
  while (batch.length > 0) {
    const writing = write(batch);
    const count = batch.length;
    batch = read();
    await writing;
    copied += count;
    const now = performance.now();
    if (big && now - lastProgress >= progressMs) {
      lastProgress = now;
      const percent = expected > 0 ? ` (${Math.floor((copied / expected) * 100)}%)` : "";
      io.out(
        `  ${table.name}: ${number(copied)} of ${number(expected)} rows${percent}, ${number(Math.round(copied / ((now - started) / 1000)))} rows/s`,
      );
    }
  }

  if (table.selfReferences.length > 0) await fillSelfReferences(source, trx, table, batchRows);

  const seconds = (performance.now() - started) / 1000;
  if (big)
    io.out(
      `${table.name}: ${number(copied)} rows in ${seconds.toFixed(1)} s, ${number(Math.round(copied / Math.max(seconds, 0.001)))} rows/s`,
    );
  else io.out(`${table.name}: ${rowsText(copied)}`);
}

/** The second pass of a self-referencing table: its references, now that every row exists. */
async function fillSelfReferences(
  source: SQLite.Database,
  trx: Transaction<Database>,
  table: TableInfo,
  batchRows: number,
): Promise<void> {
  const columns = [...table.key, ...table.selfReferences];
  const typeOf = (column: string) => table.types[table.columns.indexOf(column)]!;
  const rows = Math.min(batchRows, Math.floor(maxParameters / columns.length));
  const where = table.selfReferences.map((column) => `${quoteIdent(column)} is not null`).join(" or ");
  const read = batchReader(source, table, columns, rows, where);
  for (let batch = read(); batch.length > 0; batch = read()) {
    let n = 0;
    const tuples = batch.map(() => `(${columns.map((column) => `$${++n}::${typeOf(column)}`).join(",")})`);
    const statement =
      `update ${quoteIdent(table.name)} as t set ${table.selfReferences.map((column) => `${quoteIdent(column)} = v.${quoteIdent(column)}`).join(", ")} ` +
      `from (values ${tuples.join(",")}) as v(${columns.map(quoteIdent).join(", ")}) ` +
      `where ${table.key.map((column) => `t.${quoteIdent(column)} = v.${quoteIdent(column)}`).join(" and ")}`;
    await trx.executeQuery(CompiledQuery.raw(statement, batch.flat()));
  }
}

function printCounts(
  io: CliIo,
  order: readonly TableInfo[],
  sourceCounts: ReadonlyMap<string, number>,
  targetCounts: ReadonlyMap<string, number>,
): void {
  const nameWidth = Math.max(5, ...order.map((table) => table.name.length));
  const cells = order.map(
    (table) =>
      [table.name, number(sourceCounts.get(table.name) ?? 0), number(targetCounts.get(table.name) ?? 0)] as const,
  );
  const countWidth = Math.max(10, ...cells.flatMap(([, a, b]) => [a.length, b.length]));
  io.out("");
  io.out(`${"table".padEnd(nameWidth)}  ${"SQLite".padStart(countWidth)}  ${"PostgreSQL".padStart(countWidth)}`);
  for (const [name, a, b] of cells)
    io.out(
      `${name.padEnd(nameWidth)}  ${a.padStart(countWidth)}  ${b.padStart(countWidth)}${a === b ? "" : "  differs"}`,
    );
  io.out("");
}

runWhenEntryPoint(import.meta.url, (args) => runDbCopy(args));
