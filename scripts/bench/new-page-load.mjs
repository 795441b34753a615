/**
 * The new-page mix under load (run.mjs, issue 45 item 1a): the demo residents signed in
 * (signInTheResidents, three sessions each), every request a URL not asked for before in the run
 * (new-page-mix.mjs), sessions signed in again before their access token would be refreshed.
 * Printed beside the bare page: req/s, p50/p99, errors, CPU ms per request of the portal and the
 * back-end, and the share of pages the portal kept (about none: every URL is new).
 */
import { connections, limits, loadSeconds, PASSWORD, say, stopping } from "./context.mjs";
import { signIn } from "./http.mjs";
import { keptText } from "./load.mjs";
import { cpuText, figures, measuredLoad, pageHeaders, shortWarmupSeconds, signInTheResidents } from "./mix-load.mjs";
import { makeNewPageDraw, portalInBarePages, reSignInAfterMs } from "./new-page-mix.mjs";
import { childCpuSeconds, serverNameOf } from "./processes.mjs";
import { details, fmt, notMeasured, p99Row, reasonOf, row } from "./table.mjs";

/**
 * Signs each session in again once it is `maxAgeMs` old, one at a time, until stopped; the draw
 * reads the session's cookie at each request, so the next request carries the new one.
 * @param {string} base
 * @param {{ email: string, cookie: string, signedInAt: number }[]} sessions
 * @param {number} maxAgeMs
 */
export function keepSignedIn(base, sessions, maxAgeMs) {
  let stopped = false;
  let renewed = 0;
  const loop = (async () => {
    while (!stopped && !stopping) {
      for (const session of sessions) {
        if (stopped) break;
        if (Date.now() - session.signedInAt < maxAgeMs) continue;
        try {
          const again = await signIn(base, session.email, PASSWORD);
          session.cookie = again.jar.header();
          session.signedInAt = Date.now();
          renewed++;
        } catch (error) {
          say(`  ${session.email} could not sign in again: ${reasonOf(error)}`);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return renewed;
    },
  };
}

/** Portal plus back-end CPU ms per request, from measuredLoad's figures. @param {Record<string, number | null>} perRequest */
export const serversCpuMs = (perRequest) =>
  Object.entries(perRequest)
    .filter(([cmd]) => ["portal", "back-end"].includes(serverNameOf(cmd)))
    .reduce((sum, [, ms]) => sum + (ms ?? Number.NaN), 0);

/**
 * The new-page mix's draw on a portal (makeNewPageDraw, with pages as a browser asks for them) and
 * its sessions: the demo residents signed in (three sessions each), each with its tenancies and
 * their consumption pages. One draw never asks a URL twice, so a run keeps one for all its turns.
 * @param {string} base
 */
export async function newPageDraw(base) {
  const today = new Date().toISOString().slice(0, 10);
  const signedIn = await signInTheResidents(base, { checkUrls: false, today });
  const sessions = signedIn.sessions.map((s) => ({
    email: s.email,
    cookie: s.cookie,
    signedInAt: s.signedInAt,
    tenancies: Object.entries(
      /** @type {Record<string, string[]>} */ (signedIn.residents.find((r) => r.email === s.email)?.tenancies ?? {}),
    ).map(([id, quantities]) => ({ id, quantities })),
  }));
  return {
    draw: makeNewPageDraw(sessions, { today, headers: pageHeaders }),
    sessions,
    residents: signedIn.residents.length,
  };
}

/**
 * @param {string} base
 * @param {number | undefined} portalPid
 * @param {{ seconds?: number, warmup?: number, rows?: boolean }} [options] rows: false for bench:ab,
 * which prints its own table
 */
export async function newPageMixUnderLoad(base, portalPid, { seconds = loadSeconds, warmup, rows = true } = {}) {
  const name = `New-page mix (every URL new: 30 % dashboards, 70 % consumption pages): ${connections} connections, ${seconds} s`;
  try {
    const { draw, sessions, residents } = await newPageDraw(base);
    const keeper = keepSignedIn(base, sessions, reSignInAfterMs());
    say(
      `load: the new-page mix, ${sessions.length} sessions of ${residents} residents, ${connections} connections, ${warmup ?? shortWarmupSeconds} s warm-up (new URLs too), then ${seconds} s…`,
    );
    let measured;
    try {
      measured = await measuredLoad(base, { cpu: () => childCpuSeconds(portalPid), next: draw, seconds, warmup });
    } finally {
      const renewed = await keeper.stop();
      if (renewed) say(`  ${renewed} sessions signed in again during the load`);
    }
    const l = measured.load;
    const result = {
      sessions: sessions.length,
      residents,
      urlsAsked: draw.asked.size,
      ...l,
      cpuSecondsDuringLoad: measured.cpuSeconds,
      cpuMsPerRequest: measured.cpuMsPerRequest,
      serversCpuMsPerRequest: serversCpuMs(measured.cpuMsPerRequest),
    };
    if (rows) details.newPageMix = result;
    say(
      `  the new-page mix: ${figures(l)}; CPU ms per request: ${cpuText(measured.cpuMsPerRequest)}; ${keptText(l)}; ${draw.asked.size} distinct URLs`,
    );
    for (const [kind, k] of Object.entries(l.kinds)) say(`  ${kind}: ${figures(k)} (${fmt(k.share * 100, 0)} %)`);
    if (rows) newPageRows(name, result);
    return result;
  } catch (error) {
    if (rows) {
      notMeasured(`${name}, throughput against the bare page's`, `≥ ${limits.newPageShareOfBare} %`, reasonOf(error));
      notMeasured(`${name}, p99`, `≤ ${limits.newPageP99Ms} ms`, reasonOf(error));
    }
    if (!rows) throw error;
    return undefined;
  }
}

/**
 * The portal's CPU per new page in bare pages (ADR 0079): the portal, one process on one core,
 * sets the mix's throughput, so 25 % of the bare page's is at most 4 bare pages of portal CPU.
 * Empty when either figure is missing.
 * @param {Record<string, number | null>} perRequest
 */
function inBarePages(perRequest) {
  const bare = details.barePage?.uncompressed?.cpuMsPerRequest?.["bare page server"];
  const portal = Object.entries(perRequest).find(([cmd]) => serverNameOf(cmd) === "portal")?.[1];
  return portalInBarePages(portal, bare);
}

/**
 * The new-page mix's rows: its throughput against the uncompressed bare page's (measured earlier in
 * the run), its p99, the CPU per page of the portal and the back-end (issue 45's targets).
 * @param {string} name
 * @param {{ requestsPerSecond: number, latencyMs: { p50: number, p99: number }, errors: { total: number, non2xx: number },
 * errorSamples: string[], served?: Record<string, number>, completed: number, serversCpuMsPerRequest: number,
 * cpuMsPerRequest: Record<string, number | null> }} l
 */
function newPageRows(name, l) {
  const bare = details.barePage?.uncompressed?.requestsPerSecond;
  const share = Number.isFinite(bare) && bare ? (l.requestsPerSecond / bare) * 100 : Number.NaN;
  const errors = `${l.errors.total} errors${l.errorSamples.length ? `: ${l.errorSamples.slice(0, 2).join("; ")}` : ""}`;
  row(
    `${name}, throughput against the bare page's (no compression)`,
    `≥ ${limits.newPageShareOfBare} %`,
    `${fmt(share, 0)} % (${fmt(l.requestsPerSecond, 0)} against ${fmt(bare, 0)} req/s; ${l.completed} requests, ${errors}; ${keptText(l)})`,
    share >= limits.newPageShareOfBare && l.errors.total === 0 ? "ok" : "OVER",
    { value: l.requestsPerSecond, unit: "req/s" },
  );
  p99Row(`${name}, p99`, limits.newPageP99Ms, l);
  row(
    `${name}, CPU per page (portal + back-end)`,
    `≤ ${limits.newPageCpuMs} ms`,
    `${fmt(l.serversCpuMsPerRequest, 1)} ms (${cpuText(l.cpuMsPerRequest)}${inBarePages(l.cpuMsPerRequest)})`,
    l.serversCpuMsPerRequest <= limits.newPageCpuMs ? "ok" : "OVER",
    { value: l.serversCpuMsPerRequest, unit: "ms" },
  );
}
