/**
 * `npm run bench:auth`: what the session-revocation check (ADR 0020) costs per authenticated call.
 *
 * Every authenticated back-end call reads its caller once. Before ADR 0020 that was one lookup of
 * the user by primary key; now it is one statement that also looks the token's session (its
 * refresh-token family) up by primary key and checks that it is not revoked. This bench times both
 * statements on the same database (a file on disk, WAL, the statement cache, as the back-end runs)
 * with 20 000 sessions of 2 000 users in token_families, and a whole authenticated GraphQL call
 * (`{ me { email } }`) for scale. It prints one line per measurement:
 *
 *   <name>: mean=<µs> µs p50=<µs> µs p95=<µs> µs
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBackend } from "../app";
import { silentLogger } from "../logger";
import { hashPassword } from "../services/passwords";
import { graphqlData, signInToUsers } from "../testing/graphql";

const USERS = 2_000;
const SESSIONS_PER_USER = 10;
const RUNS = 20_000;
const PASSWORD = "Bench-Password-2026!";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(name: string, runs: number, run: (index: number) => Promise<unknown>): Promise<number> {
  for (let index = 0; index < 200; index++) await run(index); // warm-up
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run(index);
    samples.push((performance.now() - started) * 1000);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((sum, sample) => sum + sample, 0) / samples.length;
  console.log(
    `${name}: mean=${mean.toFixed(1)} µs p50=${percentile(samples, 50).toFixed(1)} µs p95=${percentile(samples, 95).toFixed(1)} µs`,
  );
  return mean;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "auth-bench-"));
  const backend = await createBackend({ databasePath: join(dir, "bench.sqlite"), logger: silentLogger });
  try {
    const db = backend.db;
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(PASSWORD);
    await db.transaction().execute(async (trx) => {
      for (let user = 1; user <= USERS; user++) {
        await trx
          .insertInto("users")
          .values({
            id: user,
            email: `bench-${user}@bench.test`,
            password_hash: passwordHash,
            name: "Bench",
            language: "en",
            user_type: "EMAIL_PASSWORD",
            created_at: now,
          })
          .execute();
        await trx
          .insertInto("token_families")
          .values(
            Array.from({ length: SESSIONS_PER_USER }, (_, session) => ({
              id: `family-${user}-${session}`,
              user_id: user,
              service: session % 2 === 0 ? ("account" as const) : ("users" as const),
              created_at: now,
              // Half of the older sessions were logged out.
              revoked_at: session < SESSIONS_PER_USER / 2 && session % 3 === 0 ? now : null,
            })),
          )
          .execute();
      }
    });
    console.log(`# ${USERS} users, ${USERS * SESSIONS_PER_USER} sessions in token_families, ${RUNS} runs each`);

    const userOf = (index: number) => 1 + ((index * 7919) % USERS);
    const before = await time("caller lookup before ADR 0020 (user by id)", RUNS, (index) =>
      db.selectFrom("users").selectAll().where("id", "=", userOf(index)).executeTakeFirst(),
    );
    const after = await time("caller lookup with the revocation check (session joined with user)", RUNS, (index) => {
      const user = userOf(index);
      return db
        .selectFrom("token_families")
        .innerJoin("users", "users.id", "token_families.user_id")
        .selectAll("users")
        .where("token_families.id", "=", `family-${user}-7`)
        .where("token_families.revoked_at", "is", null)
        .where("token_families.service", "=", "users")
        .where("users.id", "=", user)
        .executeTakeFirst();
    });
    console.log(`# the check adds ${(after - before).toFixed(1)} µs per authenticated call`);

    const { token } = await signInToUsers(backend, "bench-1@bench.test", PASSWORD);
    await time("whole authenticated call { me { email } } through the GraphQL endpoint", RUNS / 10, () =>
      graphqlData(backend, "users", "{ me { email } }", { token }),
    );
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
