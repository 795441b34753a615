import path from "node:path";
import { chromiumPath } from "../../scripts/chromium.mjs";

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
  chromiumPath,
  /** Short-lived access tokens, so a test can watch the portal refresh them. */
  accessTokenTtlSeconds: 40,
  refreshLeadSeconds: 30,
  impersonationSessionSeconds: 25,
  /**
   * The demo units whose readings the run seeds (DEMO_READINGS_UNITS), not all 32: about 2.6 of the
   * demo's 9 million readings, so the seed does not hold up a busy machine (ADR 0023). The demo
   * residents' homes (Emma 8, Anna 9, the activation target 13, Jens 19 and 22) and four neighbours,
   * two per staircase: every quantity, gas (staircase B only) included, keeps at least three other
   * units with data, so property averages and ratings exist. A test that needs another unit's figures
   * adds the unit here: 5, 6 and 7 give Anna's property 11 other homes with heat, so her efficient
   * neighbours (at least 10, ADR 0073) have a figure.
   */
  readingsUnits: [1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 19, 22],
  oidcPort: Number(process.env.E2E_OIDC_PORT ?? 4150),
  get oidcIssuer() {
    return `http://127.0.0.1:${this.oidcPort}`;
  },
  /**
   * The OpenID provider standing in for Apple (ADR 0056). On "localhost", another site than the
   * portal's 127.0.0.1: its form post to the portal is cross-site, as Apple's is, and carries no
   * SameSite=Lax cookie.
   */
  appleOidcPort: Number(process.env.E2E_APPLE_OIDC_PORT ?? 4160),
  get appleIssuer() {
    return `http://localhost:${this.appleOidcPort}`;
  },
  appleClientId: "dk.example.portal-e2e.web",
};
