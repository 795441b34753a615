import { describe, expect, it } from "vitest";
import { createPressSequence } from "./debug-hook";

describe("createPressSequence (Ctrl+S three times within 2 s)", () => {
  // Each press's time (ms) and whether it fires.
  it.each([
    ["fires on the third press within the window, then starts over", [0, 500, 1999, 2100], [false, false, true, false]],
    [
      "does not fire when the presses are spread over more than 2 s",
      [0, 1000, 2000, 2500],
      [false, false, false, true],
    ],
  ])("%s", (_, times, fires) => {
    const press = createPressSequence();
    expect(times.map((time) => press(time))).toEqual(fires);
  });
});
