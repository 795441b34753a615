/**
 * A small closed-loop load generator on node:http (no dependency): `connections` keep-alive
 * connections, each sending its next request as soon as the previous response has been read to
 * the end, for `durationMs`. Latency is from sending the request to the last byte of the answer.
 * Errors are answers that are not 2xx (a redirect to /login counts), socket errors and time-outs.
 * Bounded: it stops after `durationMs` or `maxRequests`, whichever comes first, and only ever
 * talks to the host of the URL it is given (loopback here).
 *
 * One URL (`headers` for every request), or a mix: with `next`, each request is drawn from it (its
 * path, its headers, its kind), and the result has the figures of each kind besides the whole's.
 */
import http from "node:http";

/**
 * The share of a load's pages that the portal sent from its memory of rendered pages (ADR 0054),
 * as a text for the bench's rows: "kept 99.8 % of 7647 pages".
 * @param {{ served?: Record<string, number> }} load
 */
export function keptText(load) {
  const served = load.served ?? {};
  const pages = Object.values(served).reduce((sum, n) => sum + n, 0);
  if (pages === 0) return "no kept pages (header absent)";
  return `kept ${(((served.kept ?? 0) / pages) * 100).toFixed(1)} % of ${pages} pages`;
}

/**
 * @param {number[]} sorted
 * @param {number} p
 */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
  );
}

/**
 * p50, p90, p99, max and mean of latencies in ms (sorted in place).
 * @param {number[]} latencies
 */
export function latencyStats(latencies) {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    mean: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : NaN,
  };
}

/**
 * Latencies and errors by kind of request (a mix's page kinds), and each kind's figures over the
 * load's elapsed time. An error is counted with the kind of the request that met it.
 */
export class KindTally {
  /** @type {Map<string, { latencies: number[], errors: number }>} */
  byKind = new Map();

  /** @param {string} kind */
  of(kind) {
    let entry = this.byKind.get(kind);
    if (!entry) {
      entry = { latencies: [], errors: 0 };
      this.byKind.set(kind, entry);
    }
    return entry;
  }

  /**
   * An answer read to its end (`ok` when 2xx), or an error without one (`ms` undefined).
   * @param {string} kind
   * @param {number | undefined} ms
   * @param {boolean} ok
   */
  record(kind, ms, ok) {
    const entry = this.of(kind);
    if (ms !== undefined) entry.latencies.push(ms);
    if (!ok) entry.errors++;
  }

  /**
   * @param {number} elapsedMs
   * @returns {Record<string, { completed: number, requestsPerSecond: number, share: number, errors: number,
   * latencyMs: ReturnType<typeof latencyStats> }>}
   */
  summary(elapsedMs) {
    const total = [...this.byKind.values()].reduce((sum, entry) => sum + entry.latencies.length, 0);
    return Object.fromEntries(
      [...this.byKind]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, entry]) => [
          kind,
          {
            completed: entry.latencies.length,
            requestsPerSecond: elapsedMs > 0 ? entry.latencies.length / (elapsedMs / 1000) : NaN,
            share: total ? entry.latencies.length / total : 0,
            errors: entry.errors,
            latencyMs: latencyStats([...entry.latencies]),
          },
        ]),
    );
  }
}

/**
 * @typedef {{ path: string, headers?: Record<string, string>, kind?: string }} DrawnRequest
 * @param {string | URL} url the URL under load; with `next`, only its host and port are used
 * @param {{ connections: number, durationMs: number, headers?: Record<string, string>, maxRequests?: number,
 * timeoutMs?: number, isStopping?: () => boolean, next?: () => DrawnRequest }} options
 */
export async function loadTest(
  url,
  { connections, durationMs, headers = {}, maxRequests = 200_000, timeoutMs = 10_000, isStopping = () => false, next },
) {
  const target = new URL(url);
  const tally = new KindTally();
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  /** @type {number[]} */
  const latencies = [];
  const statuses = new Map();
  /** How each page was served, by its `Server-Timing: page;desc=…` (ADR 0054: rendered or kept). */
  const served = new Map();
  const errors = { non2xx: 0, socket: 0, timeout: 0 };
  /** @type {string[]} */
  const errorSamples = [];
  let sent = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  const once = () =>
    new Promise((/** @type {(value?: void) => void} */ resolve) => {
      const drawn = next?.();
      const kind = drawn?.kind ?? target.pathname;
      const path = drawn?.path ?? target.pathname + target.search;
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path,
          method: "GET",
          headers: drawn ? { ...headers, ...drawn.headers } : headers,
        },
        (res) => {
          res.on("data", (chunk) => (bytes += chunk.length));
          res.on("end", () => {
            const ms = performance.now() - t0;
            latencies.push(ms);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const how = /page;desc=(\w+)/.exec(String(res.headers["server-timing"] ?? ""))?.[1];
            if (how) served.set(how, (served.get(how) ?? 0) + 1);
            // A response always has its status code.
            const status = /** @type {number} */ (res.statusCode);
            const ok = status >= 200 && status < 300;
            tally.record(kind, ms, ok);
            if (!ok) {
              errors.non2xx++;
              if (errorSamples.length < 5)
                errorSamples.push(`${res.statusCode} ${path} ${res.headers.location ?? ""}`.trim());
            }
            resolve();
          });
          res.on("error", (error) => {
            errors.socket++;
            tally.record(kind, undefined, false);
            if (errorSamples.length < 5) errorSamples.push(error.message);
            resolve();
          });
        },
      );
      req.setTimeout(timeoutMs, () => {
        errors.timeout++;
        req.destroy(new Error(`no answer within ${timeoutMs} ms`));
      });
      req.on("error", (error) => {
        if (!/no answer within/.test(error.message)) errors.socket++;
        tally.record(kind, undefined, false);
        if (errorSamples.length < 5) errorSamples.push(error.message);
        resolve();
      });
      req.end();
    });

  const worker = async () => {
    while (performance.now() < deadline && sent < maxRequests && !isStopping()) {
      sent++;
      await once();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsedMs = performance.now() - started;
  agent.destroy();

  const completed = latencies.length;
  return {
    url: next ? `${target.host} (a mix)` : target.pathname,
    connections,
    durationS: elapsedMs / 1000,
    requests: sent,
    completed,
    requestsPerSecond: completed / (elapsedMs / 1000),
    latencyMs: latencyStats(latencies),
    statuses: Object.fromEntries(statuses),
    served: Object.fromEntries(served),
    errors: { ...errors, total: errors.non2xx + errors.socket + errors.timeout },
    errorSamples,
    bytesPerSecond: bytes / (elapsedMs / 1000),
    kinds: tally.summary(elapsedMs),
  };
}
