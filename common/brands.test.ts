import { describe, expect, it } from "vitest";
import { brandFor, brandIds, brands, defaultBrandId } from "./brands";
import { supportedLanguages } from "./languages";

describe("brands", () => {
  it("are the three variants, the Danish market's unless configured otherwise", () => {
    expect(Object.keys(brands).sort()).toEqual([...brandIds].sort());
    expect(defaultBrandId).toBe("dk");
    for (const id of brandIds) expect(brandFor(id).id).toBe(id);
  });

  it("each have an app name in every language and https links to both stores", () => {
    for (const id of brandIds) {
      const brand = brandFor(id);
      for (const language of supportedLanguages)
        expect(brand.appName[language].trim(), `${id} ${language}`).not.toBe("");
      expect(brand.appStores.appStore).toMatch(/^https:\/\/apps\.apple\.com\//);
      expect(brand.appStores.googlePlay).toMatch(/^https:\/\/play\.google\.com\//);
    }
  });
});
