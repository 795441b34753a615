import { describe, expect, it } from "vitest";
import { defaultLanguage, fallbackLanguage, isLanguage, languageOrFallback, supportedLanguages } from "./languages";

describe("languages", () => {
  it("are Danish, English and Norwegian; Danish first-time, English for what is missing", () => {
    expect(supportedLanguages).toEqual(["da", "en", "nb"]);
    expect(defaultLanguage).toBe("da");
    expect(fallbackLanguage).toBe("en");
  });

  it.each([
    ["da", true],
    ["en", true],
    ["nb", true],
    ["no", false],
    ["DA", false],
    ["", false],
    [undefined, false],
    [null, false],
    [1, false],
  ])("isLanguage(%j) is %s", (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });

  it("keeps one of ours and gives the fallback for anything else", () => {
    for (const language of supportedLanguages) expect(languageOrFallback(language)).toBe(language);
    for (const other of ["sv", "fr", "", "da-DK", undefined, null]) expect(languageOrFallback(other)).toBe("en");
  });
});
