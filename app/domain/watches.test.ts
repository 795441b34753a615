import { describe, expect, it } from "vitest";
import {
  isWatchNotification,
  suggestsWatches,
  unavailableReasonKey,
  watchDayLines,
  watchFormErrors,
  watchIntents,
  watchOfIntent,
} from "./watches";

const watch = (available: boolean, enabled = false) => ({ available, enabled });

describe("suggestsWatches", () => {
  it("suggests while nothing is dismissed, no watch is on and one is offered", () => {
    expect(suggestsWatches({ watches: [watch(true), watch(false)], suggestionDismissed: false }, false)).toBe(true);
    expect(suggestsWatches({ watches: [watch(false), watch(true)], suggestionDismissed: false }, false)).toBe(true);
  });

  it("does not once dismissed, with a watch on, with none offered, on an ended tenancy or without an answer", () => {
    expect(suggestsWatches({ watches: [watch(true), watch(true)], suggestionDismissed: true }, false)).toBe(false);
    expect(suggestsWatches({ watches: [watch(true, true), watch(true)], suggestionDismissed: false }, false)).toBe(
      false,
    );
    expect(suggestsWatches({ watches: [watch(false), watch(false)], suggestionDismissed: false }, false)).toBe(false);
    expect(suggestsWatches({ watches: [watch(true), watch(true)], suggestionDismissed: false }, true)).toBe(false);
    expect(suggestsWatches(null, false)).toBe(false);
  });
});

describe("unavailableReasonKey", () => {
  it("says why in words, per watch where the reason differs", () => {
    expect(unavailableReasonKey("leak", "no_hourly_values")).toBe("watches.reason_no_hourly_values");
    expect(unavailableReasonKey("leak", "not_measured")).toBe("watches.reason_not_measured_leak");
    expect(unavailableReasonKey("heating_left_on", "not_measured")).toBe("watches.reason_not_measured_heating");
    expect(unavailableReasonKey("heating_left_on", "no_outdoor_temperature")).toBe(
      "watches.reason_no_outdoor_temperature",
    );
    expect(unavailableReasonKey("leak", null)).toBe("watches.not_offered");
  });
});

describe("the forms' intents", () => {
  it("name each watch, and nothing else", () => {
    expect(watchOfIntent(watchIntents.leak)).toBe("leak");
    expect(watchOfIntent(watchIntents.heating_left_on)).toBe("heating_left_on");
    expect(watchOfIntent("watch-other")).toBeNull();
  });
});

describe("watchFormErrors", () => {
  it("gives the form's messages when the action answers this watch's form, else none", () => {
    const answer = {
      status: "error",
      initialValue: { intent: "watch-leak", enabled: "on" },
      error: { "": ["watches.error_unavailable"] },
    };
    expect(watchFormErrors(answer, "watch-leak")).toEqual(["watches.error_unavailable"]);
    expect(watchFormErrors(answer, "watch-heating-left-on")).toEqual([]);
    expect(watchFormErrors({ ...answer, error: null }, "watch-leak")).toEqual([]);
    expect(watchFormErrors(undefined, "watch-leak")).toEqual([]);
    expect(watchFormErrors({ error: "forbidden" }, "watch-leak")).toEqual([]);
  });
});

describe("watch notifications", () => {
  it("are the two kinds the watches make", () => {
    expect(isWatchNotification("leak_watch")).toBe(true);
    expect(isWatchNotification("heating_left_on")).toBe(true);
    expect(isWatchNotification("high_consumption")).toBe(false);
  });

  it("list their nights oldest first, with each amount in the quantity's format and the language's dates", () => {
    const nights = [
      { date: "2026-11-29", value: 0.0123 },
      { date: "2026-11-28", value: 0.004 },
    ];
    expect(watchDayLines("cold-water-volume", nights, "en")).toEqual([
      { iso: "2026-11-28", date: "28 November 2026", amount: "0.004\u00a0m³" },
      { iso: "2026-11-29", date: "29 November 2026", amount: "0.012\u00a0m³" },
    ]);
    expect(watchDayLines("cold-water-volume", nights, "da").map((l) => [l.date, l.amount])).toEqual([
      ["28. november 2026", "0,004\u00a0m³"],
      ["29. november 2026", "0,012\u00a0m³"],
    ]);
  });

  it("list a heating run's days with their heat, and nothing without days", () => {
    expect(watchDayLines("heat-energy", [{ date: "2026-07-14", value: 3.4 }], "nb")).toEqual([
      { iso: "2026-07-14", date: "14. juli 2026", amount: "3\u00a0kWh" },
    ]);
    expect(watchDayLines("heat-energy", null, "en")).toEqual([]);
  });
});
