/**
 * The bench's realistic load beside a bare page (run.mjs steps 4a and 4b, issue 27):
 *   - barePage: the bare Remix page of scripts/bench/bare, built and served by its own small
 *     express server, without and with the `compression` middleware at the portal's settings,
 *     each under the same load as the portal's pages;
 *   - consumptionAlone: the consumption page's default view alone, as the dashboard is measured;
 *   - mixUnderLoad: every demo resident's pages from many sessions at once (mix.mjs), with the
 *     figures of the whole and of each page kind;
 *   - comparisonRows: the issue's two checks as budget rows.
 * Every load is `connections` connections for `loadSeconds`, after a warm-up that is not counted;
 * CPU per request is read from /proc as for the dashboard (processes.mjs).
 */
import { rmSync } from "node:fs";
import path from "node:path";
import {
  ANNA,
  browserAcceptEncoding,
  connections,
  limits,
  loadSeconds,
  PASSWORD,
  root,
  say,
  serverLog,
  stopping,
  warmupSeconds,
} from "./context.mjs";
import { request, signIn, waitFor } from "./http.mjs";
import { keptText, loadTest } from "./load.mjs";
import { demoResidents, kindShares, makeDraw, mixUrls, quantitiesIn, tenancyIdsIn } from "./mix.mjs";
import {
  childCpuSeconds,
  freePort,
  ownCpuSeconds,
  runToEnd,
  serverNameOf,
  startProcess,
  stopProcess,
} from "./processes.mjs";
import { details, fmt, notMeasured, oneUrlRow, reasonOf, row } from "./table.mjs";

/**
 * Signs every demo resident in `sessionsPerResident` times and finds each one's tenancies and
 * their consumption pages. With `checkUrls` (the mix's default) each of the mix's URLs is asked
 * for once and kept only when it answers 200; without it the sessions have no URLs (the new-page
 * mix makes its own from `residents`).
 * @param {string} base
 * @param {{ sessionsPerResident?: number, today?: string, checkUrls?: boolean }} [options]
 * @returns {Promise<{ sessions: (import("./mix.mjs").MixSession & { signedInAt: number })[], residents: { email: string, tenancies: Record<string, string[]> }[], leftOut: string[] }>}
 */
export async function signInTheResidents(
  base,
  { sessionsPerResident = 3, today = new Date().toISOString().slice(0, 10), checkUrls = true } = {},
) {
  /** @type {(import("./mix.mjs").MixSession & { signedInAt: number })[]} */
  const sessions = [];
  /** @type {{ email: string, tenancies: Record<string, string[]> }[]} */
  const residents = [];
  /** @type {string[]} the URLs that did not answer 200 before the load, with their status */
  const leftOut = [];
  for (const email of demoResidents) {
    let signedIn;
    try {
      signedIn = await signIn(base, email, PASSWORD);
    } catch (error) {
      say(`  mix: ${email} could not sign in (${/** @type {Error} */ (error).message}); left out`);
      continue;
    }
    const landing = await request(base, signedIn.landing.pathname, { jar: signedIn.jar, maxRedirects: 0 });
    const ids = tenancyIdsIn(landing.body);
    const own = signedIn.landing.pathname.match(/^\/t\/(\d+)/)?.[1];
    if (own && !ids.includes(own)) ids.unshift(own);
    /** @type {Record<string, string[]>} */
    const quantities = {};
    for (const id of ids) {
      const dashboard = await request(base, `/t/${id}`, { jar: signedIn.jar, maxRedirects: 0 });
      if (dashboard.response.status === 200) quantities[id] = quantitiesIn(dashboard.body, id);
    }
    if (!Object.keys(quantities).length) {
      say(`  mix: ${email} has no tenancy page (landed on ${signedIn.landing.pathname}); left out`);
      continue;
    }
    residents.push({ email, tenancies: quantities });
    // Each URL asked for once: one a resident could reach but the portal answers with an error (an
    // indoor climate with no sensor in the period is a 404) is left out of the mix, and said.
    const tenancies = [];
    for (const urls of checkUrls ? Object.entries(quantities).map(([id, qs]) => mixUrls(id, qs, today)) : []) {
      /** @type {Record<string, string[]>} */
      const answering = {};
      for (const [kind, paths] of Object.entries(urls)) {
        answering[kind] = [];
        for (const path of paths) {
          const page = await request(base, path, { jar: signedIn.jar, maxRedirects: 0 });
          if (page.response.status === 200) answering[kind].push(path);
          else leftOut.push(`${page.response.status} ${path}`);
        }
      }
      tenancies.push(/** @type {Record<keyof typeof kindShares, string[]>} */ (answering));
    }
    sessions.push({ cookie: signedIn.jar.header(), email, tenancies, signedInAt: Date.now() });
    for (let n = 1; n < sessionsPerResident; n++) {
      const again = await signIn(base, email, PASSWORD);
      sessions.push({ cookie: again.jar.header(), email, tenancies, signedInAt: Date.now() });
    }
  }
  return { sessions, residents, leftOut };
}

/** The portal's pages are warm after the dashboard's warm-up; each new load gets a shorter one. */
export const shortWarmupSeconds = Math.min(5, warmupSeconds);

/** What a browser sends with a page request (the session cookie is added per request). */
export const pageHeaders = { "Accept-Encoding": browserAcceptEncoding, Accept: "text/html" };

/**
 * A warm-up (not counted), then the load (`seconds`, the bench's --duration unless given), with the
 * CPU seconds the processes used meanwhile.
 * @param {string} url
 * @param {{ cpu: () => Record<string, number>, warmup?: number, seconds?: number, headers?: Record<string, string>,
 * next?: () => import("./load.mjs").DrawnRequest }} options
 */
export async function measuredLoad(
  url,
  { cpu, warmup = shortWarmupSeconds, seconds = loadSeconds, headers = pageHeaders, next },
) {
  await loadTest(url, { connections, durationMs: warmup * 1000, headers, next, isStopping: () => stopping });
  const before = cpu();
  const ownBefore = process.cpuUsage();
  const load = await loadTest(url, {
    connections,
    durationMs: seconds * 1000,
    headers,
    next,
    isStopping: () => stopping,
  });
  const own = process.cpuUsage(ownBefore);
  const after = cpu();
  /** @type {Record<string, number>} */
  const cpuSeconds = Object.fromEntries(
    Object.entries(after).map(([cmd, s]) => [cmd, Number((s - (before[cmd] ?? 0)).toFixed(2))]),
  );
  cpuSeconds["load generator (this process)"] = Number(((own.user + own.system) / 1e6).toFixed(2));
  const cpuMsPerRequest = Object.fromEntries(
    Object.entries(cpuSeconds).map(([cmd, s]) => [
      cmd,
      load.completed ? Number(((s * 1000) / load.completed).toFixed(2)) : null,
    ]),
  );
  return { load, cpuSeconds, cpuMsPerRequest };
}

/** @param {Record<string, number | null>} perRequest */
export const cpuText = (perRequest) =>
  Object.entries(perRequest)
    .filter(([cmd]) => !cmd.startsWith("load generator"))
    .map(([cmd, ms]) => `${serverNameOf(cmd)} ${ms}`)
    .join(", ");

/** @param {{ requestsPerSecond: number, latencyMs: { p50: number, p99: number }, errors: number | { total: number } }} f */
export const figures = (f) =>
  `${fmt(f.requestsPerSecond, 0)} req/s, p50 ${fmt(f.latencyMs.p50, 0)} ms, p99 ${fmt(f.latencyMs.p99, 0)} ms, ${typeof f.errors === "number" ? f.errors : f.errors.total} errors`;

/**
 * The bare page: built (about 15 s), then served without and with compression, each measured.
 * Run before the portal starts, on a machine with nothing else of the bench's running.
 */
export async function barePage() {
  /** @type {Record<string, any>} */
  const bare = {};
  details.barePage = bare;
  try {
    say("bare page: building scripts/bench/bare (remix vite:build)…");
    rmSync(path.join(root, ".cache/bench-bare"), { recursive: true, force: true });
    const build = await runToEnd(
      process.execPath,
      ["node_modules/@remix-run/dev/dist/cli.js", "vite:build", "scripts/bench/bare"],
      { timeoutMs: 180_000 },
    );
    if (build.code !== 0) throw new Error(`the bare page's build failed: ${build.stderr.trim().split("\n").at(-1)}`);
    for (const compressed of [false, true]) {
      if (stopping) return;
      const variant = compressed ? "compression" : "no compression";
      const port = await freePort(Number(process.env.BENCH_BARE_PORT ?? 3300));
      const server = startProcess(process.execPath, ["scripts/bench/bare/server.mjs"], {
        name: `bare page (${variant})`,
        log: serverLog,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          BARE_COMPRESSION: compressed ? "1" : "0",
        },
      });
      try {
        const url = `http://127.0.0.1:${port}/`;
        if (!(await waitFor(url, { timeoutMs: 30_000, isStopping: () => stopping })))
          throw new Error(`the bare page's server (${variant}) did not answer within 30 s`);
        say(
          `bare page, ${variant}: ${connections} connections, ${shortWarmupSeconds} s warm-up, then ${loadSeconds} s…`,
        );
        const pid = server.child.pid;
        const measured = await measuredLoad(url, { cpu: () => ({ "bare page server": ownCpuSeconds(pid) }) });
        bare[compressed ? "compressed" : "uncompressed"] = {
          ...measured.load,
          kinds: undefined,
          cpuSecondsDuringLoad: measured.cpuSeconds,
          cpuMsPerRequest: measured.cpuMsPerRequest,
          bytesPerRequest: measured.load.completed
            ? Math.round((measured.load.bytesPerSecond * measured.load.durationS) / measured.load.completed)
            : null,
        };
        say(`  ${figures(measured.load)}; CPU ms per request: ${cpuText(measured.cpuMsPerRequest)}`);
      } finally {
        await stopProcess(server);
      }
    }
  } catch (error) {
    bare.error = reasonOf(error);
    say(`bare page not measured: ${bare.error}`);
  }
  for (const [key, label] of /** @type {const} */ ([
    ["uncompressed", "no compression"],
    ["compressed", "compression level 4"],
  ])) {
    const b = bare[key];
    const name = `Bare Remix page (1 loader, 30-row table), ${label}: ${connections} connections, ${loadSeconds} s`;
    if (b)
      row(
        name,
        "reference",
        `${figures(b)}; CPU ${b.cpuMsPerRequest["bare page server"]} ms/request, ${b.bytesPerRequest} bytes`,
        "n/a",
        { value: b.requestsPerSecond, unit: "req/s" },
      );
    else notMeasured(name, "reference", bare.error ?? "stopped");
  }
}

/**
 * The consumption page's default view alone, like the dashboard (Anna's heat energy).
 * @param {string} base
 * @param {string} dashboard /t/{id}
 * @param {number | undefined} portalPid
 */
export async function consumptionAlone(base, dashboard, portalPid) {
  const page = `${dashboard}/consumption/heat-energy`;
  const name = `Consumption page ${page} alone: ${connections} connections, ${loadSeconds} s`;
  try {
    const fresh = await signIn(base, ANNA, PASSWORD);
    say(`load: ${connections} connections on ${page}, ${shortWarmupSeconds} s warm-up, then ${loadSeconds} s…`);
    const measured = await measuredLoad(`${base}${page}`, {
      cpu: () => childCpuSeconds(portalPid),
      headers: { ...pageHeaders, Cookie: fresh.jar.header() },
    });
    const l = measured.load;
    details.consumptionAlone = {
      ...l,
      kinds: undefined,
      cpuSecondsDuringLoad: measured.cpuSeconds,
      cpuMsPerRequest: measured.cpuMsPerRequest,
    };
    say(`  ${figures(l)}; CPU ms per request: ${cpuText(measured.cpuMsPerRequest)}`);
    oneUrlRow(
      `${name}, throughput`,
      `≥ ${limits.consumptionRps} req/s`,
      `${fmt(l.requestsPerSecond, 0)} req/s (${l.completed} requests, ${l.errors.total} errors${l.errorSamples.length ? `: ${l.errorSamples[0]}` : ""}; CPU ms/request ${cpuText(measured.cpuMsPerRequest)}; ${keptText(l)})`,
      { value: l.requestsPerSecond, unit: "req/s" },
    );
    oneUrlRow(
      `${name}, p99`,
      `≤ ${limits.consumptionP99Ms} ms`,
      `${fmt(l.latencyMs.p99, 0)} ms (p50 ${fmt(l.latencyMs.p50, 0)} ms)`,
      { value: l.latencyMs.p99, unit: "ms" },
    );
    row(`${name}, errors`, "0", `${l.errors.total}`, l.errors.total === 0 ? "ok" : "OVER", { value: l.errors.total });
  } catch (error) {
    notMeasured(`${name}, throughput`, `≥ ${limits.consumptionRps} req/s`, reasonOf(error));
    notMeasured(`${name}, p99`, `≤ ${limits.consumptionP99Ms} ms`, reasonOf(error));
  }
}

/**
 * The mix: every demo resident's pages from many sessions (mix.mjs), the whole and each kind.
 * @param {string} base
 * @param {number | undefined} portalPid
 */
export async function mixUnderLoad(base, portalPid) {
  const name = `Mix of every resident's pages: ${connections} connections, ${loadSeconds} s`;
  try {
    const { sessions, residents, leftOut } = await signInTheResidents(base);
    if (leftOut.length)
      say(`  mix: ${leftOut.length} URLs left out (not 200 before the load): ${leftOut.slice(0, 3).join(", ")}…`);
    const draw = makeDraw(sessions, { headers: pageHeaders });
    const urlCount = new Set(sessions.flatMap((s) => s.tenancies.flatMap((t) => Object.values(t).flat()))).size;
    say(
      `load: the mix, ${sessions.length} sessions of ${residents.length} residents, ${urlCount} URLs, ${connections} connections, ${shortWarmupSeconds} s warm-up, then ${loadSeconds} s…`,
    );
    const measured = await measuredLoad(base, { cpu: () => childCpuSeconds(portalPid), next: draw });
    const l = measured.load;
    details.mix = {
      kindShares,
      sessionsPerResident: 3,
      sessions: sessions.length,
      residents,
      urls: urlCount,
      leftOut,
      ...l,
      cpuSecondsDuringLoad: measured.cpuSeconds,
      cpuMsPerRequest: measured.cpuMsPerRequest,
    };
    say(`  the mix: ${figures(l)}; CPU ms per request: ${cpuText(measured.cpuMsPerRequest)}`);
    row(
      name,
      "reference",
      `${figures(l)}; CPU ms/request ${cpuText(measured.cpuMsPerRequest)}; ${keptText(l)}`,
      "n/a",
      {
        value: l.requestsPerSecond,
        unit: "req/s",
      },
    );
    for (const [kind, k] of Object.entries(l.kinds)) {
      say(`  ${kind}: ${figures(k)} (${fmt(k.share * 100, 0)} % of the requests)`);
      row(`  the mix, ${kind} pages`, "reference", `${figures(k)} (${fmt(k.share * 100, 0)} %)`, "n/a", {
        value: k.requestsPerSecond,
        unit: "req/s",
      });
    }
    row(
      `Mix errors under load`,
      `${limits.errors}`,
      `${l.errors.total} (non-2xx ${l.errors.non2xx}, socket ${l.errors.socket}, time-out ${l.errors.timeout})${l.errorSamples.length ? `: ${l.errorSamples.slice(0, 2).join("; ")}` : ""}`,
      l.errors.total === limits.errors ? "ok" : "OVER",
      { value: l.errors.total },
    );
  } catch (error) {
    notMeasured(name, "reference", reasonOf(error));
  }
}

/** The dashboard's throughput against the uncompressed bare page's (measured earlier in the run). */
export function comparisonRows() {
  const name = "Dashboard throughput against the bare page's (no compression)";
  const limit = `≥ ${limits.dashboardShareOfBare} %`;
  const bare = details.barePage?.uncompressed?.requestsPerSecond;
  const dashboard = details.load?.requestsPerSecond;
  if (!Number.isFinite(bare) || !Number.isFinite(dashboard) || !bare) {
    notMeasured(name, limit, "the bare page or the dashboard was not measured");
    return;
  }
  const share = (dashboard / bare) * 100;
  details.dashboardShareOfBarePercent = Number(share.toFixed(1));
  oneUrlRow(name, limit, `${fmt(share, 0)} % (${fmt(dashboard, 0)} against ${fmt(bare, 0)} req/s)`, {
    value: share,
    unit: "%",
  });
}
