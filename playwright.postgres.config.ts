import { defineConfig } from "@playwright/test";
import base from "./playwright.config";
import { e2e } from "./tests/e2e/env";

/**
 * The multi-instance end-to-end run: the sign-in, abuse-limit, alarm and report flows and the
 * efficient neighbours' figure against two portals and two back-ends sharing one PostgreSQL
 * database (E2E_DATABASE_URL, a fresh database `npm test` makes on TEST_DATABASE_URL's server),
 * behind a proxy that alternates between the portals on every request (scripts/e2e-instances.mjs).
 * The specs read the database through tests/e2e/test-database.ts, which speaks PostgreSQL when
 * E2E_DATABASE_URL is set.
 */
const databaseUrl = process.env.E2E_DATABASE_URL;
if (!databaseUrl) throw new Error("E2E_DATABASE_URL must name the PostgreSQL database of this run");

type WebServer = Extract<NonNullable<typeof base.webServer>, unknown[]>[number];
const [oidcProvider, portal] = base.webServer as WebServer[];

export default defineConfig({
  ...base,
  // efficient-neighbours.spec.ts: the figure from PostgreSQL's raw readings (issue 46 item 4), its
  // English page with JavaScript and Ida's words only (the spec skips the rest here).
  testMatch: [
    "login.spec.ts",
    "abuse.spec.ts",
    "alarms.spec.ts",
    "reports.spec.ts",
    "multi-instance.spec.ts",
    "efficient-neighbours.spec.ts",
    // The watches (issue 47): their settings and the demo's notifications against PostgreSQL's raw readings.
    "watches.spec.ts",
    // The weekly update (issue 47 item 4): one e-mail however many back-ends run the schedule.
    "weekly-update.spec.ts",
  ],
  // What this run adds is the database and the two instances: the portals' JavaScript is the same
  // on either database and is checked by the SQLite run. So the specs run once, without JavaScript
  // (each flow's posts and redirects reach both portals), and with JavaScript only where the
  // browser's own requests (`.data` fetches alternating between the portals) are what is tested:
  // signing in and the multi-instance spec; and the efficient neighbours' English page, which this
  // run checks with JavaScript only. About half of this run's time on the CI machine.
  projects: (base.projects ?? []).map((project) =>
    project.name === "js"
      ? { ...project, testMatch: ["login.spec.ts", "multi-instance.spec.ts", "efficient-neighbours.spec.ts"] }
      : project,
  ),
  reporter: [["list"], ["json", { outputFile: "reports/playwright-postgres.json" }]],
  webServer: [
    oidcProvider!,
    {
      ...portal!,
      command: `rm -rf "${e2e.dataDir}" && node scripts/e2e-instances.mjs`,
      env: {
        ...portal!.env,
        DATABASE_URL: databaseUrl,
        // Both back-ends sign the same tokens.
        JWT_SECRET: "e2e-jwt-secret-shared-by-both-back-ends-not-for-production",
      },
    },
  ],
});
