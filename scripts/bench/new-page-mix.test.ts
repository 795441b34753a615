import { describe, expect, it } from "vitest";
import { compareChoices as selectorCompareChoices } from "../../app/domain/period-query";
import { createPrng } from "../../backend/db/seed/demo-plan";
import {
  compareChoices,
  drawPeriod,
  lookBackDays,
  makeNewPageDraw,
  type NewPageSession,
  portalInBarePages,
  quantitySlugs,
  reSignInAfterMs,
} from "./new-page-mix.mjs";

/** A repeatable stand-in for Math.random: the demo seed's own mulberry32. */
const seeded = createPrng;

const dayMs = 86_400_000;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs + 1;

const sessions: NewPageSession[] = [
  {
    email: "anna@demo.test",
    cookie: "__session=anna",
    tenancies: [{ id: "7001", quantities: ["heat-energy", "hca", "indoor-climate"] }],
  },
  {
    email: "jens@demo.test",
    cookie: "__session=jens",
    tenancies: [
      { id: "7002", quantities: ["cold-water", "hot-water"] },
      { id: "7003", quantities: [] },
    ],
  },
];

describe("drawPeriod", () => {
  it("gives 7–90 days, ending by today and starting at most two years back", () => {
    const random = seeded(1);
    const lengths = new Set<number>();
    for (let n = 0; n < 20_000; n++) {
      const { from, to } = drawPeriod("2026-12-01", random);
      const length = days(from, to);
      lengths.add(length);
      expect(length).toBeGreaterThanOrEqual(7);
      expect(length).toBeLessThanOrEqual(90);
      expect(to <= "2026-12-01").toBe(true);
      expect(days(from, "2026-12-01") - 1).toBeLessThanOrEqual(lookBackDays);
    }
    // Every length is drawn, the shortest and the longest too.
    expect(lengths.size).toBe(84);
  });

  it("reaches both ends of the two years", () => {
    expect(drawPeriod("2026-12-01", () => 0)).toEqual({ from: "2024-12-01", to: "2024-12-07" });
    expect(drawPeriod("2026-12-01", () => 0.999_999)).toEqual({ from: "2026-09-03", to: "2026-12-01" });
  });
});

describe("compareChoices", () => {
  it("are the period selector's comparisons, every one of them (a copy plain Node can import)", () => {
    expect(compareChoices).toEqual([...selectorCompareChoices]);
  });
});

describe("quantitySlugs", () => {
  it("leaves out indoor climate, which is no quantity", () => {
    expect(quantitySlugs(["heat-energy", "indoor-climate", "hca"])).toEqual(["heat-energy", "hca"]);
  });
});

describe("makeNewPageDraw", () => {
  it("never gives a URL twice", () => {
    const draw = makeNewPageDraw(sessions, { today: "2026-12-01", random: seeded(7) });
    const paths = Array.from({ length: 30_000 }, () => draw().path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(draw.asked.size).toBe(paths.length);
  });

  it("asks for dashboards about 30 % of the time and consumption pages 70 %, with the selector's parameters", () => {
    // Without tenancy 7003, which has no quantity (its draws are all dashboards, see below).
    const withQuantities = sessions.map((s) => ({ ...s, tenancies: s.tenancies.filter((t) => t.quantities.length) }));
    const draw = makeNewPageDraw(withQuantities, { today: "2026-12-01", random: seeded(3) });
    const drawn = Array.from({ length: 20_000 }, () => draw());
    const dashboards = drawn.filter((d) => d.kind === "dashboard");
    const share = dashboards.length / drawn.length;
    expect(share).toBeGreaterThan(0.29);
    expect(share).toBeLessThan(0.31);
    for (const d of dashboards) expect(d.path).toMatch(/^\/t\/700[12]\?visit=\d+$/);
    const compares = new Set<string>();
    for (const d of drawn.filter((d) => d.kind === "consumption")) {
      const url = new URL(d.path, "http://portal");
      expect(url.pathname).toMatch(/^\/t\/700[12]\/consumption\/(heat-energy|hca|cold-water|hot-water)$/);
      expect([...url.searchParams.keys()]).toEqual(["from", "to", "compare"]);
      const length = days(url.searchParams.get("from") ?? "", url.searchParams.get("to") ?? "");
      expect(length).toBeGreaterThanOrEqual(7);
      expect(length).toBeLessThanOrEqual(90);
      compares.add(url.searchParams.get("compare") ?? "");
    }
    expect([...compares].sort()).toEqual([...compareChoices].sort());
  });

  it("gives a tenancy without a quantity its dashboard only", () => {
    const draw = makeNewPageDraw(
      [{ email: "x", cookie: "", tenancies: [{ id: "7003", quantities: ["indoor-climate"] }] }],
      {
        today: "2026-12-01",
      },
    );
    expect(Array.from({ length: 3 }, () => draw().path)).toEqual([
      "/t/7003?visit=1",
      "/t/7003?visit=2",
      "/t/7003?visit=3",
    ]);
  });

  it("sends the session's cookie as it is at the time of the draw", () => {
    const one = [structuredClone(sessions[0] as NewPageSession)];
    const draw = makeNewPageDraw(one, { today: "2026-12-01", headers: { Accept: "text/html" } });
    expect(draw().headers).toEqual({ Accept: "text/html", Cookie: "__session=anna" });
    (one[0] as NewPageSession).cookie = "__session=anna-again";
    expect(draw().headers.Cookie).toBe("__session=anna-again");
  });

  it("refuses sessions without a tenancy", () => {
    expect(() =>
      makeNewPageDraw([{ email: "nora@demo.test", cookie: "", tenancies: [] }], { today: "2026-12-01" }),
    ).toThrow(/no session/);
  });
});

describe("reSignInAfterMs", () => {
  it("signs in again half a minute before the portal would refresh the access token", () => {
    expect(reSignInAfterMs({})).toBe(240_000);
    expect(reSignInAfterMs({ ACCESS_TOKEN_TTL_SECONDS: "120", TOKEN_REFRESH_LEAD_SECONDS: "10" })).toBe(80_000);
    expect(reSignInAfterMs({ ACCESS_TOKEN_TTL_SECONDS: "30" })).toBe(5_000);
  });
});

describe("the portal's CPU per new page in bare pages (ADR 0079)", () => {
  it("divides the portal's CPU per page by the bare page's and names the 25 % line", () => {
    expect(portalInBarePages(10.17, 1.35)).toBe("; the portal 7.5 × the bare page's 1.35 ms, 25 % = 4 × (ADR 0079)");
  });

  it("says nothing when either figure is missing", () => {
    expect(portalInBarePages(null, 1.35)).toBe("");
    expect(portalInBarePages(10.17, undefined)).toBe("");
    expect(portalInBarePages(10.17, 0)).toBe("");
  });
});
