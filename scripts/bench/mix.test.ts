import { describe, expect, it } from "vitest";
import { kindShares, type MixSession, makeDraw, mixPeriods, mixUrls, quantitiesIn, tenancyIdsIn } from "./mix.mjs";

/** A repeatable stand-in for Math.random (a linear congruential generator). */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("mixPeriods", () => {
  it("gives the last whole month, the twelve whole months before this one and a custom span", () => {
    expect(mixPeriods("2026-11-26")).toEqual({
      month: { from: "2026-10-01", to: "2026-10-31" },
      year: { from: "2025-11-01", to: "2026-10-31" },
      custom: { from: "2026-10-17", to: "2026-11-09" },
    });
  });

  it("crosses the year in January", () => {
    expect(mixPeriods("2026-01-05")).toEqual({
      month: { from: "2025-12-01", to: "2025-12-31" },
      year: { from: "2025-01-01", to: "2025-12-31" },
      custom: { from: "2025-11-26", to: "2025-12-19" },
    });
  });
});

describe("mixUrls", () => {
  it("gives a tenancy's dashboard, four views of each consumption page, its alarms and notifications", () => {
    const urls = mixUrls(7009, ["heat-energy", "hca"], "2026-11-26");
    expect(urls.dashboard).toEqual(["/t/7009"]);
    expect(urls.alarms).toEqual(["/t/7009/alarms"]);
    expect(urls.notifications).toEqual(["/t/7009/notifications"]);
    expect(urls.consumption).toEqual([
      "/t/7009/consumption/heat-energy",
      "/t/7009/consumption/heat-energy?from=2026-10-01&to=2026-10-31&compare=previous-year",
      "/t/7009/consumption/heat-energy?from=2025-11-01&to=2026-10-31&compare=property-average",
      "/t/7009/consumption/heat-energy?from=2026-10-17&to=2026-11-09&compare=none",
      "/t/7009/consumption/hca",
      "/t/7009/consumption/hca?from=2026-10-01&to=2026-10-31&compare=previous-year",
      "/t/7009/consumption/hca?from=2025-11-01&to=2026-10-31&compare=property-average",
      "/t/7009/consumption/hca?from=2026-10-17&to=2026-11-09&compare=none",
    ]);
  });

  it("gives no consumption page to a tenancy without quantities", () => {
    expect(mixUrls(7001, [], "2026-11-26").consumption).toEqual([]);
  });
});

describe("makeDraw", () => {
  const anna: MixSession = {
    cookie: "__session=anna",
    email: "anna@demo.test",
    tenancies: [mixUrls(7009, ["heat-energy"], "2026-11-26")],
  };
  const jens: MixSession = {
    cookie: "__session=jens",
    email: "jens@demo.test",
    tenancies: [mixUrls(7019, ["hca"], "2026-11-26"), mixUrls(7022, ["electricity-energy"], "2026-11-26")],
  };

  it("asks for a session's own tenancies' pages only, with its cookie and the given headers", () => {
    const draw = makeDraw([anna, jens], { random: seeded(1), headers: { "Accept-Encoding": "gzip, br" } });
    for (let i = 0; i < 2000; i++) {
      const next = draw();
      expect(next.headers["Accept-Encoding"]).toBe("gzip, br");
      const own = next.headers.Cookie === anna.cookie ? /^\/t\/7009(\/|$)/ : /^\/t\/(7019|7022)(\/|$)/;
      expect(next.path).toMatch(own);
      expect(next.path.startsWith("/t/")).toBe(true);
    }
  });

  it("draws the kinds by their shares, every session, tenancy and URL", () => {
    const draw = makeDraw([anna, jens], { random: seeded(7) });
    const kinds = new Map<string, number>();
    const cookies = new Set<string>();
    const paths = new Set<string>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const next = draw();
      kinds.set(next.kind, (kinds.get(next.kind) ?? 0) + 1);
      cookies.add(next.headers.Cookie!);
      paths.add(next.path);
    }
    for (const [kind, share] of Object.entries(kindShares)) expect((kinds.get(kind) ?? 0) / n).toBeCloseTo(share, 1);
    expect(cookies).toEqual(new Set([anna.cookie, jens.cookie]));
    const every = [anna, jens].flatMap((s) => s.tenancies.flatMap((t) => Object.values(t).flat()));
    expect(paths).toEqual(new Set(every));
  });

  it("draws again when a tenancy has no URL of the kind drawn, and never a kind with no share", () => {
    const noConsumption: MixSession = {
      cookie: "c",
      email: "x",
      tenancies: [mixUrls(7001, [], "2026-11-26")],
    };
    const draw = makeDraw([noConsumption], { random: seeded(3), shares: { ...kindShares, notifications: 0 } });
    const kinds = new Set(Array.from({ length: 500 }, () => draw().kind));
    expect(kinds).toEqual(new Set(["dashboard", "alarms"]));
  });

  it("refuses a mix with nothing to ask for", () => {
    expect(() => makeDraw([])).toThrow(/no session/);
  });
});

describe("reading the pages", () => {
  it("finds the tenancies a page links to, once each", () => {
    const html = `<a href="/t/7019">A</a><a href="/t/7022/consumption/hca?x=1">B</a><a href="/t/7019/alarms">C</a><a href="/terms">`;
    expect(tenancyIdsIn(html)).toEqual(["7019", "7022"]);
  });

  it("finds the tenancies of the tenancy switcher", () => {
    const html = `<a href="/t/7019/alarms">A</a><form method="post" action="/select-tenancy"><select id="tenancy-select" name="tenancyId"><option value="7019" selected="">4. tv.</option><option value="7022">5. th.</option></select></form><select name="other"><option value="9">x</option></select>`;
    expect(tenancyIdsIn(html)).toEqual(["7019", "7022"]);
  });

  it("finds a dashboard's consumption pages, not their sub-pages' paths", () => {
    const html = [
      `<a href="/t/7009/consumption/heat-energy">`,
      `<a href="/t/7009/consumption/heat-energy?tab=detailed">`,
      `<a href="/t/7009/consumption/hca">`,
      `<a href="/t/7009/consumption/hca/room/kitchen">`,
      `<a href="/t/7010/consumption/electricity-energy">`,
    ].join("");
    expect(quantitiesIn(html, "7009")).toEqual(["heat-energy", "hca"]);
  });
});
