import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { decode, encode } from "turbo-stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/services/graphql.server";
import type { TenantGraphResult } from "~/services/tenant/schemas";
import { type ChartRequest, forgetDrawnCharts, loadChart } from "./chart-view.server";
import * as drawing from "./consumption-chart.server";

vi.mock("./consumption-chart.server", async (original) => {
  const real = await original<typeof import("./consumption-chart.server")>();
  return { ...real, renderConsumptionChart: vi.fn(real.renderConsumptionChart) };
});
const draws = vi.mocked(drawing.renderConsumptionChart);

/** Three days of heat, compared with the previous period. */
function answer(firstValue = 12.5): TenantGraphResult {
  const days = ["2025-10-01", "2025-10-02", "2025-10-03"];
  return {
    timestamps: days.map((day) => `${day}T00:00:00+02:00`),
    buckets: days.map((day) => ({ firstDay: day, lastDay: day, partial: false })),
    graphs: [
      {
        type: "HOURLY_VALUES",
        consumption: {
          quantityDescriptor: { quantity: "heat-energy", normalized: false, expressedAs: "kWh" },
          values: [firstValue, 10, 11],
          total: firstValue + 21,
          relatedValues: [
            {
              type: "PREVIOUS_PERIOD",
              values: [9, 9, 9],
              total: 27,
              firstDay: "2025-09-28",
              lastDay: "2025-09-30",
              until: null,
            },
          ],
        },
      },
    ],
  };
}

// A translator that shows its key and options: enough to tell the languages' texts apart.
const translator = (language: string) =>
  ((key: string, options?: object) => `${language}:${key}${options ? JSON.stringify(options) : ""}`) as TFunction;

function request(graph: () => TenantGraphResult, overrides: Partial<ChartRequest> = {}): ChartRequest {
  const context = { api: { tenant: { graph: async () => graph() } } } as unknown as AppLoadContext;
  return {
    context,
    t: translator(overrides.language ?? "en"),
    language: "en",
    tenancyId: 7009,
    quantity: "heat-energy",
    period: { from: "2025-10-01", to: "2025-10-03" },
    span: "day",
    compare: "previous-period",
    idPrefix: "overview",
    ...overrides,
  };
}

beforeEach(() => {
  forgetDrawnCharts();
  draws.mockClear();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2025-11-20T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("loadChart keeps its drawings by what they depend on", () => {
  it("draws the same answer to the same page once", async () => {
    const first = await loadChart(request(() => answer()));
    const second = await loadChart(request(() => answer()));
    expect(draws).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    expect(first.svg).toContain("<svg");
  });

  it("draws again when a reading changes the answer, and shows the new figure", async () => {
    const before = await loadChart(request(() => answer(12.5)));
    const after = await loadChart(request(() => answer(14.5)));
    expect(draws).toHaveBeenCalledTimes(2);
    expect(before.total).toBe(33.5);
    expect(after.total).toBe(35.5);
    expect(after.rows[0]?.value).not.toBe(before.rows[0]?.value);
  });

  it("draws again in another language, for another choice on the page and on another day", async () => {
    await loadChart(request(() => answer()));
    const danish = await loadChart(request(() => answer(), { language: "da", t: translator("da") }));
    expect(danish.title.startsWith("da:")).toBe(true);
    await loadChart(request(() => answer(), { idPrefix: "price" }));
    await loadChart(request(() => answer(), { compare: "previous-year" }));
    expect(draws).toHaveBeenCalledTimes(4);
    vi.setSystemTime(new Date("2025-11-21T10:00:00Z"));
    await loadChart(request(() => answer()));
    expect(draws).toHaveBeenCalledTimes(5);
  });

  it("keeps no drawing of a refused answer", async () => {
    const refusing = request(() => {
      throw new ApiError("tenant", "BAD_USER_INPUT", "not served");
    });
    const view = await loadChart(refusing);
    expect(view.refused).toBe(true);
    expect(draws).not.toHaveBeenCalled();
  });
});

/** What Remix's single fetch sends for loader data (turbo-stream), and what the browser reads back. */
async function throughTheWire(value: unknown): Promise<{ text: string; decoded: unknown }> {
  const [forText, forDecoding] = encode(value).tee();
  const text = await new Response(forText).text();
  const decoded = await (await decode(forDecoding)).value;
  return { text, decoded };
}

describe("the chart is plain loader data: the browser gets what the server drew with (ADR 0062)", () => {
  it("sends the drawing with the rest of the chart, as the server's render reads it", async () => {
    const view = await loadChart(request(() => answer()));
    expect(view.svg).toMatch(/^<svg\b[\s\S]*<\/svg>$/);
    expect(Object.keys(view)).toContain("svg");
    const { text, decoded } = await throughTheWire({ chart: view });
    // In the data as a string, beside the title and the table's rows (Remix escapes it in the page).
    expect(text).toContain(JSON.stringify(view.svg));
    expect(text).toContain(JSON.stringify(view.title));
    // Every property arrives: what hydration renders is what the server rendered.
    expect(decoded).toEqual({ chart: view });
  });

  it("sends the same kept drawing again to a later request", async () => {
    const first = await loadChart(request(() => answer()));
    const again = await loadChart(request(() => answer()));
    expect(draws).toHaveBeenCalledTimes(1);
    expect(again.svg).toBe(first.svg);
    expect(((await throughTheWire(again)).decoded as { svg: string }).svg).toBe(first.svg);
  });

  it("sends a chart without a drawing with svg null, not left out", async () => {
    const refused = await loadChart(
      request(() => {
        throw new ApiError("tenant", "BAD_USER_INPUT", "not served");
      }),
    );
    expect(refused.svg).toBeNull();
    expect(((await throughTheWire({ chart: refused })).decoded as { chart: object }).chart).toHaveProperty("svg", null);
  });
});
