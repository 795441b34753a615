import type { QuantityId } from "@common/quantities";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import type { UnitQuantityKpis } from "~/services/tenant/schemas";
import { comparisonKpis } from "./kpis.server";

const NBSP = "\u00a0";
const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

function kpis(quantity: QuantityId, total: number, reference: number): UnitQuantityKpis {
  return {
    quantityDescriptor: { quantity, normalized: false, expressedAs: "" },
    total,
    previousPeriod: reference,
    previousYear: reference,
    propertyComparison: null,
    rooms: [],
    meters: [],
  } as unknown as UnitQuantityKpis;
}

describe("comparisonKpis for each kind of quantity (ADR 0022)", () => {
  it("calls a temperature's figure an average, whole degrees, without a smiley", () => {
    const [total, previous] = comparisonKpis(kpis("heat-flow-temperature", 71.6, 60), {
      t,
      language: "da",
      quantity: "heat-flow-temperature",
    });
    expect(total).toMatchObject({ label: "kpi.total_average", value: `72${NBSP}°C` });
    expect(previous).toMatchObject({ value: `60${NBSP}°C`, comparison: null });
  });

  it("gives heat cooling whole kelvin and cooling energy two decimals, both averages", () => {
    expect(
      comparisonKpis(kpis("heat-cooling", 30.46, 28), { t, language: "en", quantity: "heat-cooling" })[0],
    ).toMatchObject({ label: "kpi.total_average", value: `30${NBSP}K` });
    expect(
      comparisonKpis(kpis("cooling-energy", 0.125, 0.2), { t, language: "en", quantity: "cooling-energy" })[0],
    ).toMatchObject({ label: "kpi.total_average", value: `0.13${NBSP}kWh` });
  });

  it("totals backflow in litres and errors as a bare count, judged like consumption", () => {
    const [backflow, previous] = comparisonKpis(kpis("cold-water-backflow", 0.1234, 0.05), {
      t,
      language: "da",
      quantity: "cold-water-backflow",
    });
    expect(backflow).toMatchObject({ label: "kpi.total_sum", value: `0,123${NBSP}m³` });
    expect(previous?.comparison?.kind).toBe("more-50");
    expect(comparisonKpis(kpis("error", 34, 0), { t, language: "da", quantity: "error" })[0]).toMatchObject({
      label: "kpi.total_sum",
      value: "34",
    });
  });

  it("keeps 'your consumption' for heat volume", () => {
    expect(
      comparisonKpis(kpis("heat-volume", 12.345, 10), { t, language: "en", quantity: "heat-volume" })[0],
    ).toMatchObject({ label: "kpi.total", value: `12.35${NBSP}m³` });
  });
});
