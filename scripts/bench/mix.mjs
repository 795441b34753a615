/**
 * The bench's realistic load (run.mjs step 4b, issue 27): many residents' sessions reading their
 * own pages. Every demo resident who can sign in is signed in `sessionsPerResident` times; each
 * session's tenancies are found from the pages (the tenancy links of the page signed in to, the
 * consumption links of each dashboard); each tenancy gives its URLs by kind (mixUrls); and
 * makeDraw draws every request: a random session, one of its tenancies, a page kind by its share,
 * one URL of that kind. Pure, and unit-tested (mix.test.ts); mix-load.mjs signs the residents in
 * (signInTheResidents) and puts the mix under load.
 */
/**
 * The demo residents with a password and at least one tenancy (backend/db/seed/demo-accounts.ts,
 * daily-only-property.ts). Nora has no tenancy, Sofie no password, Ole is deactivated.
 */
export const demoResidents = [
  "anna@demo.test",
  "jens@demo.test",
  "emma@demo.test",
  "mette@demo.test",
  "lars@demo.test",
  "karen@demo.test",
  "ida@demo.test",
];

/**
 * How often each kind of page is asked for: residents mostly look at the dashboard and their
 * consumption, now and then at their alarms and notifications.
 */
export const kindShares = { dashboard: 0.3, consumption: 0.5, alarms: 0.1, notifications: 0.1 };

/** @param {Date} date */
const iso = (date) => date.toISOString().slice(0, 10);

/**
 * The periods of the mix, as the period selector writes them (from/to, app/domain/period-query.ts):
 * the last whole month, the twelve whole months before this one, and a custom span of 24 days.
 * @param {string} today YYYY-MM-DD
 */
export function mixPeriods(today) {
  const [y = NaN, m = NaN, d = NaN] = today.split("-").map(Number);
  const day = (/** @type {number} */ year, /** @type {number} */ month, /** @type {number} */ date) =>
    iso(new Date(Date.UTC(year, month - 1, date)));
  return {
    month: { from: day(y, m - 1, 1), to: day(y, m, 0) },
    year: { from: day(y - 1, m, 1), to: day(y, m, 0) },
    custom: { from: day(y, m, d - 40), to: day(y, m, d - 17) },
  };
}

/**
 * One tenancy's URLs by page kind: its dashboard; for each of its quantities the consumption page's
 * default view and three periods, each with another comparison (previous year, property average,
 * none); its alarms; its notifications.
 * @param {number | string} tenancyId
 * @param {string[]} quantities the consumption pages' slugs (heat-energy, hca, …; indoor-climate too)
 * @param {string} today YYYY-MM-DD
 * @returns {Record<keyof typeof kindShares, string[]>}
 */
export function mixUrls(tenancyId, quantities, today) {
  const t = `/t/${tenancyId}`;
  const { month, year, custom } = mixPeriods(today);
  /** @type {[{ from: string, to: string }, string][]} */
  const views = [
    [month, "previous-year"],
    [year, "property-average"],
    [custom, "none"],
  ];
  return {
    dashboard: [t],
    consumption: quantities.flatMap((q) => [
      `${t}/consumption/${q}`,
      ...views.map(([p, compare]) => `${t}/consumption/${q}?from=${p.from}&to=${p.to}&compare=${compare}`),
    ]),
    alarms: [`${t}/alarms`],
    notifications: [`${t}/notifications`],
  };
}

/**
 * @typedef {{ cookie: string, email: string, tenancies: Record<keyof typeof kindShares, string[]>[] }} MixSession
 */

/**
 * The mix's drawing: each call gives the next request, from a random session (its cookie), one of
 * its tenancies, a kind by `shares` (a kind the tenancy has no URL of is drawn again) and one URL
 * of that kind.
 * @param {MixSession[]} sessions
 * @param {{ shares?: Record<string, number>, random?: () => number, headers?: Record<string, string> }} [options]
 * @returns {() => { path: string, kind: string, headers: Record<string, string> }}
 */
export function makeDraw(sessions, { shares = kindShares, random = Math.random, headers = {} } = {}) {
  const usable = sessions.filter((s) => s.tenancies.some((t) => Object.values(t).some((urls) => urls.length)));
  if (!usable.length) throw new Error("no session with a page to ask for");
  const kinds = Object.entries(shares).filter(([, share]) => share > 0);
  const total = kinds.reduce((sum, [, share]) => sum + share, 0);
  const pick = (/** @type {number} */ length) => Math.min(length - 1, Math.floor(random() * length));
  const pickKind = () => {
    let r = random() * total;
    for (const [kind, share] of kinds) {
      r -= share;
      if (r < 0) return kind;
    }
    return /** @type {[string, number]} */ (kinds.at(-1))[0];
  };
  return () => {
    const session = /** @type {MixSession} */ (usable[pick(usable.length)]);
    const withUrls = session.tenancies.filter((t) => Object.values(t).some((urls) => urls.length));
    const tenancy = /** @type {Record<string, string[]>} */ (withUrls[pick(withUrls.length)]);
    for (;;) {
      const kind = pickKind();
      const urls = tenancy[kind] ?? [];
      if (urls.length)
        return {
          path: /** @type {string} */ (urls[pick(urls.length)]),
          kind,
          headers: { ...headers, Cookie: session.cookie },
        };
    }
  };
}

/**
 * The distinct tenancy ids a page names: its links (/t/{id}, /t/{id}/…) and the options of its
 * tenancy switcher (a form with a select named tenancyId, app/routes/tenancy/tenancy-layout.tsx).
 * @param {string} html
 */
export function tenancyIdsIn(html) {
  const linked = [...html.matchAll(/href="\/t\/(\d+)(?=["/?#])/g)].map((m) => m[1]);
  const switcher = html.match(/<select[^>]*name="tenancyId"[^>]*>([\s\S]*?)<\/select>/)?.[1] ?? "";
  const options = [...switcher.matchAll(/<option[^>]*value="(\d+)"/g)].map((m) => m[1]);
  return [...new Set([...linked, ...options].map((id) => /** @type {string} */ (id)))];
}

/**
 * The consumption pages a tenancy's dashboard links to (their slugs: heat-energy, hca, …).
 * @param {string} html
 * @param {string} tenancyId
 */
export function quantitiesIn(html, tenancyId) {
  const pattern = new RegExp(`href="/t/${tenancyId}/consumption/([a-z][a-z-]*)(?=["?#])`, "g");
  return [...new Set([...html.matchAll(pattern)].map((m) => /** @type {string} */ (m[1])))];
}
