/**
 * One round of a variant as bench:ab and bench:patches measure it (issue 45 item 3): the stack
 * started on its own copy of the seeded data and left until quiet, then put under each load, the
 * new-page mix (new-page-load.mjs) and the session replay without and with JavaScript
 * (replay-load.mjs), each after a short warm-up.
 */
import { writeFileSync } from "node:fs";
import { stopping, waitForPortal } from "./context.mjs";
import { newPageMixUnderLoad } from "./new-page-load.mjs";
import { startPortal, untilQuiet } from "./processes.mjs";
import { replayPortalEnv, replayResidentsOf, replayUnderLoad } from "./replay-load.mjs";

/** Each load's warm-up in a round, in seconds (the servers have just started). */
export const abWarmupSeconds = 3;

/**
 * Starts the built stack in `cwd` (this checkout when undefined) on `dataDir`, as the replay needs
 * it (TRUST_PROXY for its residents' addresses); resolves when its servers are quiet.
 * @param {{ cwd?: string, dataDir: string, log: string, firstPort: number, firstBackendPort: number }} options
 */
export async function startQuiet({ cwd, dataDir, log, firstPort, firstBackendPort }) {
  writeFileSync(log, "");
  const stack = await startPortal({ firstPort, firstBackendPort, cwd, dataDir, log, env: replayPortalEnv });
  await waitForPortal(stack.portal, stack.base, log);
  await untilQuiet(stack.portal.child.pid, () => stopping);
  return stack;
}

/**
 * Each load in turn on a started stack; per load its round: req/s, p50, p99, CPU ms per request of
 * the portal and the back-end together, errors.
 * @param {{ base: string, portal: { child: { pid?: number } } }} stack
 * @param {{ loads: string[], seconds: number }} options
 * @returns {Promise<Record<string, import("./ab-figures.mjs").AbRound>>}
 */
export async function measureLoads(stack, { loads, seconds }) {
  const pid = stack.portal.child.pid;
  const warmup = abWarmupSeconds;
  /** @type {Record<string, import("./ab-figures.mjs").AbRound>} */
  const rounds = {};
  /** @type {import("./replay.mjs").VirtualResident[] | undefined} */
  let residents;
  for (const load of loads) {
    if (stopping) break;
    if (load !== "new-pages" && !residents) residents = await replayResidentsOf(stack.base);
    const l =
      load === "new-pages"
        ? await newPageMixUnderLoad(stack.base, pid, { seconds, warmup, rows: false })
        : await replayUnderLoad(stack.base, pid, {
            js: load === "replay-js",
            residents: residents ?? [],
            seconds,
            warmup,
            rows: false,
          });
    if (l)
      rounds[load] = {
        rps: l.requestsPerSecond,
        p50: l.latencyMs.p50,
        p99: l.latencyMs.p99,
        cpuMs: l.serversCpuMsPerRequest,
        errors: l.errors.total,
      };
  }
  return rounds;
}
