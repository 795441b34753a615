import { writeFile } from "node:fs/promises";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { compareFigures, type Difference } from "../oracle/compare";
import { parsePageFigures } from "../oracle/page-figures";
import { addDays, type Compare, expectedFigures, type IsoDate, type Span } from "../oracle/recompute";
import { openRawSource, type RawSource } from "../oracle/sqlite-source";
import { e2e } from "./env";
import { DEMO_PASSWORD, demoAccounts, demoTenancyIds } from "./helpers";

/**
 * The independent oracle: every figure of the consumption pages — the chart table's rows,
 * the legend totals and the key-figure cards — recomputed from the raw readings of the e2e
 * database (tests/oracle: its own calendar, clipping and comparison mapping, no rollups, no code of
 * the back-end or the portal) and compared to the displayed decimals, for every demo tenancy and
 * quantity, over both daylight-saving days of 2026, the year end, a weekly period starting
 * mid-week, whole months and the last 365 days, with each comparison. No page may carry a NUL
 * byte.
 *
 * Pages are fetched as HTML with a request context (no rendering): the figures are in the
 * server's markup. Runs in the "js" project only; the nojs project sees the same HTML. Sign-ins come
 * from an address of their own, so the abuse tests' per-address limits cannot refuse them.
 */

interface Case {
  name: string;
  from: IsoDate;
  to: IsoDate;
  span: Span;
  compare: Compare;
}

/** Today's date in Copenhagen, by Intl (not the portal's code). */
function todayInCopenhagen(): IsoDate {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Copenhagen",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const today = todayInCopenhagen();
const periods = {
  spring: { from: "2026-03-29", to: "2026-03-29", span: "hour" },
  autumn: { from: "2026-10-25", to: "2026-10-25", span: "hour" },
  // Normal days compared with the daylight-saving days before them.
  afterSpring: { from: "2026-03-30", to: "2026-03-30", span: "hour" },
  afterAutumn: { from: "2026-10-26", to: "2026-10-26", span: "hour" },
  yearEndWeeks: { from: "2025-12-22", to: "2026-01-12", span: "week" },
  yearEndDays: { from: "2025-12-22", to: "2026-01-12", span: "day" },
  midWeek: { from: "2026-06-10", to: "2026-08-20", span: "week" },
  last365: { from: addDays(today, -364), to: today, span: "month" },
  wholeMonths: { from: "2025-10-01", to: "2026-09-30", span: "month" },
  february: { from: "2026-02-01", to: "2026-02-28", span: "day" },
  // Periods that run past now (issue 25): compared only as far as their values go.
  thisYear: { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31`, span: "month" },
  last30: { from: addDays(today, -29), to: today, span: "day" },
  today: { from: today, to: today, span: "hour" },
} as const satisfies Record<string, Omit<Case, "name" | "compare">>;
type PeriodName = keyof typeof periods;

const at = (period: PeriodName, compare: Compare): Case => ({
  name: `${period}/${compare}`,
  ...periods[period],
  compare,
});

/** The span a page picks by itself (spec sections 4 and 9), to ask for another one in the URL. */
function automaticSpan(from: IsoDate, to: IsoDate): Span {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days <= 1) return "hour";
  if (days > 31 && days < 363) return "week";
  if (days > 363) return "month";
  return "day";
}

function pageUrl(tenancyId: number, quantity: string, c: Case): string {
  const search = new URLSearchParams({ from: c.from, to: c.to, compare: c.compare });
  if (automaticSpan(c.from, c.to) !== c.span) search.set("resolution", c.span);
  return `/t/${tenancyId}/consumption/${quantity}?${search}`;
}

let addressCounter = 0;

interface Session {
  request: APIRequestContext;
  /** Signs in again (a support session ends after e2e.impersonationSessionSeconds). */
  renew(): Promise<void>;
}

/** A signed-in request context of a demo resident, in a language of our choice. */
async function signedIn(
  playwright: { request: { newContext: typeof import("@playwright/test").request.newContext } },
  email: string,
  language: "da" | "en" | "nb",
  workerIndex: number,
): Promise<Session> {
  addressCounter++;
  const request = await playwright.request.newContext({
    baseURL: e2e.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": `10.113.${workerIndex % 250}.${addressCounter % 250}` },
  });
  const signIn = async () => {
    let login = await request.post("/login/email", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
    // On a busy machine the back-end can miss the portal's deadline (503): try again.
    for (let attempt = 0; attempt < 2 && login.status() === 503; attempt++) {
      login = await request.post("/login/email", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
    }
    expect([302, 303], `sign-in of ${email}`).toContain(login.status());
    const chosen = await request.post("/language", { form: { lng: language, redirectTo: "/" }, maxRedirects: 0 });
    expect(chosen.status()).toBeLessThan(400);
  };
  await signIn();
  return { request, renew: signIn };
}

interface Finding extends Difference {
  url: string;
}

/** Fetches each page (two at a time), recomputes its figures and returns every difference. */
async function check(
  { request, renew }: Session,
  source: RawSource,
  tenancyId: number,
  work: { quantity: string; c: Case }[],
): Promise<Finding[]> {
  const tenancy = source.tenancy(tenancyId);
  const findings: Finding[] = [];
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { quantity, c } = work[next++]!;
      const url = pageUrl(tenancyId, quantity, c);
      let response = await request.get(url, { maxRedirects: 0 });
      // A busy machine can make the portal answer 503 (back-end deadline): one more try.
      if (response.status() === 503) response = await request.get(url, { maxRedirects: 0 });
      // The session ended (a support session is short in the e2e run): sign in again, once.
      if ([302, 303].includes(response.status()) && /\/login/.test(response.headers().location ?? "")) {
        await renew();
        response = await request.get(url, { maxRedirects: 0 });
      }
      const html = await response.text();
      // The page's comparisons stop where its values end when its period runs past now (issue 25).
      const now = Math.floor(Date.now() / 1000);
      if (response.status() !== 200) {
        findings.push({ url, kind: "structure", message: `status ${response.status()}` });
        continue;
      }
      const expected = expectedFigures(source, {
        period: { from: c.from, to: c.to },
        span: c.span,
        compare: c.compare,
        tenancy,
        timeZone: tenancy.timeZone,
        series: source.seriesOf(tenancy.unitId, quantity),
        otherUnits: source.otherUnitsOf(tenancy.unitId, quantity),
        now,
      });
      if (!expected) continue;
      for (const difference of compareFigures(parsePageFigures(html), expected, c.span, c.compare))
        findings.push({ url, ...difference });
    }
  };
  await Promise.all([worker(), worker()]);
  return findings;
}

/** The findings, one line each, grouped by kind with a count, for the failure message. */
function summary(findings: readonly Finding[]): string {
  const byKind = new Map<string, number>();
  for (const f of findings) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
  return [...byKind].map(([kind, n]) => `${kind}: ${n}`).join(", ");
}

interface Plan {
  title: string;
  email: string;
  language: "da" | "en" | "nb";
  tenancyId: number;
  /**
   * Cases for the unit's quantities: with `rotate`, quantity i gets case i mod n (every quantity
   * one page, the cases spread over them), otherwise every quantity gets every case.
   */
  everyQuantity: Case[];
  rotate?: boolean;
  /** Further cases for some quantities. */
  extra?: Record<string, Case[]>;
  /** Only these quantities (a plan split in two for time); all when absent. */
  quantities?: (all: string[]) => string[];
}

// Anna: every quantity over both daylight-saving days, a weekly period starting mid-week and the
// last 365 days; heat and electricity (in Danish and in English) with every other comparison, the
// year end by week and by day, whole months and a month by day against the property average.
const annaCore = [
  at("spring", "previous-period"),
  at("autumn", "previous-year"),
  at("midWeek", "previous-year"),
  at("last365", "previous-year"),
  at("thisYear", "previous-year"),
  at("last30", "previous-period"),
];
const annaExtra = (quantity: string) => [
  at("spring", "previous-year"),
  at("spring", "property-average"),
  at("autumn", "previous-period"),
  at("yearEndWeeks", "previous-period"),
  at("yearEndDays", "previous-year"),
  at("midWeek", "previous-period"),
  at("last365", "previous-period"),
  at("wholeMonths", "previous-year"),
  at("today", "previous-year"),
  at("thisYear", "previous-period"),
  ...(quantity === "heat-energy"
    ? [at("midWeek", "property-average"), at("yearEndWeeks", "previous-year"), at("spring", "none")]
    : [at("autumn", "property-average"), at("afterSpring", "previous-period"), at("afterAutumn", "previous-period")]),
];
const half = (which: 0 | 1) => (all: string[]) => all.filter((_, i) => i % 2 === which);
const anna = { email: demoAccounts.anna.email, tenancyId: demoTenancyIds.anna };

const plans: Plan[] = [
  {
    title: "Anna (da), every quantity, first half",
    ...anna,
    language: "da",
    everyQuantity: annaCore,
    quantities: half(0),
  },
  {
    title: "Anna (da), every quantity, second half",
    ...anna,
    language: "da",
    everyQuantity: annaCore,
    quantities: half(1),
  },
  {
    title: "Anna (da), heat: every comparison",
    ...anna,
    language: "da",
    everyQuantity: [],
    extra: { "heat-energy": annaExtra("heat-energy") },
  },
  {
    title: "Anna (en), electricity: every comparison",
    ...anna,
    language: "en",
    everyQuantity: [],
    extra: { "electricity-energy": annaExtra("electricity-energy") },
  },
  {
    title: "Jens's first tenancy (da), with gas",
    email: demoAccounts.jens.email,
    language: "da",
    tenancyId: demoTenancyIds.jensFirst,
    everyQuantity: [at("spring", "previous-year"), at("midWeek", "previous-period")],
    rotate: true,
    extra: {
      "gas-volume": [
        at("yearEndDays", "previous-year"),
        at("wholeMonths", "previous-period"),
        at("autumn", "property-average"),
      ],
    },
  },
  {
    title: "Jens's second tenancy (nb)",
    email: demoAccounts.jens.email,
    language: "nb",
    tenancyId: demoTenancyIds.jensSecond,
    everyQuantity: [at("autumn", "previous-period"), at("last365", "previous-period")],
    rotate: true,
  },
  {
    title: "Emma (en)",
    email: demoAccounts.emma.email,
    language: "en",
    tenancyId: demoTenancyIds.emma,
    everyQuantity: [at("yearEndWeeks", "previous-year"), at("february", "property-average")],
    rotate: true,
  },
];

test.describe("consumption figures against an independent recomputation from the raw readings", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "the HTML is the same without JavaScript: checked once, in the js project",
  );

  let opened: RawSource | undefined;
  const sourceOf = () => (opened ??= openRawSource(e2e.dataDir));
  // A worker may run this group's tests again after its afterAll (fullyParallel): it opens afresh.
  test.afterAll(() => {
    opened?.close();
    opened = undefined;
  });

  for (const plan of plans) {
    test(plan.title, async ({ playwright }, info) => {
      test.setTimeout(110_000);
      const source = sourceOf();
      const session = await signedIn(playwright, plan.email, plan.language, info.workerIndex);
      try {
        const unitId = source.tenancy(plan.tenancyId).unitId;
        const all = source.quantitiesOf(unitId);
        const quantities = plan.quantities ? plan.quantities(all) : all;
        const work = [
          ...quantities.flatMap((quantity, i) =>
            (plan.rotate ? [plan.everyQuantity[i % plan.everyQuantity.length]!] : plan.everyQuantity).map((c) => ({
              quantity,
              c,
            })),
          ),
          ...Object.entries(plan.extra ?? {}).flatMap(([quantity, cases]) => cases.map((c) => ({ quantity, c }))),
        ];
        const findings = await check(session, source, plan.tenancyId, work);
        await writeFile(info.outputPath("oracle-findings.json"), JSON.stringify(findings, null, 2));
        expect(
          findings.map((f) => `${f.url}\n    [${f.kind}] ${f.message}`),
          `${work.length} pages; differences: ${summary(findings)}`,
        ).toEqual([]);
      } finally {
        await session.request.dispose();
      }
    });
  }

  test("no page carries a NUL byte", async ({ playwright }, info) => {
    test.setTimeout(60_000);
    // Every page of the figure tests is checked too; these are the pages they do not fetch.
    const { request } = await signedIn(playwright, demoAccounts.anna.email, "da", info.workerIndex);
    try {
      const id = demoTenancyIds.anna;
      const paths = [
        `/t/${id}`,
        `/t/${id}/consumption/indoor-climate`,
        `/t/${id}/consumption/heat-energy`,
        `/t/${id}/consumption/hot-water-volume?compare=previous-year`,
        `/t/${id}/consumption/electricity-energy?compare=previous-period&tab=detailed`,
        `/t/${id}/consumption/electricity-energy/price`,
      ];
      const withNul: string[] = [];
      for (const path of paths) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        if ((await response.body()).includes(0)) withNul.push(path);
      }
      expect(withNul).toEqual([]);
    } finally {
      await request.dispose();
    }
  });
});
