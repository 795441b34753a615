import { freePort } from "./bench/processes.mjs";

/** The end-to-end run's ports and their defaults (tests/e2e/env.ts reads the same variables). */
export const e2ePortDefaults = {
  E2E_PORT: 3100,
  E2E_BACKEND_PORT: 4100,
  E2E_OIDC_PORT: 4150,
  E2E_APPLE_OIDC_PORT: 4160,
  E2E_CLOSED_PORT: 4199,
};

/**
 * The variables to set so the end-to-end run finds its ports free: none when the defaults are,
 * otherwise the next free ones for those in use (a developer's portal, a process left over from an
 * interrupted run), which would fail the whole suite with "port already used". The portal's port
 * comes with the next one (the "back-end is down" portal); E2E_CLOSED_PORT is where nothing may
 * listen. Ports already set in `env` are kept as they are.
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<Record<string, string>>}
 */
export async function e2ePorts(env = {}) {
  /** @type {Record<string, string>} */
  const chosen = {};
  const taken = Object.keys(e2ePortDefaults)
    .filter((name) => env[name])
    .flatMap((name) => (name === "E2E_PORT" ? [Number(env[name]), Number(env[name]) + 1] : [Number(env[name])]));
  for (const [name, start] of Object.entries(e2ePortDefaults)) {
    if (env[name]) continue;
    const pair = name === "E2E_PORT";
    let port = await freePort(start, taken);
    // Until the port after it is free too: the next free one is the next candidate.
    while (pair) {
      const next = await freePort(port + 1, taken);
      if (next === port + 1) break;
      port = next;
    }
    if (port !== start) chosen[name] = String(port);
    taken.push(port, ...(pair ? [port + 1] : []));
  }
  return chosen;
}
