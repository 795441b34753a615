import { describe, expect, it } from "vitest";
import {
  alarmLevelText,
  consumptionPathOf,
  metricTypeName,
  metricTypeText,
  notificationText,
  sentenceStart,
} from "./notification-text";
import { heatWeekAboveLimit } from "./notification-text.fixture";

/** The text with Intl's no-break spaces as plain ones. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, " ")) as T;

const base = heatWeekAboveLimit;

describe("notificationText", () => {
  it("says a total went above the limit, in the quantity's unit and decimals", () => {
    expect(plain(notificationText(base, "en"))).toEqual({
      key: "notifications.what.above",
      values: { period: "16–22 November 2026", value: "52 kWh", threshold: "40 kWh" },
    });
    expect(notificationText(base, "da").values.period).toBe("16.–22. november 2026");
  });

  it("gives an increase in percent with the previous period's total", () => {
    const text = plain(
      notificationText(
        { ...base, alarmType: "comparison", direction: "increase", threshold: 20, value: 35, comparedValue: 30.2 },
        "en",
      ),
    );
    expect(text.key).toBe("notifications.what.increase");
    expect(text.values).toMatchObject({ previous: "30 kWh" });
    expect(text.values.increase).toMatch(/^35\s?%$/);
    expect(text.values.threshold).toMatch(/^20\s?%$/);
  });

  it("names zero consumption and indoor-climate averages", () => {
    expect(
      plain(
        notificationText(
          {
            ...base,
            kind: "zero_consumption",
            alarmType: "zero",
            quantity: "cold-water-volume",
            threshold: 0,
            value: 0.012,
          },
          "en",
        ),
      ),
    ).toMatchObject({
      key: "notifications.what.zero",
      values: { value: "0.012 m³" },
    });
    const cold = {
      ...base,
      kind: "indoor_climate" as const,
      alarmType: "minimum",
      direction: "below" as const,
      quantity: "indoor-temperature",
      threshold: 19,
      value: 17.6,
    };
    expect(notificationText(cold, "en").key).toBe("notifications.what.average_below");
    expect(notificationText({ ...cold, alarmType: "maximum", direction: "above" }, "en").key).toBe(
      "notifications.what.average_above",
    );
  });

  it("reads a consumption report as one", () => {
    expect(notificationText({ ...base, kind: "consumption_report", quantity: null }, "en")).toEqual({
      key: "notifications.what.report",
      values: { period: "16–22 November 2026" },
    });
  });
});

describe("alarmLevelText and consumptionPathOf", () => {
  it("formats a level by its type", () => {
    expect(plain(alarmLevelText("threshold", "heat-energy", 40, "en"))).toEqual({
      key: "alarms.level_text.threshold",
      values: { level: "40 kWh" },
    });
    expect(alarmLevelText("comparison", "heat-energy", 20, "en").key).toBe("alarms.level_text.comparison");
  });

  it("leads to the consumption page of the period, indoor climate to its own page", () => {
    expect(consumptionPathOf(7009, "heat-energy", "2026-11-16", "2026-11-22")).toBe(
      "/t/7009/consumption/heat-energy?from=2026-11-16&to=2026-11-22",
    );
    expect(consumptionPathOf(7009, "indoor-relative-humidity", "2026-11-16", "2026-11-16")).toBe(
      "/t/7009/consumption/indoor-climate?from=2026-11-16&to=2026-11-16",
    );
  });
});

describe("metricTypeText", () => {
  it("names what is watched with spec section 3's metric type, or the quantity where it has none", () => {
    expect(metricTypeText("cold-water-volume")).toEqual({ key: "metric_type.coldwater", values: {} });
    expect(metricTypeText("hca")).toEqual({ key: "metric_type.radiator", values: {} });
    expect(metricTypeText("total-water-volume")).toEqual({ key: "quantity.total-water-volume", values: {} });
  });
});

describe("metricTypeName", () => {
  const texts: Record<string, string> = { "metric_type.coldwater": "koldt vand", "metric_type.energy": "varmeenergi" };
  const translate = (key: string) => texts[key] ?? key;

  it("names the metric type with a capital, as a list entry or heading starts", () => {
    expect(metricTypeName("cold-water-volume", "da", translate)).toBe("Koldt vand");
    expect(metricTypeName("heat-energy", "da", translate)).toBe("Varmeenergi");
  });

  it("keeps a quantity it does not know as it is", () => {
    expect(metricTypeName("something-else", "da", translate)).toBe("Something-else");
  });

  it("capitalizes by the language's rules", () => {
    expect(sentenceStart("ærlig", "da")).toBe("Ærlig");
    expect(sentenceStart("", "en")).toBe("");
  });
});
