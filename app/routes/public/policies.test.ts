import { describe, expect, it } from "vitest";
import { supportedLanguages } from "@common/languages";
import { policies } from "./policies";

describe("policy texts", () => {
  it.each(Object.keys(policies) as (keyof typeof policies)[])(
    "%s policy has the same sections and paragraphs in every language",
    (kind) => {
      const shape = (language: (typeof supportedLanguages)[number]) =>
        policies[kind][language].map((s) => s.paragraphs.length);
      const english = shape("en");
      expect(english.length).toBeGreaterThan(0);
      for (const language of supportedLanguages) {
        expect(shape(language)).toEqual(english);
        for (const section of policies[kind][language]) {
          expect(section.heading.trim()).not.toBe("");
          for (const p of section.paragraphs) expect(p.trim().length).toBeGreaterThan(20);
        }
      }
    },
  );

  it("the cookie policy names every cookie the portal sets", () => {
    const text = JSON.stringify(policies.cookie);
    for (const name of ["__session", "lng", "toast", "device", "cookieAccepted"]) expect(text).toContain(name);
  });
});
