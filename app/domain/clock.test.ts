import { describe, expect, it } from "vitest";
import { copenhagenTimeOfDay } from "./clock";

describe("copenhagenTimeOfDay", () => {
  it("gives Copenhagen's wall-clock time in winter (UTC+1) and summer (UTC+2)", () => {
    expect(copenhagenTimeOfDay(new Date("2026-01-15T13:37:00Z"))).toBe("14:37");
    expect(copenhagenTimeOfDay(new Date("2026-07-15T13:37:00Z"))).toBe("15:37");
  });
  it("starts the day at 00:00, not 24:00", () => {
    expect(copenhagenTimeOfDay(new Date("2026-01-14T23:05:00Z"))).toBe("00:05");
  });
  it("follows the daylight-saving changes", () => {
    // 29 March 2026: 02:00 becomes 03:00; 25 October 2026: 03:00 becomes 02:00 again.
    expect(copenhagenTimeOfDay(new Date("2026-03-29T00:59:00Z"))).toBe("01:59");
    expect(copenhagenTimeOfDay(new Date("2026-03-29T01:00:00Z"))).toBe("03:00");
    expect(copenhagenTimeOfDay(new Date("2026-10-25T00:30:00Z"))).toBe("02:30");
    expect(copenhagenTimeOfDay(new Date("2026-10-25T01:30:00Z"))).toBe("02:30");
  });
});
