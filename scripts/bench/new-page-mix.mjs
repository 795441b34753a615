/**
 * The new-page mix (issue 45, item 1a): what a resident gets who asks for a page nobody asked for
 * before. Every request of a run is a URL not sent before in that run: 30 % dashboards, 70 %
 * consumption pages of every quantity a tenancy has, each over a period of 7–90 days somewhere in
 * the last two years (from/to as the period selector writes them, app/domain/period-query.ts
 * periodSearch) with a comparison drawn from those the page offers. Pure and unit-tested
 * (new-page-mix.test.ts); mix-load.mjs signs the residents in and puts the mix under load.
 *
 * A repeated URL would measure the portal's memory of rendered pages (ADR 0054) rather than a
 * resident's new page, so the draw remembers every URL it gave and draws again on a repeat.
 */

/** Dashboards 30 %, consumption pages 70 % (the mix). */
export const newPageShares = { dashboard: 0.3, consumption: 0.7 };

/**
 * The comparisons the period selector offers (compareChoices of app/domain/period-query.ts, which
 * new-page-mix.test.ts holds this copy to: plain Node cannot import the TypeScript module).
 */
export const compareChoices = ["none", "previous-period", "previous-year", "property-average", "efficient-neighbours"];

/** Shortest and longest period, in days counting both ends (periodDays of @common/period). */
export const periodDaysRange = { min: 7, max: 90 };

/** How far back a period may start: two years (730 days) before today. */
export const lookBackDays = 730;

const dayMs = 86_400_000;
/** @param {string} iso YYYY-MM-DD */
const dayNumber = (iso) => Date.parse(`${iso}T00:00:00Z`) / dayMs;
/** @param {number} day */
const isoOf = (day) => new Date(day * dayMs).toISOString().slice(0, 10);

/**
 * A period of 7–90 days (both ends counted) that starts no earlier than two years before `today`
 * and ends no later than `today`.
 * @param {string} today YYYY-MM-DD
 * @param {() => number} random
 */
export function drawPeriod(today, random) {
  const last = dayNumber(today);
  const first = last - lookBackDays;
  const { min, max } = periodDaysRange;
  const days = min + Math.min(max - min, Math.floor(random() * (max - min + 1)));
  // Starts from `first` to `last - days + 1`, so the period ends by today.
  const starts = last - days + 1 - first + 1;
  const from = first + Math.min(starts - 1, Math.floor(random() * starts));
  return { from: isoOf(from), to: isoOf(from + days - 1) };
}

/**
 * The dashboard reads no search parameter (app/routes/consumption/dashboard.tsx: its loader reads
 * only the tenancy), and a period cannot make it new. So a dashboard is made new by a parameter no
 * route reads, `visit`, never repeated in a run: to the portal it is another URL (the memory of
 * rendered pages is keyed by the whole URL), to the page it changes nothing.
 */
export const dashboardVisitParam = "visit";

/**
 * @typedef {{ id: string, quantities: string[] }} NewPageTenancy
 * @typedef {{ email: string, cookie: string, tenancies: NewPageTenancy[] }} NewPageSession
 */

/**
 * The slugs of a tenancy's consumption pages that are quantities: indoor climate is a page of its
 * own, not a quantity (app/routes.ts), and answers 404 for a period without a sensor.
 * @param {string[]} slugs
 */
export const quantitySlugs = (slugs) => slugs.filter((slug) => slug !== "indoor-climate");

/**
 * The new-page mix's drawing: each call gives the next request, from a random session (its cookie
 * as it is at that moment: the caller may sign a session in again), one of its tenancies, a kind
 * by `shares` and a URL of that kind that was not given before. `asked` holds every URL given.
 * @param {NewPageSession[]} sessions
 * @param {{ today: string, shares?: Record<string, number>, random?: () => number, headers?: Record<string, string>,
 * maxTries?: number }} options
 */
export function makeNewPageDraw(
  sessions,
  { today, shares = newPageShares, random = Math.random, headers = {}, maxTries = 1000 },
) {
  const usable = sessions.filter((s) => s.tenancies.length > 0);
  if (!usable.length) throw new Error("no session with a tenancy to ask for");
  const pick = (/** @type {number} */ length) => Math.min(length - 1, Math.floor(random() * length));
  const total = (shares.dashboard ?? 0) + (shares.consumption ?? 0);
  /** @type {Set<string>} */
  const asked = new Set();
  let visits = 0;

  /** @returns {{ path: string, kind: string, session: NewPageSession }} */
  const candidate = () => {
    const session = /** @type {NewPageSession} */ (usable[pick(usable.length)]);
    const tenancy = /** @type {NewPageTenancy} */ (session.tenancies[pick(session.tenancies.length)]);
    const wantsDashboard = random() * total < (shares.dashboard ?? 0);
    const quantities = quantitySlugs(tenancy.quantities);
    if (wantsDashboard || !quantities.length) {
      visits++;
      return { path: `/t/${tenancy.id}?${dashboardVisitParam}=${visits}`, kind: "dashboard", session };
    }
    const quantity = /** @type {string} */ (quantities[pick(quantities.length)]);
    const { from, to } = drawPeriod(today, random);
    const compare = /** @type {string} */ (compareChoices[pick(compareChoices.length)]);
    return {
      path: `/t/${tenancy.id}/consumption/${quantity}?${new URLSearchParams({ from, to, compare })}`,
      kind: "consumption",
      session,
    };
  };

  /** @returns {{ path: string, kind: string, headers: Record<string, string> }} */
  const draw = () => {
    for (let tries = 0; tries < maxTries; tries++) {
      const { path, kind, session } = candidate();
      if (asked.has(path)) continue;
      asked.add(path);
      // The session's cookie as it is now: it may have been signed in again meanwhile.
      return { path, kind, headers: { ...headers, Cookie: session.cookie } };
    }
    throw new Error(`no new URL found in ${maxTries} draws (${asked.size} asked so far)`);
  };

  return Object.assign(draw, { asked });
}

/**
 * When a session of the load is signed in again: before the portal would refresh its access token
 * (ACCESS_TOKEN_TTL_SECONDS, 300 by default, backend/config.ts; the portal refreshes
 * TOKEN_REFRESH_LEAD_SECONDS, 30, before the end, app/config.server.ts), with half a minute to
 * spare. A load sends a session's cookie as it was given and never takes a new one: a refreshed
 * token would be refreshed again on every request (or, its refresh token rotated, end in /login).
 * @param {Record<string, string | undefined>} [env] the environment the portal and back-end were started with
 */
export function reSignInAfterMs(env = process.env) {
  const ttl = Number(env.ACCESS_TOKEN_TTL_SECONDS || 300);
  const lead = Number(env.TOKEN_REFRESH_LEAD_SECONDS || 30);
  return Math.max(5, ttl - lead - 30) * 1000;
}

/**
 * The portal's CPU per new page in bare pages, as the CPU row prints it (ADR 0079): the portal is
 * one process on one core, so its CPU per page over the bare page's is what sets the mix's share of
 * the bare page's throughput (25 % is at most 4 bare pages). Empty when a figure is missing.
 * @param {number | null | undefined} portalMs
 * @param {number | null | undefined} bareMs
 */
export function portalInBarePages(portalMs, bareMs) {
  if (!(typeof portalMs === "number" && portalMs > 0 && typeof bareMs === "number" && bareMs > 0)) return "";
  return `; the portal ${(portalMs / bareMs).toFixed(1)} × the bare page's ${bareMs.toFixed(2)} ms, 25 % = 4 × (ADR 0079)`;
}
