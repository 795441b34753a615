/**
 * The e2e back-end's database as the tests read and change it: better-sqlite3 on DATA_DIR's SQLite
 * file, or — when the run's back-ends share a PostgreSQL database (E2E_DATABASE_URL, the
 * multi-instance run on PostgreSQL) — the same small synchronous interface over `psql`, so the specs'
 * plain SQL (`?` parameters, `AS camelCase` aliases) works on both.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export interface TestStatement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): void;
}

export interface TestDatabase {
  prepare(source: string): TestStatement;
  close(): void;
}

export const e2eDatabaseUrl = process.env.E2E_DATABASE_URL || undefined;

export function openTestDatabase(dataDir: string, readonly: boolean): TestDatabase {
  if (e2eDatabaseUrl) return postgresDatabase(e2eDatabaseUrl);
  return new Database(path.join(dataDir, "portal.sqlite"), { readonly, fileMustExist: true });
}

function psqlBinary(): string {
  const dirs = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of dirs) {
    const candidate = `/usr/lib/postgresql/${version}/bin/psql`;
    if (existsSync(candidate)) return candidate;
  }
  return "psql";
}

/** A SQL literal of a parameter (the tests' own values). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replaceAll("'", "''")}'`;
}

function bind(source: string, params: unknown[]): string {
  let index = 0;
  // `?` outside string literals.
  return source.replace(/'(?:[^']|'')*'|\?/g, (match) => (match === "?" ? literal(params[index++]) : match));
}

function postgresDatabase(url: string): TestDatabase {
  const psql = psqlBinary();
  const exec = (statement: string) =>
    execFileSync(psql, ["-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", statement], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  const query = (source: string, params: unknown[]) => {
    // PostgreSQL folds unquoted aliases to lower case: give the rows the spelling the SQL used.
    const aliases = new Map(
      [...source.matchAll(/\bAS\s+([A-Za-z_][A-Za-z0-9_]*)/gi)].map((m) => [m[1]!.toLowerCase(), m[1]!]),
    );
    const out = exec(`select coalesce(json_agg(row_to_json(t)), '[]'::json) from (${bind(source, params)}) t`);
    return (JSON.parse(out.trim() || "[]") as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [aliases.get(key) ?? key, value])),
    );
  };
  return {
    prepare(source) {
      return {
        get: (...params) => query(source, params)[0],
        all: (...params) => query(source, params),
        run: (...params) => void exec(bind(source, params)),
      };
    },
    close() {},
  };
}
