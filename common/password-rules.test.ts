import { describe, expect, it } from "vitest";
import { passwordProblemMessages, passwordProblems } from "./password-rules";
import { passwordsBreakingRules } from "./password-rules.fixture";

describe("passwordProblems (spec section 5)", () => {
  it("accepts a password that meets every rule", () => {
    expect(passwordProblems("Demo-Password-2026!")).toEqual([]);
    expect(passwordProblems("Ærlig-Kode-12")).toEqual([]);
  });

  it.each([...passwordsBreakingRules, ["", ["too_short", "no_capital", "no_lowercase", "no_digit", "no_special"]]])(
    "%s → %j",
    (password, problems) => {
      expect(passwordProblems(password)).toEqual(problems);
    },
  );

  it("counts 12 characters, not 12 bytes", () => {
    expect(passwordProblems("Æøå-Æøå-1234")).toEqual([]);
    expect(passwordProblems("Æøå-Æøå-123")).toEqual(["too_short"]);
  });

  it("treats letters of any alphabet as letters, not as special characters", () => {
    expect(passwordProblems("Blåbærgrødxyz1")).toEqual(["no_special"]);
  });

  it("rejects absurdly long passwords", () => {
    expect(passwordProblems(`Aa1!${"x".repeat(300)}`)).toEqual(["too_long"]);
  });

  it("has a message key for every problem", () => {
    for (const key of Object.values(passwordProblemMessages)) expect(key).toMatch(/^validation\.password_/);
  });
});
