/**
 * One run at a time across every back-end instance (ADR 0032). On PostgreSQL a job takes
 * a session-level advisory lock named after it on a connection of its own for as long as it runs:
 * another instance that reaches the same job meanwhile skips it (or, with `wait`, waits its turn),
 * and an instance that dies mid-job loses its connection and with it the lock, so the next run of
 * any instance takes the job up again. Every job is idempotent by the database's unique keys
 * (alarm evaluations per alarm and period, reports per tenancy and month, e-mails claimed once), so
 * a run that starts over after a crash finishes the work without repeating what was committed.
 *
 * On SQLite the back-end is one process (ADR 0031): its schedule already runs one job at a time.
 */
import { type Kysely, sql } from "kysely";
import { isPostgres } from "../db/migrations/dialect";
import type { Database } from "../db/types";

export type JobLockResult<T> = { ran: true; value: T } | { ran: false };

export async function withJobLock<T>(
  db: Kysely<Database>,
  name: string,
  run: () => Promise<T>,
  options: { wait?: boolean } = {},
): Promise<JobLockResult<T>> {
  if (!isPostgres(db)) return { ran: true, value: await run() };
  return db.connection().execute(async (connection) => {
    const key = sql`hashtextextended(${`tenant-portal:${name}`}, 0)`;
    if (options.wait === true) {
      await sql`select pg_advisory_lock(${key})`.execute(connection);
    } else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
        connection,
      );
      if (rows[0]?.locked !== true) return { ran: false } as const;
    }
    try {
      return { ran: true, value: await run() } as const;
    } finally {
      // A connection the server already dropped holds no lock any more.
      await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => undefined);
    }
  });
}
