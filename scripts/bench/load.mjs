/**
 * A small closed-loop load generator on node:http (no dependency): `connections` keep-alive
 * connections, each sending its next request as soon as the previous response has been read to
 * the end, for `durationMs`. Latency is from sending the request to the last byte of the answer.
 * Errors are answers that are not 2xx (a redirect to /login counts), socket errors and time-outs.
 * Bounded: it stops after `durationMs` or `maxRequests`, whichever comes first, and only ever
 * talks to the URL it is given (loopback here).
 */
import http from "node:http";

/**
 * @param {number[]} sorted
 * @param {number} p
 */
function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
  );
}

/**
 * @param {string | URL} url
 * @param {{ connections: number, durationMs: number, headers?: Record<string, string>, maxRequests?: number,
 * timeoutMs?: number, isStopping?: () => boolean }} options
 */
export async function loadTest(
  url,
  { connections, durationMs, headers = {}, maxRequests = 200_000, timeoutMs = 10_000, isStopping = () => false },
) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  /** @type {number[]} */
  const latencies = [];
  const statuses = new Map();
  const errors = { non2xx: 0, socket: 0, timeout: 0 };
  /** @type {string[]} */
  const errorSamples = [];
  let sent = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  const once = () =>
    new Promise((/** @type {(value?: void) => void} */ resolve) => {
      const t0 = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: "GET",
          headers,
        },
        (res) => {
          res.on("data", (chunk) => (bytes += chunk.length));
          res.on("end", () => {
            latencies.push(performance.now() - t0);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            // A response always has its status code.
            const status = /** @type {number} */ (res.statusCode);
            if (status < 200 || status >= 300) {
              errors.non2xx++;
              if (errorSamples.length < 5) errorSamples.push(`${res.statusCode} ${res.headers.location ?? ""}`.trim());
            }
            resolve();
          });
          res.on("error", (error) => {
            errors.socket++;
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

  const sorted = latencies.sort((a, b) => a - b);
  const completed = sorted.length;
  return {
    url: target.pathname,
    connections,
    durationS: elapsedMs / 1000,
    requests: sent,
    completed,
    requestsPerSecond: completed / (elapsedMs / 1000),
    latencyMs: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      mean: completed ? sorted.reduce((a, b) => a + b, 0) / completed : NaN,
    },
    statuses: Object.fromEntries(statuses),
    errors: { ...errors, total: errors.non2xx + errors.socket + errors.timeout },
    errorSamples,
    bytesPerSecond: bytes / (elapsedMs / 1000),
  };
}
