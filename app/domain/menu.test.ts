import { describe, expect, it } from "vitest";
import { notificationsShown } from "./menu";

describe("notificationsShown (spec section 2, ADR 0026)", () => {
  it("shows Notifications unless the property switches them off", () => {
    expect(notificationsShown([])).toBe(true);
    expect(notificationsShown(["HOURLY_VALUES"])).toBe(true);
    expect(notificationsShown(["HOURLY_VALUES", "NOTIFICATIONS_OFF"])).toBe(false);
  });

  it("matches the kind exactly", () => {
    expect(notificationsShown(["notifications_off", "NOTIFICATIONS_OFF_X"])).toBe(true);
  });
});
