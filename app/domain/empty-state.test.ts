import { describe, expect, it } from "vitest";
import { emptyStateOf } from "./empty-state";

describe("emptyStateOf", () => {
  it("says 'no consumption data today' for today alone", () => {
    expect(emptyStateOf({ from: "2026-11-23", to: "2026-11-23" }, "2026-11-23")).toBe("states.no_consumption_today");
  });
  it("says 'data not yet available' for any other period", () => {
    expect(emptyStateOf({ from: "2026-11-22", to: "2026-11-22" }, "2026-11-23")).toBe("states.data_not_yet_available");
    expect(emptyStateOf({ from: "2026-11-22", to: "2026-11-23" }, "2026-11-23")).toBe("states.data_not_yet_available");
    expect(emptyStateOf({ from: "2022-01-01", to: "2022-12-31" }, "2026-11-23")).toBe("states.data_not_yet_available");
  });
});
