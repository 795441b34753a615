import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookie-header";

describe("cookieValue", () => {
  it.each([
    ["a=1; toast=abc; lang=da", "toast", "abc"],
    ["toast=abc;a=1", "toast", "abc"],
    ["  toast=abc  ", "toast", "abc"],
    ["toast=", "toast", ""],
    ["toast=a=b", "toast", "a"],
    ["toast=first; toast=second", "toast", "first"],
    ["toasty=1; mytoast=2", "toast", undefined],
    ["__session=toast", "toast", undefined],
    ["toast", "toast", undefined],
    ["", "toast", undefined],
  ])("%j, %s → %j", (header, name, expected) => {
    expect(cookieValue(header, name)).toBe(expected);
  });

  it("is undefined without a Cookie header", () => {
    expect(cookieValue(null, "toast")).toBeUndefined();
  });
});
