import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "../app";
import { demoAccounts } from "../db/seed/demo-accounts";
import { silentLogger } from "../logger";
import { insertDueHeatAlarm } from "../testing/due-alarm";
import { firstErrorCode, graphql } from "../testing/graphql";
import { runAlarmsEvaluate } from "./alarms-evaluate";
import type { CliIo } from "./cli-database";
import { runImpersonationLink } from "./impersonation-link";
import { runOutbox } from "./outbox";

let dataDir: string;
const portalUrl = "http://portal.example:3000";
const jwtSecret = "support-commands-test-secret-0123456789";

function recordingIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

/** The back-end on DATA_DIR's database, as `npm start` would open it. */
const openBackend = () =>
  createBackend({ databasePath: join(dataDir, "portal.sqlite"), seedDemo: true, jwtSecret, logger: silentLogger });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "backend-cli-"));
  await (await openBackend()).close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = () => ({ DATA_DIR: dataDir, PORTAL_URL: `${portalUrl}/` });

describe("npm run impersonation-link", () => {
  it("prints a one-time link that signs in as the user exactly once", async () => {
    const io = recordingIo();
    expect(await runImpersonationLink([demoAccounts.emma.email.toUpperCase()], { env: env(), io })).toBe(0);
    expect(io.stdout).toHaveLength(1);
    const link = io.stdout[0]!;
    const match = /^http:\/\/portal\.example:3000\/impersonate\/([A-Za-z0-9_-]{43})$/.exec(link);
    expect(match).not.toBeNull();

    const backend = await openBackend();
    try {
      const mutation = `mutation($t: String!) { impersonate(token: $t) { payload { email impersonated } } }`;
      const first = await graphql<{ impersonate: { payload: { email: string; impersonated: boolean } } }>(
        backend,
        "account",
        mutation,
        {
          variables: { t: match![1] },
        },
      );
      expect(first.body.data?.impersonate.payload).toEqual({ email: demoAccounts.emma.email, impersonated: true });
      const second = await graphql(backend, "account", mutation, { variables: { t: match![1] } });
      expect(firstErrorCode(second)).toBe("INVALID_TOKEN");
    } finally {
      await backend.close();
    }
  });

  it("exits 1 with a clear message for an unknown e-mail, a missing argument or a missing database", async () => {
    const unknown = recordingIo();
    expect(await runImpersonationLink(["nobody@example.test"], { env: env(), io: unknown })).toBe(1);
    expect(unknown.stdout).toEqual([]);
    expect(unknown.stderr.join("\n")).toContain("No user with the e-mail nobody@example.test");

    const missing = recordingIo();
    expect(await runImpersonationLink([], { env: env(), io: missing })).toBe(1);
    expect(missing.stderr.join("\n")).toContain("Usage");

    const noDatabase = recordingIo();
    const empty = join(dataDir, "empty");
    expect(await runImpersonationLink([demoAccounts.emma.email], { env: { DATA_DIR: empty }, io: noDatabase })).toBe(1);
    expect(noDatabase.stderr.join("\n")).toContain("No database at");
  });
});

describe("npm run outbox", () => {
  it("prints the newest e-mails with their links, filtered by address, also as JSON", async () => {
    const backend = await createBackend({
      databasePath: join(dataDir, "portal.sqlite"),
      jwtSecret,
      logger: silentLogger,
      accountFlows: { portalUrl },
    });
    try {
      for (const email of [demoAccounts.anna.email, demoAccounts.jens.email]) {
        await graphql(backend, "account", `mutation($e: String!) { requestPasswordReset(email: $e) { ok } }`, {
          variables: { e: email },
        });
      }
    } finally {
      await backend.close();
    }

    const all = recordingIo();
    expect(await runOutbox([], { env: env(), io: all })).toBe(0);
    const printed = all.stdout.join("\n");
    expect(printed.indexOf(`to ${demoAccounts.jens.email}`)).toBeLessThan(
      printed.indexOf(`to ${demoAccounts.anna.email}`),
    );
    expect(printed).toMatch(
      /link: http:\/\/portal\.example:3000\/set-password\?token=[A-Za-z0-9_-]{43}&email=anna%40demo\.test/,
    );

    const json = recordingIo();
    expect(await runOutbox([demoAccounts.anna.email, "--json", "--limit", "1"], { env: env(), io: json })).toBe(0);
    const messages = JSON.parse(json.stdout.join("\n")) as { to: string; subject: string; links: string[] }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: demoAccounts.anna.email, subject: "Mit Forbrug: Nulstil din adgangskode" });
    const link = new URL(messages[0]!.links[0]!);
    expect(link.pathname).toBe("/set-password");
    expect(link.searchParams.get("email")).toBe(demoAccounts.anna.email);

    const nothing = recordingIo();
    expect(await runOutbox(["nobody@example.test"], { env: env(), io: nothing })).toBe(0);
    expect(nothing.stderr).toEqual(["No e-mails to nobody@example.test."]);

    const bad = recordingIo();
    expect(await runOutbox(["--limit", "zero"], { env: env(), io: bad })).toBe(1);
  });

  it("prints each message's headers (List-Unsubscribe of the weekly update; {} for none), also as JSON", async () => {
    const backend = await createBackend({
      databasePath: join(dataDir, "portal.sqlite"),
      jwtSecret,
      logger: silentLogger,
    });
    const headers = {
      "List-Unsubscribe": "<http://portal.example:3000/unsubscribe/weekly-update/wu.1.x?lng=da>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    try {
      await backend.mailer.send({ to: "headers@example.test", subject: "plain", text: "a\n", html: "<p>a</p>" });
      await backend.mailer.send({
        to: "headers@example.test",
        subject: "weekly",
        text: "b\n",
        html: "<p>b</p>",
        headers,
      });
    } finally {
      await backend.close();
    }
    const json = recordingIo();
    expect(await runOutbox(["headers@example.test", "--json"], { env: env(), io: json })).toBe(0);
    const messages = JSON.parse(json.stdout.join("\n")) as { subject: string; headers: Record<string, string> }[];
    expect(messages.map(({ subject, headers }) => ({ subject, headers }))).toEqual([
      { subject: "weekly", headers },
      { subject: "plain", headers: {} },
    ]);
    const lines = recordingIo();
    expect(await runOutbox(["headers@example.test"], { env: env(), io: lines })).toBe(0);
    expect(lines.stdout).toContain("  List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});

describe("npm run alarms:evaluate", () => {
  it("evaluates the alarms of DATA_DIR's database once as of --at, and again adds nothing", async () => {
    const backend = await openBackend();
    try {
      // Only this test's alarm: the demo's own (seed step 0008) would be counted too.
      await backend.db.deleteFrom("alarms").execute();
      await insertDueHeatAlarm(backend.db);
    } finally {
      await backend.close();
    }
    const io = recordingIo();
    expect(await runAlarmsEvaluate(["--at", "2026-11-21T06:00:00Z"], { env: env(), io })).toBe(0);
    expect(io.stdout[0]).toBe("Evaluated 1 alarm period(s) as of 2026-11-21T06:00:00.000Z: 1 new notification(s).");
    // And the watches that are on (the demo's, seed step 0014): on 21 November only the heating watch
    // has days to judge (the leak watch looks back from 22 November), and nothing new to find.
    expect(io.stdout).toContain("Evaluated 1 watch(es): 0 new notification(s).");
    const again = recordingIo();
    expect(await runAlarmsEvaluate(["--at", "2026-11-21T06:00:00Z"], { env: env(), io: again })).toBe(0);
    expect(again.stdout[0]).toContain(": 0 new notification(s).");
    const bad = recordingIo();
    expect(await runAlarmsEvaluate(["--at", "yesterday"], { env: env(), io: bad })).toBe(1);
    expect(bad.stderr[0]).toMatch(/^Usage: npm run alarms:evaluate/);
  });
});
