import { describe, expect, it } from "vitest";
import {
  consumptionQuantityIds,
  indoorClimateQuantityIds,
  isQuantityId,
  type QuantityId,
  quantityDefinition,
  quantityIds,
  technicalQuantityIds,
  totalKindOf,
} from "./quantities";

// Spec section 3, "Quantity identifiers": the main list, then the four "also listed" (issue 25
// gives them identifiers too; the spec writes "electricity frequency" without one).
const alsoListed = ["electricity-frequency", "hot-water-flow", "gas-pressure", "outdoor-temperature"];
const specQuantityIds = [
  "heat-energy",
  "heat-volume",
  "hca",
  "hot-water-volume",
  "cold-water-volume",
  "electricity-energy",
  "cooling-energy",
  "gas-volume",
  "total-water-volume",
  "heat-flow-temperature",
  "heat-return-temperature",
  "indoor-temperature",
  "indoor-relative-humidity",
  "heat-cooling",
  "hot-water-backflow",
  "cold-water-backflow",
  "error",
  ...alsoListed,
];

// Spec section 3, "Units": kWh for energy, electricity and cooling energy; m3 for water, gas and
// heat volume; 'unit' for hca; K for heat-cooling; degrees Celsius for temperatures; % for humidity.
const specUnits: Record<string, string> = {
  "heat-energy": "kWh",
  "electricity-energy": "kWh",
  "cooling-energy": "kWh",
  "hot-water-volume": "m3",
  "cold-water-volume": "m3",
  "total-water-volume": "m3",
  "hot-water-backflow": "m3",
  "cold-water-backflow": "m3",
  "gas-volume": "m3",
  "heat-volume": "m3",
  hca: "unit",
  "heat-cooling": "K",
  "heat-flow-temperature": "°C",
  "heat-return-temperature": "°C",
  "indoor-temperature": "°C",
  "indoor-relative-humidity": "%",
};

// Spec section 3: "Addition quantities: cold water, hot water, gas, total water volumes. Average
// quantities: humidity, indoor temperature, cooling energy, flow and return temperature."
const specAddition = ["cold-water-volume", "hot-water-volume", "gas-volume", "total-water-volume"];
const specAverage = [
  "indoor-relative-humidity",
  "indoor-temperature",
  "cooling-energy",
  "heat-flow-temperature",
  "heat-return-temperature",
];

// Spec section 3, "Legacy meter kinds and their quantities".
const specLegacyKinds: Record<string, string> = {
  coldwater: "cold-water-volume",
  hotwater: "hot-water-volume",
  electricity: "electricity-energy",
  energy: "heat-energy",
  radiator: "hca",
  temperature: "indoor-temperature",
  gas: "gas-volume",
  humidity: "indoor-relative-humidity",
  cooling: "cooling-energy",
  flow_temperature: "heat-flow-temperature",
  return_temperature: "heat-return-temperature",
  heatvolume: "heat-volume",
};

describe("quantityIds", () => {
  it("holds exactly the quantity identifiers of the specification, once each", () => {
    expect([...quantityIds].sort()).toEqual([...specQuantityIds].sort());
    expect(new Set(quantityIds).size).toBe(quantityIds.length);
  });

  it("recognizes exactly those identifiers", () => {
    for (const id of specQuantityIds) expect(isQuantityId(id), id).toBe(true);
    for (const notOne of ["", "Heat-Energy", "water", "heat_energy", "heat-energy ", "toString", "__proto__"]) {
      expect(isQuantityId(notOne), notOne).toBe(false);
    }
  });
});

describe("the also-listed quantities", () => {
  it("have units their meters report, and are averaged over time, being states or rates", () => {
    expect(alsoListed.map((id) => quantityDefinition(id as QuantityId).unit)).toEqual(["Hz", "m3/h", "mbar", "°C"]);
    for (const id of alsoListed) {
      expect(quantityDefinition(id as QuantityId).aggregation, id).toBe("average");
      expect(totalKindOf(id as QuantityId), id).toBe("average");
      expect(technicalQuantityIds, id).toContain(id);
    }
  });
});

describe("quantityDefinition", () => {
  it.each(Object.entries(specUnits))("%s is measured in %s", (id, unit) => {
    expect(isQuantityId(id)).toBe(true);
    expect(quantityDefinition(id as QuantityId).unit).toBe(unit);
  });

  it.each(specAddition)("%s is summed over time", (id) => {
    expect(quantityDefinition(id as QuantityId).aggregation).toBe("addition");
  });

  it.each(specAverage)("%s is averaged over time", (id) => {
    expect(quantityDefinition(id as QuantityId).aggregation).toBe("average");
  });

  it("gives every quantity its own id, a unit and one of the two aggregations", () => {
    for (const id of specQuantityIds as QuantityId[]) {
      const definition = quantityDefinition(id);
      expect(definition.id).toBe(id);
      expect(definition.unit, id).toBeTruthy();
      expect(["addition", "average"], id).toContain(definition.aggregation);
    }
  });

  it("maps each legacy meter kind of the specification to its quantity, and no other", () => {
    const byLegacyKind: Record<string, string[]> = {};
    for (const id of quantityIds) {
      const kind = quantityDefinition(id).legacyKind;
      if (kind !== undefined) {
        byLegacyKind[kind] ??= [];
        byLegacyKind[kind].push(id);
      }
    }
    expect(byLegacyKind).toEqual(Object.fromEntries(Object.entries(specLegacyKinds).map(([k, q]) => [k, [q]])));
  });
});

describe("quantity groups", () => {
  it("shows only known quantities, each once, and keeps consumption and indoor climate apart", () => {
    for (const id of [...consumptionQuantityIds, ...indoorClimateQuantityIds]) expect(isQuantityId(id), id).toBe(true);
    expect(new Set(consumptionQuantityIds).size).toBe(consumptionQuantityIds.length);
    expect(consumptionQuantityIds.filter((id) => indoorClimateQuantityIds.includes(id))).toEqual([]);
  });

  it("has temperature and humidity as the indoor climate", () => {
    expect([...indoorClimateQuantityIds].sort()).toEqual(["indoor-relative-humidity", "indoor-temperature"]);
  });

  it("shows heating, water, gas, electricity and cooling as consumption", () => {
    for (const id of [
      "heat-energy",
      "hca",
      "hot-water-volume",
      "cold-water-volume",
      "total-water-volume",
      "gas-volume",
      "electricity-energy",
      "cooling-energy",
    ]) {
      expect(consumptionQuantityIds, id).toContain(id);
    }
  });
});

describe("technical quantities and what their key figure is called", () => {
  it("gives every quantity of the spec a menu group, exactly one", () => {
    const groups = [...consumptionQuantityIds, ...indoorClimateQuantityIds, ...technicalQuantityIds];
    expect(new Set(groups).size).toBe(groups.length);
    expect([...groups].sort()).toEqual([...quantityIds].sort());
  });

  it("averages temperatures, humidity and cooling; totals backflow and errors; the rest is consumption", () => {
    for (const id of [
      "heat-flow-temperature",
      "heat-return-temperature",
      "heat-cooling",
      "indoor-temperature",
      "indoor-relative-humidity",
      "cooling-energy",
    ] as const) {
      expect(totalKindOf(id), id).toBe("average");
    }
    for (const id of ["hot-water-backflow", "cold-water-backflow", "error"] as const)
      expect(totalKindOf(id), id).toBe("total");
    for (const id of ["heat-energy", "heat-volume", "hca", "cold-water-volume", "electricity-energy"] as const) {
      expect(totalKindOf(id), id).toBe("consumption");
    }
  });
});
