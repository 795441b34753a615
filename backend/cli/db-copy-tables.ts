/**
 * What db:copy learns of the two databases before it copies: the tables to copy with their
 * columns, keys, types and partitioning (the source and the target must agree), and the order
 * that copies parents before children.
 */
import type SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types";
import { CliError } from "./cli-database";

/** Kysely's own bookkeeping: each side keeps its own. */
export const skippedTables = new Set(["kysely_migration", "kysely_migration_lock"]);

export interface TableInfo {
  name: string;
  /** Column names in the target's order; the same names exist in the source. */
  columns: string[];
  /** The source's primary-key columns, in key order: the keyset of the batches. */
  key: string[];
  /** Columns referencing the table itself: inserted as null, then set by a second pass. */
  selfReferences: string[];
  /** PostgreSQL types of `columns` (format_type). */
  types: string[];
  /** The column a partitioned target table is partitioned by (its partitions are made as rows come). */
  partitionColumn?: string;
}

/** The target's tables: plain and partitioned ones, not the partitions (which hold a parent's rows). */
export async function targetTables(target: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select relname as name from pg_class
    where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') and not relispartition
    order by relname`.execute(target);
  return result.rows.map((row) => row.name);
}

/** The partitioned tables of the target and the column each is partitioned by. */
export async function partitionColumns(target: Kysely<Database>): Promise<Map<string, string>> {
  const result = await sql<{ name: string; column: string }>`
    select c.relname as name, a.attname as column
    from pg_partitioned_table p
    join pg_class c on c.oid = p.partrelid
    join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
    where c.relnamespace = current_schema()::regnamespace`.execute(target);
  return new Map(result.rows.map((row) => [row.name, row.column]));
}

/** The tables to copy with their columns, keys and types; the source and the target must agree. */
export async function describeTables(
  target: Kysely<Database>,
  source: SQLite.Database,
  sourceTables: readonly string[],
  partitioned: ReadonlyMap<string, string>,
): Promise<TableInfo[]> {
  const present = new Set((await targetTables(target)).filter((name) => !skippedTables.has(name)));
  const missing = sourceTables.filter((name) => !present.has(name));
  const extra = [...present].filter((name) => !sourceTables.includes(name));
  if (missing.length > 0 || extra.length > 0) {
    throw new CliError(
      `The schemas differ: only in SQLite ${missing.join(", ") || "-"}; only in PostgreSQL ${extra.join(", ") || "-"}.`,
    );
  }
  const columns = await sql<{ table_name: string; column_name: string; type: string }>`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    order by c.relname, a.attnum`.execute(target);
  return sourceTables.map((name) => {
    const targetColumns = columns.rows.filter((row) => row.table_name === name);
    const info = source.prepare(`pragma table_info(${quoteIdent(name)})`).all() as { name: string; pk: number }[];
    const sourceNames = info.map((column) => column.name);
    const onlySource = sourceNames.filter((column) => !targetColumns.some((row) => row.column_name === column));
    const onlyTarget = targetColumns
      .filter((row) => !sourceNames.includes(row.column_name))
      .map((row) => row.column_name);
    if (onlySource.length > 0 || onlyTarget.length > 0) {
      throw new CliError(
        `The columns of ${name} differ: only in SQLite ${onlySource.join(", ") || "-"}; only in PostgreSQL ${onlyTarget.join(", ") || "-"}.`,
      );
    }
    const key = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    if (key.length === 0) throw new CliError(`${name} has no primary key to copy it by.`);
    return {
      name,
      columns: targetColumns.map((row) => row.column_name),
      types: targetColumns.map((row) => row.type),
      key,
      selfReferences: [],
      partitionColumn: partitioned.get(name),
    };
  });
}

export interface ForeignKey {
  child: string;
  parent: string;
  columns: string[];
}

export async function foreignKeys(target: Kysely<Database>): Promise<ForeignKey[]> {
  const result = await sql<{ child: string; parent: string; columns: string[] }>`
    select child.relname as child, parent.relname as parent,
      array(select a.attname::text from unnest(con.conkey) as k(attnum)
            join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns
    from pg_constraint con
    join pg_class child on child.oid = con.conrelid
    join pg_class parent on parent.oid = con.confrelid
    where con.contype = 'f' and child.relnamespace = current_schema()::regnamespace`.execute(target);
  return result.rows;
}

/**
 * Parents before children (Kahn's algorithm, ties by name). A table referencing itself is no
 * obstacle: those columns are filled after the table's rows. A cycle between tables is.
 */
export function copyOrder(tables: readonly TableInfo[], keys: readonly ForeignKey[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, { ...table, selfReferences: [] as string[] }]));
  const parents = new Map<string, Set<string>>([...byName.keys()].map((name) => [name, new Set<string>()]));
  for (const key of keys) {
    const child = byName.get(key.child);
    if (child === undefined || !byName.has(key.parent)) continue;
    if (key.child === key.parent)
      child.selfReferences.push(...key.columns.filter((column) => !child.key.includes(column)));
    else parents.get(key.child)!.add(key.parent);
  }
  const order: TableInfo[] = [];
  const done = new Set<string>();
  while (done.size < byName.size) {
    const ready = [...byName.keys()]
      .filter((name) => !done.has(name) && [...parents.get(name)!].every((parent) => done.has(parent)))
      .sort();
    if (ready.length === 0) {
      const left = [...byName.keys()].filter((name) => !done.has(name));
      throw new CliError(`The foreign keys of ${left.join(", ")} form a cycle: no order copies them parents first.`);
    }
    for (const name of ready) {
      done.add(name);
      order.push(byName.get(name)!);
    }
  }
  return order;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
