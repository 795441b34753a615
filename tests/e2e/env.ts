import path from "node:path";

/** Ports, paths and secrets of the end-to-end run (away from the defaults a developer may be using). */
const port = Number(process.env.E2E_PORT ?? 3100);
const downPort = port + 1;
export const e2e = {
  port,
  backendPort: Number(process.env.E2E_BACKEND_PORT ?? 4100),
  downPort,
  /** Nothing listens here: the "back-end is down" portal points at it. */
  closedPort: Number(process.env.E2E_CLOSED_PORT ?? 4199),
  baseURL: `http://127.0.0.1:${port}`,
  downBaseURL: `http://127.0.0.1:${downPort}`,
  dataDir: path.resolve(process.env.E2E_DATA_DIR ?? ".cache/e2e-data"),
  sessionSecret: "e2e-session-secret-not-for-production",
  chromiumPath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  /** Short-lived access tokens, so a test can watch the portal refresh them. */
  accessTokenTtlSeconds: 40,
  refreshLeadSeconds: 30,
  impersonationSessionSeconds: 25,
  oidcPort: Number(process.env.E2E_OIDC_PORT ?? 4150),
  get oidcIssuer() {
    return `http://127.0.0.1:${this.oidcPort}`;
  },
};
