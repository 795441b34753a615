/**
 * Shared by the support commands (impersonation-link, outbox): the environment as the back-end
 * reads it (config.ts), and DATA_DIR's database, opened and migrated like the back-end does.
 * Nothing is created: without a database the commands stop with a message.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import { databaseFileName, envSchema } from "../config";
import { createDatabase, isPostgresUrl, migrateToLatest } from "../db/database";
import type { Database } from "../db/types";
import { normalizePortalUrl } from "../services/account-context";

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export class CliError extends Error {
  override readonly name = "CliError";
}

export interface CliEnvironment {
  databasePath: string;
  portalUrl: string;
}

export function cliEnvironment(env: Record<string, string | undefined>, cwd: string): CliEnvironment {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new CliError(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return {
    databasePath: parsed.data.DATABASE_URL ?? join(resolve(cwd, parsed.data.DATA_DIR), databaseFileName),
    portalUrl: normalizePortalUrl(parsed.data.PORTAL_URL),
  };
}

export async function openCliDatabase(databasePath: string): Promise<Kysely<Database>> {
  if (!isPostgresUrl(databasePath) && !existsSync(databasePath)) {
    throw new CliError(`No database at ${databasePath}. Start the back-end once (npm run backend) or set DATA_DIR.`);
  }
  const db = createDatabase(databasePath);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** True when the module is the process's entry point (run with tsx or node). */
export function isEntryPoint(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  return moduleUrl === pathToFileURL(resolve(entry)).href;
}

/**
 * Runs a command when its module is the process's entry point (`npm run …`), not when a test
 * imports it: its exit code becomes the process's, an unexpected error is printed and exits 1.
 */
export function runWhenEntryPoint(moduleUrl: string, run: (args: string[]) => Promise<number>): void {
  if (!isEntryPoint(moduleUrl)) return;
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
