/**
 * The reading tables' layout on PostgreSQL (ADR 0031): the two tables that grow by one row per
 * meter and hour — meter_readings (by `ts`) and consumption_hourly (by `hour`) — are range-
 * partitioned by UTC month, consumption_daily (by `day`) by year. A housing company with 50,000
 * homes writes about 300 million readings a month: each month's rows and primary-key index are
 * one table of their own, an hour's ingest touches only the newest (whose index stays in memory),
 * a query for one meter and a period reads the partitions of that period only, and old months
 * can be detached and archived without a long delete. SQLite keeps one clustered table each
 * (ADR 0008): nothing to do there.
 *
 * Partitions are made when rows for them are about to be written (the store calls
 * {@link ensureReadingPartitions} before every insert into these tables) and for the next months
 * ahead by the hourly schedule, so the hour's writes normally find theirs in place. Each table also
 * has a default partition, so a row written some other way (an operator's SQL, a test) is kept,
 * not refused; when its month's partition is made, the rows move there from the default.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import { isPostgres } from "../migrations/dialect";

// biome-ignore lint/suspicious/noExplicitAny: used by the migrations, which see no row types, and by the app
type Db = Kysely<any> | Transaction<any>;

export type PartitionedTable = "meter_readings" | "consumption_hourly" | "consumption_daily";

/** Each partitioned table's partition key. */
export const partitionKeyOf: Readonly<Record<PartitionedTable, string>> = {
  meter_readings: "ts",
  consumption_hourly: "hour",
  consumption_daily: "day",
};

interface Partition {
  name: string;
  from: number | string;
  to: number | string;
}

/** UTC months (as epoch-second ranges) covering [fromS, toS]. */
function monthPartitions(table: string, fromS: number, toS: number): Partition[] {
  const partitions: Partition[] = [];
  const start = new Date(fromS * 1000);
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth();
  for (;;) {
    const from = Date.UTC(year, month, 1) / 1000;
    if (from > toS) break;
    const to = Date.UTC(year, month + 1, 1) / 1000;
    partitions.push({ name: `${table}_p${year}${String(month + 1).padStart(2, "0")}`, from, to });
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return partitions;
}

/** Years (as YYYY-MM-DD ranges) covering the days [fromDay, toDay]. */
function yearPartitions(table: string, fromDay: string, toDay: string): Partition[] {
  const partitions: Partition[] = [];
  for (let year = Number(fromDay.slice(0, 4)); year <= Number(toDay.slice(0, 4)); year++) {
    partitions.push({ name: `${table}_p${year}`, from: `${year}-01-01`, to: `${year + 1}-01-01` });
  }
  return partitions;
}

/** The partitions a write of rows from `from` to `to` (epoch seconds, or days for consumption_daily) needs. */
export function partitionsFor(table: PartitionedTable, from: number | string, to: number | string): Partition[] {
  if (table === "consumption_daily") return yearPartitions(table, String(from), String(to));
  return monthPartitions(table, Number(from), Number(to));
}

/**
 * The partitions known to exist, per database: keyed by the Kysely instance's adapter, which its
 * transactions share. A write whose partitions are all known skips the catalogue look-up (an
 * hour's ingest writes three tables per meter: three round trips saved per meter). Only partitions
 * that another, committed transaction made are remembered, so one made by a transaction that then
 * rolls back is never taken for present. A partition dropped or detached later (an operator's
 * archiving) stays remembered until the schedule looks again ({@link preparePartitionsAhead}) or
 * the process restarts; rows written for it meanwhile wait in the default partition, as any row
 * without its partition does.
 */
const knownPartitions = new WeakMap<object, Set<string>>();

function knownOf(db: Db): Set<string> {
  const key = db.getExecutor().adapter;
  let known = knownPartitions.get(key);
  if (known === undefined) {
    known = new Set();
    knownPartitions.set(key, known);
  }
  return known;
}

/**
 * Makes the partitions of `table` that rows from `from` to `to` go into, if missing. Free when
 * this process has seen them before, else one catalogue look-up. Writers that must create one
 * serialize on a transaction-level advisory lock and look again, so two instances never race to
 * create the same partition. `lookAgain` asks the catalogue even for partitions seen before.
 * No-op on SQLite.
 */
export async function ensureReadingPartitions(
  db: Db,
  table: PartitionedTable,
  from: number | string,
  to: number | string,
  options: { lookAgain?: boolean } = {},
): Promise<void> {
  if (!isPostgres(db as Kysely<unknown>)) return;
  const known = knownOf(db);
  const wanted = partitionsFor(table, from, to);
  if (options.lookAgain) for (const partition of wanted) known.delete(partition.name);
  if (wanted.every((partition) => known.has(partition.name))) return;
  const missing = async () => {
    // `mine`: made by this transaction, which may still roll back.
    const { rows } = await sql<{ relname: string; mine: boolean | null }>`
      select relname, xmin = pg_current_xact_id_if_assigned()::xid as mine
      from pg_class where relnamespace = current_schema()::regnamespace and relname in (${sql.join(wanted.map((p) => p.name))})`.execute(
      db,
    );
    for (const row of rows) if (row.mine !== true) known.add(row.relname);
    const present = new Set(rows.map((row) => row.relname));
    return wanted.filter((p) => !present.has(p.name));
  };
  if ((await missing()).length === 0) return;
  const create = async (trx: Db) => {
    await sql`select pg_advisory_xact_lock(hashtextextended('tenant-portal:reading-partitions', 0))`.execute(trx);
    const key = sql.ref(partitionKeyOf[table]);
    const fallback = sql.table(`${table}_default`);
    for (const partition of await missing()) {
      const name = sql.table(partition.name);
      const bounds = sql`for values from (${sql.lit(partition.from)}) to (${sql.lit(partition.to)})`;
      const inRange = sql`${key} >= ${sql.lit(partition.from)} and ${key} < ${sql.lit(partition.to)}`;
      const { rows } = await sql<{
        found: boolean;
      }>`select exists (select 1 from ${fallback} where ${inRange}) as found`.execute(trx);
      if (rows[0]?.found !== true) {
        await sql`create table ${name} partition of ${sql.table(table)} ${bounds}`.execute(trx);
        continue;
      }
      // Rows of this range wait in the default partition: move them into the new one, then attach it.
      await sql`create table ${name} (like ${sql.table(table)} including defaults including constraints)`.execute(trx);
      await sql`insert into ${name} select * from ${fallback} where ${inRange}`.execute(trx);
      await sql`delete from ${fallback} where ${inRange}`.execute(trx);
      await sql`alter table ${sql.table(table)} attach partition ${name} ${bounds}`.execute(trx);
    }
  };
  // Inside the caller's transaction when there is one (the lock is then held until it commits);
  // otherwise in a short one of its own.
  if (db.isTransaction) await create(db);
  else await (db as Kysely<unknown>).transaction().execute((trx) => create(trx));
}

/** The partitions for this month and the next `monthsAhead` of every partitioned table (the hourly schedule). */
export async function preparePartitionsAhead(db: Db, now: Date, monthsAhead = 2): Promise<void> {
  if (!isPostgres(db as Kysely<unknown>)) return;
  const fromS = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000;
  const toS = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1) / 1000;
  // Always from the catalogue: a partition an operator dropped since is made again.
  const lookAgain = { lookAgain: true };
  await ensureReadingPartitions(db, "meter_readings", fromS, toS, lookAgain);
  await ensureReadingPartitions(db, "consumption_hourly", fromS, toS, lookAgain);
  const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
  await ensureReadingPartitions(db, "consumption_daily", day(fromS), day(toS), lookAgain);
}
