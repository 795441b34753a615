import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { decode, encode } from "turbo-stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/services/graphql.server";
import type { TenantDegreeDays, TenantGraphResult } from "~/services/tenant/schemas";
import { type ChartRequest, degreeDaysInputOf, forgetDrawnCharts, graphInputOf, loadChart } from "./chart-view.server";
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

/** The degree days of answer()'s three days; the second without outdoor readings. */
function degreeDaysAnswer(): TenantDegreeDays {
  const bucket = (day: string, degreeDays: number, daysWithData: number) => ({
    firstDay: day,
    lastDay: day,
    partial: false,
    degreeDays,
    days: 1,
    daysWithData,
    normalDegreeDays: null,
  });
  return {
    firstDay: "2025-10-01",
    lastDay: "2025-10-03",
    degreeDays: 13.5,
    days: 3,
    daysWithData: 2,
    normalDegreeDays: null,
    normalYearSource: null,
    normalYearCountry: null,
    buckets: [bucket("2025-10-01", 6.04, 1), bucket("2025-10-02", 0, 0), bucket("2025-10-03", 7.46, 1)],
  };
}

function request(
  graph: () => TenantGraphResult,
  overrides: Partial<ChartRequest> = {},
  degreeDays: () => TenantDegreeDays = degreeDaysAnswer,
): ChartRequest {
  const context = {
    api: { tenant: { graph: async () => graph(), degreeDays: async () => degreeDays() } },
  } as unknown as AppLoadContext;
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

describe("the table's degree-day column (ADR 0070)", () => {
  it("gives heat by the day its degree days per row, headed in the resident's language", async () => {
    const view = await loadChart(request(() => answer()));
    expect(view.degreeDaysLabel).toBe("en:weather.degree_days");
    // A day's few with one decimal; a day without outdoor readings is a dash, not zero.
    expect(view.rows.map((row) => row.degreeDays)).toEqual(["6.0", "–", "7.5"]);
    const danish = await loadChart(request(() => answer(), { language: "da", t: translator("da") }));
    expect(danish.rows.map((row) => row.degreeDays)).toEqual(["6,0", "–", "7,5"]);
  });

  it("writes whole degree days for weeks and longer", async () => {
    const weeks = await loadChart(request(() => answer(), { span: "week" }));
    expect(weeks.rows.map((row) => row.degreeDays)).toEqual(["6", "–", "7"]);
  });

  it("asks for none by the hour, nor for quantities that do not follow the weather", () => {
    const base = { tenancyId: 7009, period: { from: "2025-10-01", to: "2025-10-03" }, compare: "none" } as const;
    expect(degreeDaysInputOf({ ...base, quantity: "heat-energy", span: "day" })).toEqual({
      tenancyId: 7009,
      periodBegin: "2025-10-01T00:00:00",
      periodEnd: "2025-10-04T00:00:00",
      resolution: "DAILY",
    });
    expect(degreeDaysInputOf({ ...base, quantity: "gas-volume", span: "month" })?.resolution).toBe("MONTHLY");
    expect(degreeDaysInputOf({ ...base, quantity: "heat-energy", span: "hour" })).toBeNull();
    expect(degreeDaysInputOf({ ...base, quantity: "cold-water-volume", span: "day" })).toBeNull();
    expect(degreeDaysInputOf({ ...base, quantity: "electricity-energy", span: "month" })).toBeNull();
  });

  it("has no column where the property has no outdoor readings, or the degree days are refused", async () => {
    const none = () => ({
      ...degreeDaysAnswer(),
      buckets: degreeDaysAnswer().buckets.map((bucket) => ({ ...bucket, daysWithData: 0, degreeDays: 0 })),
    });
    const silent = await loadChart(request(() => answer(), {}, none));
    expect(silent.degreeDaysLabel).toBeNull();
    expect(silent.rows.every((row) => row.degreeDays === null)).toBe(true);
    const refused = await loadChart(
      request(
        () => answer(),
        { idPrefix: "refused" },
        () => {
          throw new ApiError("tenant", "BAD_USER_INPUT", "too long");
        },
      ),
    );
    expect(refused.hasData).toBe(true);
    expect(refused.degreeDaysLabel).toBeNull();
  });

  it("draws again when the degree days change", async () => {
    await loadChart(request(() => answer()));
    await loadChart(
      request(
        () => answer(),
        {},
        () => ({ ...degreeDaysAnswer(), degreeDays: 14 }),
      ),
    );
    expect(draws).toHaveBeenCalledTimes(2);
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

/** answer() compared with the efficient neighbours instead: their figure, or null with too few homes. */
function neighboursAnswer(total: number | null): TenantGraphResult {
  const graph = answer();
  const consumption = graph.graphs[0]!.consumption;
  consumption.relatedValues = [
    {
      type: "EFFICIENT_NEIGHBOURS",
      values: total === null ? [null, null, null] : [7, 8, 6],
      total,
      firstDay: "2025-10-01",
      lastDay: "2025-10-03",
      until: null,
    },
  ];
  return graph;
}

describe("the efficient neighbours as a comparison (ADR 0073)", () => {
  it("asks the back-end for EFFICIENT_NEIGHBOURS for the whole home", () => {
    const input = graphInputOf({ ...request(() => answer()), compare: "efficient-neighbours" });
    expect(input.compareWith).toEqual(["EFFICIENT_NEIGHBOURS"]);
  });

  it.each([
    ["a room", { roomName: "Kitchen" }],
    ["a meter", { meterNumber: "12345678" }],
  ] as const)("asks for no comparison for %s, and says it is not possible", async (_, where) => {
    let asked: unknown = null;
    const chart = request(() => neighboursAnswer(21), { compare: "efficient-neighbours", ...where });
    chart.context.api.tenant.graph = (async (input: unknown) => {
      asked = input;
      return answer();
    }) as never;
    const view = await loadChart(chart);
    expect(asked).toMatchObject({ compareWith: [] });
    expect(view.comparisonNotPossible).toBe(true);
  });

  it("asks for none for an average (temperatures): the efficient neighbours compare amounts", () => {
    const input = graphInputOf({
      ...request(() => answer()),
      quantity: "indoor-temperature",
      compare: "efficient-neighbours",
    });
    expect(input.compareWith).toEqual([]);
  });

  it("draws their line and gives the table their column, named in the legend with their total", async () => {
    const view = await loadChart(request(() => neighboursAnswer(21), { compare: "efficient-neighbours" }));
    expect(view.comparisonLabel).toBe("en:compare.efficient-neighbours");
    expect(view.comparisonTotal).toBe(21);
    expect(view.comparisonTotalText).toBe("21");
    expect(view.rows.map((row) => row.comparison)).toEqual(["7", "8", "6"]);
    expect(view.comparisonMissing).toBeNull();
    const series = draws.mock.calls.at(-1)?.[0].series.map((line) => line.key);
    expect(series).toEqual(["main", "comparison"]);
  });

  it("says in words that too few homes have data, instead of a line or a column, where the figure is null", async () => {
    const view = await loadChart(request(() => neighboursAnswer(null), { compare: "efficient-neighbours" }));
    expect(view.comparisonMissing).toBe("en:efficient_neighbours.too_few");
    expect(view.comparisonLabel).toBeNull();
    expect(view.comparisonTotalText).toBeNull();
    expect(view.rows.every((row) => row.comparison === null)).toBe(true);
    expect(draws.mock.calls.at(-1)?.[0].series.map((line) => line.key)).toEqual(["main"]);
  });

  it("keeps the property average's null a plain missing value, not the neighbours' words", async () => {
    const graph = () => {
      const result = neighboursAnswer(null);
      result.graphs[0]!.consumption.relatedValues[0]!.type = "PROPERTY_AVERAGE";
      return result;
    };
    const view = await loadChart(request(graph, { compare: "property-average" }));
    expect(view.comparisonMissing).toBeNull();
    expect(view.comparisonLabel).toBe("en:compare.property-average");
  });
});
