/**
 * `npm run rollups:rebuild [-- --property <id> …]` recomputes the property rollups (ADR 0038) of
 * DATA_DIR's database (or DATABASE_URL's) from the meters' rollups: once after upgrading a
 * database that has readings (the migration makes the tables empty), or after changing a unit's
 * floor area, which the per-m2 sums were made with. Without --property every property is rebuilt.
 * Safe to run any number of times, also while the back-end runs: each month of a property is
 * rebuilt in a transaction of its own.
 */
import { rebuildPropertyRollups } from "../consumption/property-rollups";
import { CliError, type CliOptions, runDatabaseCommand, runWhenEntryPoint } from "./cli-database";

const usage = "Usage: npm run rollups:rebuild [-- --property <id> [--property <id> …]]";

/** The properties asked for, or undefined for all of them. */
export function parseRebuildArgs(args: readonly string[]): number[] | undefined {
  if (args.length === 0) return undefined;
  const ids: number[] = [];
  for (let index = 0; index < args.length; index += 2) {
    const id = Number(args[index + 1]);
    if (args[index] !== "--property" || !Number.isSafeInteger(id) || id <= 0) throw new CliError(usage);
    ids.push(id);
  }
  return ids;
}

export async function runRebuildPropertyRollups(args: readonly string[], options: CliOptions = {}): Promise<number> {
  return runDatabaseCommand(args, options, parseRebuildArgs, async (db, propertyIds, io) => {
    const started = performance.now();
    const ids =
      propertyIds ?? (await db.selectFrom("properties").select("id").orderBy("id").execute()).map((row) => row.id);
    const known = new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom("properties").select("id").where("id", "in", ids).execute()).map((row) => row.id),
    );
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new CliError(`No property with id ${unknown.join(", ")}`);
    await rebuildPropertyRollups(db, ids);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(`Rebuilt the property rollups of ${ids.length} propert${ids.length === 1 ? "y" : "ies"} in ${seconds} s.`);
    return 0;
  });
}

runWhenEntryPoint(import.meta.url, (args) => runRebuildPropertyRollups(args));
