/**
 * The pure parts of `npm run bench:ab` (ab.mjs) and `bench:patches` (patches.mjs): their arguments, and each variant's medians over
 * its rounds with the difference from the first variant's.
 */
import { median } from "./compare-figures.mjs";

/** The loads an A/B round can run (ab.mjs): the new-page mix, the replay without and with JavaScript. */
export const abLoads = ["new-pages", "replay", "replay-js"];

/**
 * The options of a run of rounds under the A/B loads, as bench:ab and bench:patches take them:
 * `[--rounds=N] [--seconds=S] [--loads=a,b] [--connections=N]` (the last read by context.mjs), and
 * the other arguments in order; throws with `usage` on a bad number, load or option.
 * @param {string[]} argv
 * @param {string} usage
 */
export function parseRoundOptions(argv, usage) {
  /** @type {string[]} */
  const positional = [];
  let rounds = 3;
  let seconds = 10;
  let loads = abLoads;
  const count = (/** @type {string} */ arg, /** @type {string} */ value, /** @type {number} */ min) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`${arg}: a whole number of at least ${min} is needed\n${usage}`);
    return n;
  };
  for (const arg of argv) {
    const [name, value = ""] = arg.startsWith("--")
      ? [arg.slice(2, arg.indexOf("=") > 0 ? arg.indexOf("=") : undefined), arg.slice(arg.indexOf("=") + 1)]
      : [];
    if (name === undefined) positional.push(arg);
    else if (name === "rounds") rounds = count(arg, value, 1);
    else if (name === "seconds") seconds = count(arg, value, 1);
    else if (name === "connections")
      count(arg, value, 1); // read by context.mjs
    else if (name === "loads") {
      loads = value.split(",").filter(Boolean);
      const unknown = loads.filter((load) => !abLoads.includes(load));
      if (unknown.length || !loads.length) throw new Error(`--loads: ${unknown.join(", ") || "none"}?\n${usage}`);
    } else throw new Error(`unknown option ${arg}\n${usage}`);
  }
  return { positional, rounds, seconds, loads };
}

/**
 * `<git-ref> <git-ref> [...] [--rounds=N] [--seconds=S] [--loads=a,b]`; throws with the usage on
 * anything else.
 * @param {string[]} argv
 */
export function parseAbArgs(argv) {
  const usage =
    "usage: npm run bench:ab -- <git-ref> <git-ref> [...] [--rounds=N] [--seconds=S] [--loads=new-pages,replay,replay-js] [--connections=N]";
  const { positional: refs, rounds, seconds, loads } = parseRoundOptions(argv, usage);
  if (refs.length < 2) throw new Error(`name at least two git refs to compare\n${usage}`);
  return { refs, rounds, seconds, loads };
}

/**
 * `[--rounds=N] [--seconds=S] [--loads=a,b]` of bench:patches, which takes no other argument.
 * @param {string[]} argv
 */
export function parsePatchesArgs(argv) {
  const usage =
    "usage: npm run bench:patches -- [--rounds=N] [--seconds=S] [--loads=new-pages,replay,replay-js] [--connections=N]";
  const { positional, rounds, seconds, loads } = parseRoundOptions(argv, usage);
  if (positional.length > 0) throw new Error(`unknown argument ${positional[0]}\n${usage}`);
  return { rounds, seconds, loads };
}

/**
 * @typedef {{ rps: number, p50: number, p99: number, cpuMs: number, errors: number }} AbRound
 * One round of one variant under one load: requests per second, latency p50 and p99 (ms), CPU ms
 * per request of the portal and the back-end together, errors.
 */

/**
 * Per load, each variant's medians over its rounds, and the difference from the first variant's
 * in % (positive: more than the first; for throughput better, for latency and CPU worse).
 * @param {string[]} variants in the order named, the first is the reference
 * @param {Record<string, Record<string, AbRound[]>>} results load → variant → rounds
 */
export function abTable(variants, results) {
  /** @param {number} value @param {number} reference */
  const difference = (value, reference) =>
    Number.isFinite(value) && Number.isFinite(reference) && reference !== 0
      ? ((value - reference) / reference) * 100
      : Number.NaN;
  return Object.entries(results).map(([load, byVariant]) => {
    const medians = variants.map((variant) => {
      const rounds = byVariant[variant] ?? [];
      return {
        variant,
        rounds: rounds.length,
        rps: median(rounds.map((r) => r.rps)),
        p50: median(rounds.map((r) => r.p50)),
        p99: median(rounds.map((r) => r.p99)),
        cpuMs: median(rounds.map((r) => r.cpuMs)),
        errors: rounds.reduce((sum, r) => sum + r.errors, 0),
      };
    });
    const [first] = medians;
    return {
      load,
      variants: medians.map((m) => ({
        ...m,
        difference: {
          rps: difference(m.rps, first?.rps ?? Number.NaN),
          p50: difference(m.p50, first?.p50 ?? Number.NaN),
          p99: difference(m.p99, first?.p99 ?? Number.NaN),
          cpuMs: difference(m.cpuMs, first?.cpuMs ?? Number.NaN),
        },
      })),
    };
  });
}

/**
 * The table as text: per load, a line per variant with its medians and, after the first, the
 * differences from the first in %.
 * @param {ReturnType<typeof abTable>} table
 */
export function abText(table) {
  const signed = (/** @type {number} */ n) => (Number.isFinite(n) ? `${n >= 0 ? "+" : ""}${n.toFixed(1)} %` : "?");
  const num = (/** @type {number} */ n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "?");
  const lines = [];
  for (const { load, variants } of table) {
    lines.push(`${load} (medians over rounds; difference from ${variants[0]?.variant ?? "?"})`);
    const width = Math.max(...variants.map((v) => v.variant.length));
    for (const [index, v] of variants.entries()) {
      const figures = `${num(v.rps).padStart(5)} req/s  p50 ${num(v.p50).padStart(4)} ms  p99 ${num(v.p99).padStart(5)} ms  CPU ${num(v.cpuMs, 2).padStart(6)} ms/request  ${v.errors} errors  (${v.rounds} rounds)`;
      const difference =
        index === 0
          ? ""
          : `  [req/s ${signed(v.difference.rps)}, p50 ${signed(v.difference.p50)}, p99 ${signed(v.difference.p99)}, CPU ${signed(v.difference.cpuMs)}]`;
      lines.push(`  ${v.variant.padEnd(width)}  ${figures}${difference}`);
    }
  }
  return lines.join("\n");
}
