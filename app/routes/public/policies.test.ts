import { type Language, supportedLanguages } from "@common/languages";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources.server";
import { documentTranslator, inEveryLanguage, keysOf } from "./document-texts.testing";
import {
  type PolicyKind,
  type PolicySection,
  policiesNamespace,
  policyContent,
  policyKeys,
  policySections,
} from "./policies";

/** Both policies in every language, built from the locale files as the pages build them. */
const i18n = await documentTranslator();
const policies = Object.fromEntries(
  (Object.keys(policySections) as PolicyKind[]).map((kind) => [
    kind,
    inEveryLanguage(i18n, (t) => policyContent(kind, t)),
  ]),
) as Record<PolicyKind, Record<Language, PolicySection[]>>;

describe("policy texts", () => {
  it.each(supportedLanguages)("%s: policies.json holds exactly the texts the structure names", (language) => {
    expect(keysOf(resources[language][policiesNamespace]).sort()).toEqual(policyKeys().sort());
  });

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
