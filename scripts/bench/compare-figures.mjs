/**
 * The pure parts of `npm run bench:compare` (compare.mjs): which checkouts may share node_modules,
 * and each side's medians over its turns.
 */

/**
 * Every package a package-lock.json installs, with its version, one per line and sorted: two
 * checkouts with the same list can share node_modules, whether a package is a dev dependency in
 * either or not.
 * @param {string} lockText the text of a package-lock.json (lockfile version 2 or 3)
 */
export function installedVersions(lockText) {
  /** @type {{ packages?: Record<string, { version?: string }> }} */
  const lock = JSON.parse(lockText);
  return Object.entries(lock.packages ?? {})
    .filter(([where]) => where.startsWith("node_modules/") || where.includes("/node_modules/"))
    .map(([where, entry]) => `${where}@${entry.version}`)
    .sort()
    .join("\n");
}

/** The median (the mean of the middle two for an even count); NaN for none. @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ index) => sorted[index] ?? Number.NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * @typedef {{ backend: number, portal: number, rps: number, errors: number }} Turn
 * One turn of one side: CPU ms per request of each server, requests per second, errors.
 */

/**
 * Each side's medians over its turns, and the second side's as a share of the first's (1 = the
 * same; 0.5 = half).
 * @param {[string, Turn[]][]} sides the base first, then this checkout
 */
export function compareSides(sides) {
  const medians = sides.map(([name, turns]) => ({
    name,
    backend: median(turns.map((turn) => turn.backend)),
    portal: median(turns.map((turn) => turn.portal)),
    both: median(turns.map((turn) => turn.backend + turn.portal)),
    rps: median(turns.map((turn) => turn.rps)),
    errors: turns.reduce((sum, turn) => sum + turn.errors, 0),
  }));
  const [base, head] = medians;
  const share =
    base && head
      ? {
          backend: head.backend / base.backend,
          portal: head.portal / base.portal,
          both: head.both / base.both,
          rps: head.rps / base.rps,
        }
      : undefined;
  return { medians, share };
}
