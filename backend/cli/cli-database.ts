/**
 * Shared by the support commands (impersonation-link, outbox, alarms:evaluate): the environment as the back-end
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

/** What a support command takes besides its arguments; tests give their own, the defaults are the process's. */
export interface CliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  io?: CliIo;
}

/**
 * Opens DATA_DIR's database (or DATABASE_URL's) as the back-end would, hands it to `use` and
 * closes it afterwards, whatever `use` does.
 */
export async function withCliDatabase<T>(
  options: CliOptions,
  use: (db: Kysely<Database>, environment: CliEnvironment) => Promise<T>,
): Promise<T> {
  const environment = cliEnvironment(options.env ?? process.env, options.cwd ?? process.cwd());
  const db = await openCliDatabase(environment.databasePath);
  try {
    return await use(db, environment);
  } finally {
    await db.destroy();
  }
}

/**
 * A command's exit code: its own, or 1 after printing the message of an error the user can act on
 * (a CliError, or one `isUsersError` accepts); any other error is a bug and is thrown on.
 */
export async function exitCodeOf(
  io: CliIo,
  command: () => Promise<number>,
  isUsersError: (error: unknown) => boolean = () => false,
): Promise<number> {
  try {
    return await command();
  } catch (error) {
    if (error instanceof CliError || (error instanceof Error && isUsersError(error))) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

/**
 * A support command on the database: `parse` reads its arguments (a CliError for bad ones), then
 * `run` works with DATA_DIR's database open (withCliDatabase) and prints to the command's io; the
 * exit code as exitCodeOf gives it.
 */
export function runDatabaseCommand<Parsed>(
  args: readonly string[],
  options: CliOptions,
  parse: (args: readonly string[]) => Parsed,
  run: (db: Kysely<Database>, parsed: Parsed, io: CliIo) => Promise<number>,
): Promise<number> {
  const io = options.io ?? processIo;
  return exitCodeOf(io, async () => {
    const parsed = parse(args);
    return withCliDatabase(options, (db) => run(db, parsed, io));
  });
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
