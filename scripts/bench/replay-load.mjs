/**
 * The session replay under load (run.mjs, issue 45 item 1b): 200 residents' visits (replay.mjs),
 * drawn over the demo residents who have a password, each resident with an address of its own
 * (X-Forwarded-For, believed by a portal started with TRUST_PROXY=loopback, as behind the
 * docker-compose proxy; without it all sign-ins came from one address and its limits); 50 visits
 * in flight at once, each a virtual browser with its own cookies that sends its next request when
 * the last answer has been read. A resident whose visit ends starts another, with new choices;
 * the 200 take turns. Two variants:
 *   - without JavaScript: documents only, every redirect followed as a browser follows it;
 *   - with JavaScript: the sign-in form's document, then the sign-in and every page as Remix 2.17's
 *     single fetch asks for them (the action's POST to /login/email.data, then `GET /path.data?…`
 *     with `_routes`, each redirect followed by the next data request).
 * Static files (scripts, styles, translations) are not asked for: the browser keeps them.
 * Printed: req/s, p50/p99 and errors of all requests and by kind, visits per second, and the
 * CPU ms per request of the portal and the back-end.
 */
import http from "node:http";
import zlib from "node:zlib";
import { browserAcceptEncoding, connections, limits, loadSeconds, PASSWORD, say, stopping } from "./context.mjs";
import { CookieJar } from "./http.mjs";
import { KindTally, latencyStats } from "./load.mjs";
import { cpuText, figures, shortWarmupSeconds, signInTheResidents } from "./mix-load.mjs";
import { serversCpuMs } from "./new-page-load.mjs";
import { childCpuSeconds } from "./processes.mjs";
import { dataUrl, planVisit, signInForm, singleFetchRedirect, virtualResidents } from "./replay.mjs";
import { details, fmt, notMeasured, reasonOf, row } from "./table.mjs";

/** How many residents take turns in the replay (issue 45). */
export const replayResidents = 200;

/**
 * What the portal under the replay is started with: it believes the loopback proxy's
 * X-Forwarded-For (ADR 0058), so each replayed resident signs in from an address of its own.
 */
export const replayPortalEnv = { TRUST_PROXY: "loopback" };

/**
 * One HTTP exchange on the shared keep-alive agent; the body decompressed as a browser would.
 * @param {http.Agent} agent
 * @param {URL} base
 * @param {{ method: string, path: string, headers: Record<string, string>, body?: string, timeoutMs?: number }} r
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: string, ms: number }>}
 */
function exchange(agent, base, { method, path, headers, body, timeoutMs = 10_000 }) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request({ agent, host: base.hostname, port: base.port, path, method, headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(res.headers["content-encoding"] ?? "");
        let text;
        try {
          text = (
            encoding === "gzip"
              ? zlib.gunzipSync(raw)
              : encoding === "br"
                ? zlib.brotliDecompressSync(raw)
                : encoding === "deflate"
                  ? zlib.inflateSync(raw)
                  : raw
          ).toString("utf8");
        } catch {
          text = "";
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, ms: performance.now() - t0 });
      });
      res.on("error", reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Plays visits with `concurrency` in flight: `warmupMs`, then `durationMs` measured. One run, so
 * that the measured part meets visits at every step, not 50 visits starting together at the form;
 * a request counts when it starts in the measured part, a visit when it starts and ends in it.
 * `onMeasuring` is called as the measured part starts (the caller reads the servers' CPU).
 * @param {{ base: string, residents: import("./replay.mjs").VirtualResident[], js: boolean, concurrency: number,
 * warmupMs?: number, durationMs: number, onMeasuring?: () => void,
 * today: string, isStopping?: () => boolean }} options
 */
export async function replay({
  base,
  residents,
  js,
  concurrency,
  warmupMs = 0,
  durationMs,
  onMeasuring,
  today,
  isStopping = () => false,
}) {
  const target = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const tally = new KindTally();
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<number, number>} */
  const statuses = new Map();
  /** @type {string[]} */
  const errorSamples = [];
  const errors = { status: 0, socket: 0, visit: 0 };
  let visitsDone = 0;
  let turn = 0;
  const measureFrom = performance.now() + warmupMs;
  const deadline = measureFrom + durationMs;
  const over = () => performance.now() >= deadline || isStopping();
  const measuring = () => performance.now() >= measureFrom;
  const measuringTimer = setTimeout(() => onMeasuring?.(), warmupMs);

  /** A failure, said once in a while (in the measured part). @param {string} text */
  const failed = (text) => {
    if (errorSamples.length < 5 && measuring()) errorSamples.push(text);
  };

  /**
   * One request of a visit, counted under `kind`; null after the deadline or on a socket error.
   * @param {string} kind
   * @param {{ method?: string, path: string, jar: CookieJar, address: string, accept: string, body?: string }} r
   */
  const send = async (kind, { method = "GET", path, jar, address, accept, body }) => {
    if (over()) return null;
    /** @type {Record<string, string>} */
    const headers = {
      Accept: accept,
      "Accept-Encoding": browserAcceptEncoding,
      "X-Forwarded-For": address,
      "Sec-Fetch-Site": "same-origin",
    };
    if (jar.cookies.size) headers.Cookie = jar.header();
    const counted = measuring();
    if (body !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Origin = target.origin;
    }
    try {
      const answer = await exchange(agent, target, { method, path, headers, body });
      const setCookie = answer.headers["set-cookie"];
      if (setCookie) jar.takeLines(setCookie);
      const ok = answer.status < 400;
      if (counted) {
        latencies.push(answer.ms);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        tally.record(kind, answer.ms, ok);
        if (!ok) errors.status++;
      }
      if (!ok) failed(`${answer.status} ${method} ${path}`);
      return answer;
    } catch (error) {
      if (counted) {
        errors.socket++;
        tally.record(kind, undefined, false);
      }
      failed(`${method} ${path}: ${reasonOf(error)}`);
      return null;
    }
  };

  /**
   * A document (or the sign-in's POST) and the redirects after it, as a browser follows them;
   * returns the final answer and its path, or null. The redirects count as `redirectKind` when
   * given (the sign-in's lead to the dashboard, counted as the dashboard, as with JavaScript).
   * @param {string} kind
   * @param {{ method?: string, path: string, body?: string, jar: CookieJar, address: string, redirectKind?: string }} r
   */
  const documentWithRedirects = async (kind, r) => {
    let answer = await send(kind, { ...r, accept: "text/html" });
    let path = r.path;
    for (let hop = 0; answer && answer.status >= 300 && answer.status < 400 && hop < 5; hop++) {
      const location = String(answer.headers.location ?? "");
      if (!location) break;
      const next = new URL(location, target);
      path = next.pathname + next.search;
      answer = await send(r.redirectKind ?? kind, { path, jar: r.jar, address: r.address, accept: "text/html" });
    }
    return answer && answer.status === 200 ? { answer, path } : null;
  };

  /**
   * A client navigation from `from` to `to` (single fetch), following its redirects; returns the
   * path shown at its end, or null.
   * @param {string} kind
   * @param {string} from
   * @param {string} to
   * @param {CookieJar} jar
   * @param {string} address
   * @param {boolean} [afterPost] where a form's POST redirected to
   */
  const navigate = async (kind, from, to, jar, address, afterPost = false) => {
    let path = to;
    for (let hop = 0; hop < 5; hop++) {
      const answer = await send(kind, { path: dataUrl(from, path, { afterPost }), jar, address, accept: "*/*" });
      if (!answer || answer.status >= 400) return null;
      const redirect = singleFetchRedirect(answer.status, { get: (n) => headerOf(answer.headers, n) }, answer.body);
      if (!redirect) return path;
      path = redirect;
    }
    return null;
  };

  /**
   * From the page shown to `to`: a client navigation with JavaScript, a document without; the
   * path shown at its end, or null.
   * @param {string} kind
   * @param {string} from
   * @param {string} to
   * @param {CookieJar} jar
   * @param {string} address
   * @returns {Promise<string | null>}
   */
  const go = async (kind, from, to, jar, address) =>
    js
      ? await navigate(kind, from, to, jar, address)
      : ((await documentWithRedirects(kind, { path: to, jar, address }))?.path ?? null);

  /** @param {import("./replay.mjs").VirtualResident} resident */
  const visit = async (resident) => {
    const jar = new CookieJar();
    const { address } = resident;
    const form = await send("sign-in form", { path: "/login/email", jar, address, accept: "text/html" });
    if (form?.status !== 200) return false;
    const body = signInForm(form.body, { email: resident.email, password: PASSWORD });
    /** @type {string | null} */
    let shown;
    if (js) {
      // The form's action as single fetch posts it, then the navigation to where it redirects.
      const answer = await send("sign-in", {
        method: "POST",
        path: "/login/email.data",
        jar,
        address,
        accept: "*/*",
        body,
      });
      if (!answer || answer.status >= 400) return false;
      const landing = singleFetchRedirect(answer.status, { get: (n) => headerOf(answer.headers, n) }, answer.body);
      if (!landing) return fail(`the sign-in as ${resident.email} did not redirect (${answer.status})`);
      shown = await navigate("dashboard", "/login/email", landing, jar, address, true);
    } else {
      shown =
        (
          await documentWithRedirects("sign-in", {
            method: "POST",
            path: "/login/email",
            body,
            jar,
            address,
            redirectKind: "dashboard",
          })
        )?.path ?? null;
    }
    if (!shown) return false;
    let tenancyId = /^\/t\/(\d+)\/?$/.exec(new URL(shown, target).pathname)?.[1];
    if (!tenancyId) {
      // Landed elsewhere (the choice of tenancy): open the first tenancy's dashboard.
      tenancyId = Object.keys(resident.tenancies)[0];
      if (!tenancyId) return fail(`${resident.email} has no tenancy`);
      const path = `/t/${tenancyId}`;
      shown = await go("dashboard", shown, path, jar, address);
      if (!shown) return false;
    }
    for (const step of planVisit(tenancyId, resident.tenancies[tenancyId] ?? [], { today })) {
      if (js && step.prefetch) {
        const prefetched = await send(step.kind, { path: dataUrl(shown, step.path), jar, address, accept: "*/*" });
        if (!prefetched || prefetched.status >= 400) return false;
      }
      shown = await go(step.kind, shown, step.path, jar, address);
      if (!shown) return false;
    }
    return true;
  };

  /** @param {string} text */
  const fail = (text) => {
    failed(text);
    return false;
  };

  const worker = async () => {
    while (!over()) {
      const resident = /** @type {import("./replay.mjs").VirtualResident} */ (residents[turn++ % residents.length]);
      const counted = measuring();
      let done = false;
      try {
        done = await visit(resident);
      } catch (error) {
        failed(reasonOf(error));
      }
      if (counted && done) visitsDone++;
      else if (measuring() && !done && !over()) errors.visit++;
      // A browser does not retry a failed visit at once: without a pause a portal that is down
      // would meet a loop of refused connections.
      if (!done && !over()) await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  clearTimeout(measuringTimer);
  const elapsedMs = Math.max(1, performance.now() - measureFrom);
  agent.destroy();
  const completed = latencies.length;
  return {
    js,
    concurrency,
    durationS: elapsedMs / 1000,
    completed,
    visits: visitsDone,
    visitsPerSecond: visitsDone / (elapsedMs / 1000),
    requestsPerSecond: completed / (elapsedMs / 1000),
    latencyMs: latencyStats(latencies),
    statuses: Object.fromEntries(statuses),
    errors: { ...errors, total: errors.status + errors.socket + errors.visit },
    errorSamples,
    kinds: tally.summary(elapsedMs),
  };
}

/** @param {http.IncomingHttpHeaders} headers @param {string} name */
function headerOf(headers, name) {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/**
 * The demo residents and their tenancies' consumption pages, found once per portal.
 * @param {string} base
 */
export async function replayResidentsOf(base) {
  const { residents } = await signInTheResidents(base, { checkUrls: false, sessionsPerResident: 1 });
  return virtualResidents(residents, replayResidents);
}

/**
 * The replay with a warm-up (not counted), then measured with the CPU the portal and back-end used.
 * @param {string} base
 * @param {number | undefined} portalPid
 * @param {{ js: boolean, residents: import("./replay.mjs").VirtualResident[], seconds?: number, warmup?: number, rows?: boolean }} options
 */
export async function replayUnderLoad(
  base,
  portalPid,
  { js, residents, seconds = loadSeconds, warmup = shortWarmupSeconds, rows = true },
) {
  const variant = js ? "with JavaScript (documents, then .data)" : "without JavaScript (documents only)";
  const name = `Session replay ${variant}: ${replayResidents} residents, ${connections} at once, ${seconds} s`;
  const today = new Date().toISOString().slice(0, 10);
  try {
    say(`load: the session replay ${variant}, ${connections} visits at once, ${warmup} s warm-up, then ${seconds} s…`);
    const common = { base, residents, js, concurrency: connections, today, isStopping: () => stopping };
    const cpu = () => childCpuSeconds(portalPid);
    let before = cpu();
    const l = await replay({
      ...common,
      warmupMs: warmup * 1000,
      durationMs: seconds * 1000,
      onMeasuring: () => {
        before = cpu();
      },
    });
    const after = cpu();
    const cpuMsPerRequest = Object.fromEntries(
      Object.entries(after).map(([cmd, s]) => [
        cmd,
        l.completed ? Number((((s - (before[cmd] ?? 0)) * 1000) / l.completed).toFixed(2)) : null,
      ]),
    );
    const result = { ...l, cpuMsPerRequest, serversCpuMsPerRequest: serversCpuMs(cpuMsPerRequest) };
    say(
      `  the replay ${js ? "with" : "without"} JavaScript: ${figures(l)}; ${fmt(l.visitsPerSecond, 1)} visits/s; CPU ms per request: ${cpuText(cpuMsPerRequest)}`,
    );
    for (const [kind, k] of Object.entries(l.kinds)) say(`  ${kind}: ${figures(k)} (${fmt(k.share * 100, 0)} %)`);
    if (rows) {
      details.replay = { ...details.replay, [js ? "js" : "nojs"]: result };
      row(
        name,
        `p99 ≤ ${limits.replayP99Ms} ms`,
        `${figures(l)}; ${fmt(l.visitsPerSecond, 1)} visits/s; CPU ms/request ${cpuText(cpuMsPerRequest)}${l.errorSamples.length ? `; ${l.errorSamples.slice(0, 2).join("; ")}` : ""}`,
        l.latencyMs.p99 <= limits.replayP99Ms && l.errors.total === 0 ? "ok" : "OVER",
        { value: l.latencyMs.p99, unit: "ms" },
      );
    }
    return result;
  } catch (error) {
    if (!rows) throw error;
    notMeasured(name, `p99 ≤ ${limits.replayP99Ms} ms`, reasonOf(error));
    return undefined;
  }
}
