import { heatWeekAboveLimit } from "@common/notification-text.fixture";
import { describe, expect, it } from "vitest";
import type { Alarm, Notification } from "~/services/tenant/alarm-schemas";
import {
  alarmQuantitiesOf,
  alarmView,
  idParam,
  levelAsTyped,
  levelErrorText,
  notificationView,
  tenancyEnded,
} from "./alarm-pages.server";

const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, " ");

describe("alarmQuantitiesOf", () => {
  it("offers the unit's quantities that can have alarms, water in total when it has both, in the portal's order", () => {
    const kinds = [
      "indoor-temperature",
      "cold-water-volume",
      "hot-water-volume",
      "heat-flow-temperature",
      "cooling-energy",
      "heat-energy",
    ];
    expect(alarmQuantitiesOf({ meterUnits: kinds.map((kind) => ({ kind, unit: "" })) })).toEqual([
      "heat-energy",
      "hot-water-volume",
      "cold-water-volume",
      "total-water-volume",
      "indoor-temperature",
    ]);
  });
});

describe("levelErrorText", () => {
  it("formats the numbers of the message in the resident's language", () => {
    expect(levelErrorText({ key: "alarms.error.level_range", values: { min: 0.01, max: 1_000_000 } }, "da")).toEqual({
      key: "alarms.error.level_range",
      values: { min: "0,01", max: "1.000.000" },
    });
    expect(
      levelErrorText({ key: "alarms.error.level_range", values: { min: 0.01, max: 1_000_000 } }, "en").values,
    ).toEqual({ min: "0.01", max: "1,000,000" });
  });

  it("asks for a whole number rather than 'at most 0 decimals'", () => {
    expect(levelErrorText({ key: "alarms.error.level_decimals", values: { decimals: 0 } }, "en")).toEqual({
      key: "alarms.error.level_whole",
    });
    expect(levelErrorText({ key: "alarms.error.level_required" }, "en")).toEqual({
      key: "alarms.error.level_required",
    });
  });
});

describe("ids and dates", () => {
  it("takes only positive whole ids from the URL, else 404", () => {
    expect(idParam("42", "alarm_not_found")).toBe(42);
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "01", "99999999999"]) {
      expect(() => idParam(bad, "alarm_not_found"), String(bad)).toThrow();
    }
  });

  it("knows an ended tenancy by its last day before today (Copenhagen)", () => {
    const now = new Date("2026-11-25T10:00:00Z");
    expect(tenancyEnded({ end: null }, now)).toBe(false);
    expect(tenancyEnded({ end: "2026-11-25" }, now)).toBe(false);
    expect(tenancyEnded({ end: "2026-11-24" }, now)).toBe(true);
  });

  it("shows a level as it would be typed", () => {
    expect(levelAsTyped(1.25, "da")).toBe("1,25");
    expect(levelAsTyped(1.25, "en")).toBe("1.25");
  });
});

describe("views", () => {
  const alarm: Alarm = {
    id: 5,
    tenancyId: 7009,
    quantity: "heat-energy",
    metricType: "energy",
    type: "threshold",
    frequency: "week",
    level: 40,
    enabled: true,
    createdAt: "2026-11-01T23:30:00.000Z",
    updatedAt: "2026-11-01T23:30:00.000Z",
    lastFiredAt: "2026-11-23T05:00:00.000Z",
    lastFiredPeriodStart: "2026-11-16",
    lastFiredPeriodEnd: "2026-11-22",
  };

  /** The alarm's notification of the week's heat above its limit, unread, as the portal reads it. */
  const notification: Notification = {
    ...heatWeekAboveLimit,
    id: 9,
    tenancyId: 7009,
    alarmId: 5,
    metricType: "energy",
    frequency: "week",
    reportCode: null,
    watchDays: null,
    createdAt: "2026-11-23T05:00:00.000Z",
    read: false,
    readAt: null,
  };

  it("reads an alarm in the resident's language, dates in Copenhagen", () => {
    const view = alarmView(alarm, "en")!;
    expect(view).toMatchObject({
      type: "threshold",
      frequency: "week",
      createdOn: "2 November 2026",
      lastFired: { on: "23 November 2026", period: "16–22 November 2026" },
    });
    expect(plain(view.level.values.level)).toBe("40 kWh");
    expect(alarmView({ ...alarm, quantity: "beer" }, "en")).toBeNull();
  });

  it("links a notification to the consumption of its period and to its alarm", () => {
    const view = notificationView(notification, "7009", "en");
    expect(view).toMatchObject({
      kind: "high_consumption",
      direction: "above",
      consumptionHref: "/t/7009/consumption/heat-energy?from=2026-11-16&to=2026-11-22",
      alarmHref: "/t/7009/alarms/5",
      reportHref: null,
      text: { key: "notifications.what.above" },
    });
    expect(
      notificationView(
        { ...notification, kind: "consumption_report", quantity: null, alarmId: null, reportCode: "abc" },
        "7009",
        "en",
      ),
    ).toMatchObject({
      consumptionHref: null,
      alarmHref: null,
      reportHref: "/report/abc",
    });
  });

  it("reads a watch's notification: its own sentence, its nights oldest first with their flows, no alarm", () => {
    const n: Notification = {
      ...notification,
      id: 10,
      alarmId: null,
      kind: "leak_watch",
      quantity: "cold-water-volume",
      metricType: null,
      alarmType: null,
      frequency: null,
      direction: null,
      threshold: null,
      value: 0.004,
      periodStart: "2026-11-27",
      periodEnd: "2026-11-29",
      watchDays: [
        { date: "2026-11-29", value: 0.006 },
        { date: "2026-11-27", value: 0.004 },
        { date: "2026-11-28", value: 0.0125 },
      ],
      createdAt: "2026-11-29T05:30:00.000Z",
    };
    const view = notificationView(n, "7009", "en");
    expect(view).toMatchObject({
      kind: "leak_watch",
      text: { key: "notifications.what.leak_watch" },
      alarmHref: null,
      period: "27–29 November 2026",
    });
    expect(view.watchDays.map((d) => [d.iso, d.date, plain(d.amount)])).toEqual([
      ["2026-11-27", "27 November 2026", "0.004 m³"],
      ["2026-11-28", "28 November 2026", "0.013 m³"],
      ["2026-11-29", "29 November 2026", "0.006 m³"],
    ]);
    expect(notificationView({ ...n, kind: "high_consumption" }, "7009", "en").watchDays).toEqual([]);
  });
});
