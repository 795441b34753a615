import { describe, expect, it } from "vitest";
import { createPressSequence } from "./debug-hook";

describe("createPressSequence (Ctrl+S three times within 2 s)", () => {
  it("fires on the third press within the window, then starts over", () => {
    const press = createPressSequence();
    expect(press(0)).toBe(false);
    expect(press(500)).toBe(false);
    expect(press(1999)).toBe(true);
    expect(press(2100)).toBe(false);
  });

  it("does not fire when the presses are spread over more than 2 s", () => {
    const press = createPressSequence();
    expect(press(0)).toBe(false);
    expect(press(1000)).toBe(false);
    expect(press(2000)).toBe(false);
    expect(press(2500)).toBe(true);
  });
});
