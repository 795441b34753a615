/**
 * One Lighthouse run in its own process (run.mjs starts it): launches Chromium through
 * chrome-launcher with the given flags, runs Lighthouse's default mobile configuration (Moto G
 * Power emulation, simulated slow 4G, 4× CPU slowdown) for performance and accessibility, writes a
 * summary as JSON to the output file and stops Chromium. Prints "chrome-pid <pid>" first so the
 * parent can kill Chromium's process group should this process die.
 *
 * Usage: node lighthouse-child.mjs '<json: {lighthouseDir, url, chromePath, chromeFlags, extraHeaders, output}>'
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Lighthouse and chrome-launcher come from the bench's own cache (run.mjs), so their types are not known here.
const options = JSON.parse(/** @type {string} */ (process.argv[2]));
const fromCache = (/** @type {string} */ relative) =>
  import(pathToFileURL(path.join(options.lighthouseDir, "node_modules", relative)).href);

const { default: lighthouse } = await fromCache("lighthouse/core/index.js");
const chromeLauncher = await fromCache("chrome-launcher/dist/index.js");

const chrome = await chromeLauncher.launch({
  chromePath: options.chromePath,
  chromeFlags: options.chromeFlags,
  logLevel: "silent",
  handleSIGINT: false,
});
console.log(`chrome-pid ${chrome.pid}`);
let stopped = false;
const stop = async (/** @type {number} */ code) => {
  if (stopped) return;
  stopped = true;
  try {
    await chrome.kill();
  } catch {
    // already gone
  }
  process.exit(code);
};
process.on("SIGINT", () => void stop(130));
process.on("SIGTERM", () => void stop(143));

try {
  const result = await lighthouse(options.url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    extraHeaders: options.extraHeaders ?? undefined,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error("Lighthouse returned no result");
  const audit = (/** @type {string} */ id) => lhr.audits[id];
  const score = (/** @type {string} */ id) =>
    lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
  /** @param {string} id @returns {{ id: string, title: string, score: number | null, displayValue?: string }[]} */
  const failing = (id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter(
        (/** @type {{ id: string, weight: number }} */ ref) =>
          ref.weight > 0 && audit(ref.id)?.score !== null && audit(ref.id)?.score < 1,
      )
      .map((/** @type {{ id: string }} */ ref) => ({
        id: ref.id,
        title: audit(ref.id).title,
        score: audit(ref.id).score,
        displayValue: audit(ref.id).displayValue,
      }));
  writeFileSync(
    options.output,
    JSON.stringify({
      requestedUrl: lhr.requestedUrl,
      finalUrl: lhr.finalDisplayedUrl,
      runtimeError: lhr.runtimeError?.message ?? null,
      runWarnings: lhr.runWarnings,
      lighthouseVersion: lhr.lighthouseVersion,
      userAgent: lhr.environment?.hostUserAgent,
      benchmarkIndex: lhr.environment?.benchmarkIndex,
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      throttling: lhr.configSettings.throttling,
      performance: score("performance"),
      accessibility: score("accessibility"),
      metrics: Object.fromEntries(
        [
          "first-contentful-paint",
          "largest-contentful-paint",
          "total-blocking-time",
          "cumulative-layout-shift",
          "speed-index",
          "interactive",
        ].map((id) => [id, audit(id)?.displayValue ?? null]),
      ),
      failingAccessibilityAudits: failing("accessibility"),
      imperfectPerformanceAudits: failing("performance").map(
        (a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`,
      ),
    }),
  );
  await stop(0);
} catch (error) {
  console.error(/** @type {Error | undefined} */ (error)?.stack ?? String(error));
  await stop(1);
}
