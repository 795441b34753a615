import { describe, expect, it } from "vitest";
import { extraPresets } from "../../app/domain/period-query";
import { createPrng } from "../../backend/db/seed/demo-plan";
import { namedPeriods } from "../../common/period";
import {
  dataUrl,
  matchesOf,
  planVisit,
  presets,
  signInForm,
  singleFetchRedirect,
  virtualResidents,
} from "./replay.mjs";

/** A repeatable stand-in for Math.random: the demo seed's own mulberry32. */
const seeded = createPrng;

describe("presets", () => {
  it("are the period selector's presets but the billing year (a copy plain Node can import)", () => {
    expect(presets).toEqual([...namedPeriods, ...extraPresets.filter((preset) => preset !== "billing-year")]);
  });
});

describe("planVisit", () => {
  it("opens two to four consumption pages, then the dashboard and the notifications", () => {
    const random = seeded(5);
    const counts = new Set<number>();
    for (let n = 0; n < 500; n++) {
      const steps = planVisit("7001", ["heat-energy", "hca", "indoor-climate"], { today: "2026-12-01", random });
      const consumption = steps.filter((s) => s.kind === "consumption");
      counts.add(consumption.length);
      expect(steps.slice(-2)).toEqual([
        { kind: "dashboard", path: "/t/7001", prefetch: true },
        { kind: "notifications", path: "/t/7001/notifications" },
      ]);
      // The first through the dashboard's link, the others through the selector's form on that page.
      const [first, ...rest] = consumption;
      expect(first?.path).toMatch(/^\/t\/7001\/consumption\/(heat-energy|hca)$/);
      for (const step of rest) {
        const url = new URL(step.path, "http://portal");
        expect(url.pathname).toBe(first?.path);
        const keys = [...url.searchParams.keys()];
        expect([
          ["from", "to", "apply", "preset", "compare"],
          ["from", "to", "preset", "compare"],
        ]).toContainEqual(keys);
      }
    }
    expect([...counts].sort()).toEqual([2, 3, 4]);
  });

  it("goes to the dashboard and the notifications when the tenancy has no consumption page", () => {
    expect(planVisit("7003", ["indoor-climate"], { today: "2026-12-01" }).map((s) => s.kind)).toEqual([
      "dashboard",
      "notifications",
    ]);
  });
});

describe("dataUrl", () => {
  // The URLs Chromium asked for on the built portal (Remix 2.17.5, v3_singleFetch), recorded once.
  const routes = (...ids: string[]) => `_routes=${encodeURIComponent(ids.join(","))}`;
  const layout = "routes/tenancy/tenancy-layout";
  const consumption = ["routes/consumption/consumption", "routes/consumption/consumption-overview"];

  it("loads everything after the sign-in's POST redirected to the dashboard", () => {
    expect(dataUrl("/login/email", "/t/7009", { afterPost: true })).toBe("/t/7009.data");
  });

  it("loads all but the root on the dashboard's link to a consumption page, the layout too", () => {
    expect(dataUrl("/t/7009", "/t/7009/consumption/heat-energy")).toBe(
      `/t/7009/consumption/heat-energy.data?${routes(layout, ...consumption)}`,
    );
  });

  it("keeps the period selector's fields in order, and asks for where it redirects to the same way", () => {
    const page = "/t/7009/consumption/heat-energy";
    expect(dataUrl(page, `${page}?from=2026-11-03&to=2026-12-02&preset=last-month&compare=previous-year`)).toBe(
      `${page}.data?from=2026-11-03&to=2026-12-02&preset=last-month&compare=previous-year&${routes(layout, ...consumption)}`,
    );
    expect(dataUrl(page, `${page}?from=2026-11-01&to=2026-11-30&compare=previous-year`)).toBe(
      `${page}.data?from=2026-11-01&to=2026-11-30&compare=previous-year&${routes(layout, ...consumption)}`,
    );
  });

  it("asks for the dashboard and the notifications with the layout", () => {
    expect(dataUrl("/t/7009/consumption/heat-energy?from=2026-03-01&to=2026-03-20&compare=none", "/t/7009")).toBe(
      `/t/7009.data?${routes(layout, "routes/consumption/dashboard")}`,
    );
    expect(dataUrl("/t/7009", "/t/7009/notifications")).toBe(
      `/t/7009/notifications.data?${routes(layout, "routes/notifications/notifications")}`,
    );
  });

  it("refuses a page the replay does not know", () => {
    expect(matchesOf("/t/7009/alarms")).toBeNull();
    expect(() => dataUrl("/t/7009", "/t/7009/alarms")).toThrow(/does not know/);
    expect(() => dataUrl("/t/7009/alarms", "/t/7009")).toThrow(/does not know/);
  });
});

describe("singleFetchRedirect", () => {
  const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });

  it("reads a redirect from a 202 answer's turbo-stream", () => {
    const body =
      '[{"_1":2},"root",{"_3":4,"_5":6},"redirect","/t/7001/consumption/hca?from=2026-01-01&to=2026-01-31","status",302]';
    expect(singleFetchRedirect(202, headers({}), body)).toBe("/t/7001/consumption/hca?from=2026-01-01&to=2026-01-31");
  });

  it("reads the X-Remix-Redirect header, and nothing from a plain answer", () => {
    expect(singleFetchRedirect(204, headers({ "x-remix-redirect": "/t/1" }), "")).toBe("/t/1");
    expect(singleFetchRedirect(200, headers({}), '[{"redirect":"x"}]')).toBeNull();
  });

  it("takes a 202 answer's Location header first", () => {
    expect(singleFetchRedirect(202, headers({ location: "/t/7009" }), "")).toBe("/t/7009");
  });
});

describe("signInForm", () => {
  it("sends the form's fields in order with the e-mail and password filled in", () => {
    const html =
      '<form method="get" action="/language"><input name="lng" value="da"></form>' +
      '<form method="post" action="/login/email"><input type="email" name="email" value="">' +
      '<input type="password" name="password"><input type="checkbox" name="remember">' +
      '<input type="hidden" name="redirectTo" value="/t/1?a=1&amp;b=2"><input type="hidden" name="tenancyId" value="">' +
      '<button type="submit">Log ind</button></form>';
    expect(signInForm(html, { email: "anna@demo.test", password: "p w" })).toBe(
      "email=anna%40demo.test&password=p+w&redirectTo=%2Ft%2F1%3Fa%3D1%26b%3D2&tenancyId=",
    );
  });

  it("refuses a page without the form", () => {
    expect(() => signInForm("<p>nothing</p>", { email: "a", password: "b" })).toThrow(/no form/);
  });
});

describe("virtualResidents", () => {
  it("draws the residents over the demo accounts, each with an address of its own", () => {
    const residents = virtualResidents(
      [
        { email: "anna@demo.test", tenancies: { "7001": ["hca"] } },
        { email: "jens@demo.test", tenancies: { "7002": [] } },
      ],
      300,
      seeded(9),
    );
    expect(residents).toHaveLength(300);
    expect(new Set(residents.map((r) => r.address)).size).toBe(300);
    expect(residents[257]?.address).toBe("10.45.1.1");
    const anna = residents.filter((r) => r.email === "anna@demo.test").length;
    expect(anna).toBeGreaterThan(100);
    expect(anna).toBeLessThan(200);
  });
});
