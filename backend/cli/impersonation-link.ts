/**
 * `npm run -s impersonation-link -- <email>` prints a one-time support sign-in link,
 * `${PORTAL_URL}/impersonate/{token}`, for an existing user of DATA_DIR's database. The token
 * works once, for 15 minutes; the session it opens ends 60 minutes after it is used (ADR 0009).
 * Only the link goes to stdout (so scripts can capture it); an unknown e-mail exits 1.
 */
import { createImpersonationLink, ImpersonationTargetError } from "../services/impersonation";
import { type CliOptions, exitCodeOf, processIo, runWhenEntryPoint, withCliDatabase } from "./cli-database";

const usage = "Usage: npm run -s impersonation-link -- <email>";

export async function runImpersonationLink(
  args: readonly string[],
  options: CliOptions & { now?: Date } = {},
): Promise<number> {
  const io = options.io ?? processIo;
  const emails = args.filter((arg) => !arg.startsWith("-"));
  if (emails.length !== 1 || args.includes("--help") || args.includes("-h")) {
    io.err(usage);
    return emails.length === 1 ? 0 : 1;
  }
  return exitCodeOf(
    io,
    () =>
      withCliDatabase(options, async (db, environment) => {
        const { link, expiresAt } = await createImpersonationLink(db, {
          email: emails[0] ?? "",
          portalUrl: environment.portalUrl,
          now: options.now ?? new Date(),
        });
        io.out(link);
        io.err(
          `One-time link; use it before ${expiresAt.toISOString()}. The session ends 60 minutes after it is opened.`,
        );
        return 0;
      }),
    (error) => error instanceof ImpersonationTargetError,
  );
}

runWhenEntryPoint(import.meta.url, (args) => runImpersonationLink(args));
