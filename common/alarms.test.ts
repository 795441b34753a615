import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  alarmFrequencies,
  alarmInvalidKey,
  alarmQuantityIds,
  alarmTypes,
  alarmTypesFor,
  directionOf,
  isMetricType,
  type LevelError,
  levelErrorReason,
  levelRule,
  metricTypeOf,
  metricTypes,
  notificationDirections,
  notificationKindOf,
  notificationKinds,
  parseLevel,
  validateLevel,
  validateLevelNumber,
} from "./alarms";
import * as Schema from "./graphql-enums.generated";
import { quantityIds } from "./quantities";

describe("the alarm enums", () => {
  // The database, the locales' keys and the forms use the lower-case names; the wire the schema's.
  it.each([
    ["AlarmType", alarmTypes, Schema.AlarmType],
    ["AlarmFrequency", alarmFrequencies, Schema.AlarmFrequency],
    ["NotificationKind", notificationKinds, Schema.NotificationKind],
    ["NotificationDirection", notificationDirections, Schema.NotificationDirection],
  ] as const)("are the schema's %s in lower case, in its order", (_, domain, schema) => {
    expect(domain.map((value) => value.toUpperCase())).toEqual([...schema]);
    expect(domain).toContain(schema[0].toLowerCase());
  });

  it("keep the names the database and the locales have always used", () => {
    expect(alarmTypes).toEqual(["threshold", "comparison", "zero", "minimum", "maximum"]);
    expect(alarmFrequencies).toEqual(["day", "week", "month", "year"]);
    expect(notificationKinds).toEqual([
      "high_consumption",
      "zero_consumption",
      "indoor_climate",
      "consumption_report",
      "leak_watch",
      "heating_left_on",
    ]);
    expect(notificationDirections).toEqual(["above", "below", "increase"]);
  });
});

describe("alarm rules", () => {
  // Consumption types for quantities that add up, min/max for the indoor climate, none for the rest.
  it.each([
    ["heat-energy", ["threshold", "comparison", "zero"]],
    ["cold-water-volume", ["threshold", "comparison", "zero"]],
    ["indoor-relative-humidity", ["minimum", "maximum"]],
    ["cooling-energy", []],
    ["heat-flow-temperature", []],
  ] as const)("offers %s the alarm types %j", (quantity, types) => {
    expect(alarmTypesFor(quantity)).toEqual(types);
  });

  it("offers no alarm on the error count", () => {
    expect(alarmQuantityIds).not.toContain("error");
  });

  it("names the notification kind, direction and metric type of each alarm", () => {
    expect(notificationKindOf("threshold")).toBe("high_consumption");
    expect(notificationKindOf("comparison")).toBe("high_consumption");
    expect(notificationKindOf("zero")).toBe("zero_consumption");
    expect(notificationKindOf("maximum")).toBe("indoor_climate");
    expect(directionOf("comparison")).toBe("increase");
    expect(directionOf("minimum")).toBe("below");
    expect(directionOf("zero")).toBe("above");
    expect(metricTypeOf("hot-water-volume")).toBe("hotwater");
    expect(metricTypeOf("hca")).toBe("radiator");
    expect(metricTypeOf("indoor-temperature")).toBe("temperature");
  });

  it("uses only spec section 3's metric types, one for each alarm quantity the spec has one for", () => {
    for (const quantity of quantityIds) {
      const metricType = metricTypeOf(quantity);
      if (metricType !== null) expect(isMetricType(metricType), quantity).toBe(true);
    }
    expect(alarmQuantityIds.filter((quantity) => metricTypeOf(quantity) === null)).toEqual(["total-water-volume"]);
    expect(metricTypeOf("heat-energy")).toBe("energy");
    expect(metricTypeOf("heat-volume")).toBe("heating");
    expect(metricTypeOf("cooling-energy")).toBe("cooling");
    expect(metricTypeOf("error")).toBeNull();
  });

  it("has a text for every metric type in every language", () => {
    for (const language of ["en", "da", "nb"]) {
      const block = JSON.parse(readFileSync(new URL(`../locales/${language}/common.json`, import.meta.url), "utf8"))
        .metric_type as Record<string, string>;
      expect(Object.keys(block).sort(), language).toEqual([...metricTypes].sort());
      for (const text of Object.values(block)) expect(text.trim().length).toBeGreaterThan(0);
    }
  });

  it("reads levels typed with a comma or a point, and nothing else", () => {
    expect(parseLevel("1,5")).toBe(1.5);
    expect(parseLevel(" 1.5 ")).toBe(1.5);
    expect(parseLevel("12")).toBe(12);
    expect(parseLevel("1.500,5")).toBeNull();
    expect(parseLevel("-3")).toBeNull();
    expect(parseLevel("1e3")).toBeNull();
    expect(parseLevel("")).toBeNull();
  });

  const accepted = (level: number) => ({ ok: true, level });
  const refused = (error?: object) => (error ? { ok: false, error } : expect.objectContaining({ ok: false }));
  const error = (key: string) => ({ key: `alarms.error.${key}` });
  // Against the quantity's unit and decimals (spec section 9); percentages 1–1000 for an increase,
  // physical ranges for the indoor climate; zero consumption fixes the level at 0.
  it.each([
    // Water: exactly 3 decimals, so a litre (0.001 m³) is the smallest limit.
    ["threshold", "cold-water-volume", "0,250", accepted(0.25)],
    ["threshold", "cold-water-volume", "0,0005", refused({ ...error("level_decimals"), values: { decimals: 3 } })],
    // Heat energy: whole kWh.
    ["threshold", "heat-energy", "1,5", refused(expect.objectContaining(error("level_decimals")))],
    ["threshold", "heat-energy", "0", refused(expect.objectContaining(error("level_range")))],
    ["threshold", "electricity-energy", "2.25", accepted(2.25)],
    ["threshold", "heat-energy", "", refused(error("level_required"))],
    ["threshold", "heat-energy", "abc", refused(error("level_not_a_number"))],
    ["comparison", "heat-energy", "25", accepted(25)],
    ["comparison", "heat-energy", "0", refused(expect.objectContaining({ values: { min: 1, max: 1000 } }))],
    ["comparison", "heat-energy", "1001", refused()],
    ["comparison", "heat-energy", "2,5", refused(expect.objectContaining(error("level_decimals")))],
    ["maximum", "indoor-relative-humidity", "70", accepted(70)],
    ["maximum", "indoor-relative-humidity", "100", refused()],
    ["minimum", "indoor-temperature", "18", accepted(18)],
    ["minimum", "indoor-temperature", "45", refused()],
    ["zero", "heat-energy", "12", accepted(0)],
  ] as const)("checks a %s level of %s typed %j", (type, quantity, typed, expected) => {
    expect(validateLevel(type, quantity, typed)).toEqual(expected);
  });

  it("has no level rule for zero consumption", () => {
    expect(levelRule("zero", "heat-energy")).toBeNull();
  });

  it("checks numbers from the GraphQL input the same way", () => {
    expect(validateLevelNumber("threshold", "cold-water-volume", 0.1 + 0.2)).toEqual({ ok: true, level: 0.3 });
    expect(validateLevelNumber("threshold", "heat-energy", -5)).toMatchObject({ ok: false });
    expect(validateLevelNumber("threshold", "heat-energy", null)).toMatchObject({
      ok: false,
      error: { key: "alarms.error.level_required" },
    });
    expect(validateLevelNumber("zero", "heat-energy", null)).toEqual({ ok: true, level: 0 });
  });
});

describe("a refused alarm's reason and its text (one naming rule, both ways)", () => {
  it("names each reason's text alarms.error.<reason in lower case>, and a level error's reason back", () => {
    expect(Schema.AlarmInvalidReason.map((reason) => alarmInvalidKey(reason))).toContain("alarms.error.level_range");
    const levelErrors: LevelError[] = [
      { key: "alarms.error.level_required" },
      { key: "alarms.error.level_not_a_number" },
      { key: "alarms.error.level_decimals", values: { decimals: 2 } },
      { key: "alarms.error.level_range", values: { min: 1, max: 40 } },
    ];
    for (const error of levelErrors) {
      const reason = levelErrorReason(error);
      expect(Schema.AlarmInvalidReason).toContain(reason);
      expect(alarmInvalidKey(reason)).toBe(error.key);
    }
  });
});
