/** The command line of db:copy, and keeping the database password out of everything it prints. */
import { isPostgresUrl } from "../db/database";
import { CliError } from "./cli-database";

const usage = [
  "Usage: npm run db:copy -- --to postgres://user@host:port/database [--from file.sqlite] [--replace]",
  "  --to       the PostgreSQL database to fill (its password may also come from PGPASSWORD or ~/.pgpass)",
  "  --from     the SQLite database to copy (default: DATA_DIR/portal.sqlite)",
  "  --replace  empty the target first when it already holds data",
].join("\n");

export interface DbCopyArgs {
  to: string;
  from?: string;
  replace: boolean;
}

export function parseArgs(args: readonly string[]): DbCopyArgs {
  let to: string | undefined;
  let from: string | undefined;
  let replace = false;
  for (let index = 0; index < args.length; index += 1) {
    let arg = args[index] ?? "";
    let inline: string | undefined;
    const equals = /^(--to|--from)=(.*)$/s.exec(arg);
    if (equals !== null) [, arg = "", inline] = equals;
    const value = () => {
      if (inline !== undefined) return inline;
      const next = args[index + 1];
      if (next === undefined || next.startsWith("--")) throw new CliError(`${arg} needs a value\n${usage}`);
      index += 1;
      return next;
    };
    if (arg === "--to") to = value();
    else if (arg === "--from") from = value();
    else if (arg === "--replace") replace = true;
    else if (arg === "--help" || arg === "-h") throw new CliError(usage);
    else throw new CliError(`Unknown argument ${redactArgument(arg)}\n${usage}`);
  }
  if (to === undefined) throw new CliError(`--to is required\n${usage}`);
  if (!isPostgresUrl(to)) throw new CliError(`--to must be a postgres:// or postgresql:// URL\n${usage}`);
  if (from !== undefined && isPostgresUrl(from)) throw new CliError(`--from is a SQLite file, not a URL\n${usage}`);
  return { to, from, replace };
}

/** A URL as it may be printed: without its password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    for (const key of [...parsed.searchParams.keys()]) if (/^password$/i.test(key)) parsed.searchParams.set(key, "***");
    return parsed.toString();
  } catch {
    return "(the URL given)";
  }
}

/** An unknown argument may be a mistyped URL with a password in it. */
function redactArgument(arg: string): string {
  return /:\/\//.test(arg) ? redactUrl(arg) : arg;
}

/** Every secret the URL carries, to be blanked out of error messages. */
export function secretsOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secrets = [parsed.password, decodeURIComponent(parsed.password), parsed.searchParams.get("password") ?? ""];
    return secrets.filter((secret) => secret.length >= 3);
  } catch {
    return [];
  }
}
