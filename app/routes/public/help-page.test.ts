import { type Language, supportedLanguages } from "@common/languages";
import { describe, expect, it } from "vitest";
import { helpTopics } from "~/components/help";
import { resources } from "~/i18n/resources.server";
import { documentTranslator, inEveryLanguage, keysOf } from "./document-texts.testing";
import {
  contactAnchor,
  helpNamespace,
  helpPageContent,
  helpSectionKeys,
  helpTopicAnchor,
  topicsAnchor,
} from "./help-page";

/** The page in every language, built from the locale files as the route builds it. */
const i18n = await documentTranslator();
const helpPage = inEveryLanguage(i18n, helpPageContent);

/** Every text of a language's page, for the checks below. */
function texts(language: Language): string[] {
  const page = helpPage[language];
  const { sections, ...rest } = page;
  const blocks = sections.flatMap((s) => [s, ...s.subsections]);
  return [...Object.values(rest), ...blocks.flatMap((b) => [b.heading, ...b.paragraphs, ...(b.list ?? [])])];
}

/** The anchors of a language's page: sections with their subsections, in order. */
function anchors(language: Language): string[] {
  return helpPage[language].sections.flatMap((s) => [s.id, ...s.subsections.map((sub) => sub.id)]);
}

/** A subsection of a language's page, by the anchors of its section and its own. */
function subsection(language: Language, sectionId: string, id: string) {
  return helpPage[language].sections.find((s) => s.id === sectionId)?.subsections.find((sub) => sub.id === id);
}

describe("help page texts", () => {
  it.each(supportedLanguages)("%s: help.json holds exactly the section texts the structure names", (language) => {
    const sections = resources[language][helpNamespace].sections;
    expect(keysOf(sections).sort()).toEqual(helpSectionKeys().sort());
  });

  it("has the same sections and subsections, in the same order, in every language", () => {
    const english = anchors("en");
    expect(english).toEqual(expect.arrayContaining(["views", "save-energy", "alarms"]));
    for (const language of supportedLanguages) {
      expect(anchors(language)).toEqual(english);
      const shape = helpPage[language].sections.map((s) =>
        s.subsections.map((sub) => [sub.paragraphs.length, sub.list?.length ?? 0]),
      );
      expect(shape).toEqual(
        helpPage.en.sections.map((s) => s.subsections.map((sub) => [sub.paragraphs.length, sub.list?.length ?? 0])),
      );
    }
  });

  it("has unique anchors that do not clash with the help topics and contact", () => {
    const all = [...anchors("en"), ...helpTopics.map(helpTopicAnchor), topicsAnchor, contactAnchor];
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it.each(supportedLanguages)("%s: no text is empty and every block says something", (language) => {
    for (const text of texts(language)) expect(text.trim()).not.toBe("");
    for (const section of helpPage[language].sections) {
      for (const block of [section, ...section.subsections]) {
        expect(block.paragraphs.length + (block.list?.length ?? 0)).toBeGreaterThan(0);
      }
    }
  });

  it("has the page titles the spec names", () => {
    expect(helpPage.en.title).toBe("Help");
    expect(helpPage.da.title).toBe("Hjælp");
    expect(helpPage.nb.title).toBe("Hjelp");
  });

  it.each(supportedLanguages)("%s: the energy tips give the spec's 21 °C and 5–6 %% per degree", (language) => {
    const saving = helpPage[language].sections.find((s) => s.id === "save-energy");
    const text = JSON.stringify(saving);
    expect(text).toMatch(/21\s°C/);
    expect(text).toMatch(/5–6\s%/);
  });

  it.each(supportedLanguages)(
    "%s: the alarm section names every frequency and fires at most once per period",
    (language) => {
      expect(subsection(language, "alarms", "alarm-types")?.list).toHaveLength(4);
      const frequency = subsection(language, "alarms", "alarm-frequency");
      expect(frequency?.paragraphs.join(" ")).toMatch(/(once|én gang)/);
    },
  );

  it.each(supportedLanguages)(
    "%s: weather adjustment is explained with ADR 0070's numbers and its worked example",
    (language) => {
      const weather = subsection(language, "views", "view-weather");
      const said = JSON.stringify(weather);
      // Degree days on a 17 °C base, the fit over 365 days, and when no figure is given.
      for (const figure of [/17\s°C/, /365/, /60/, /30/, /R² under 0[.,]5/, /90\s%/]) expect(said).toMatch(figure);
      // January: 560 kWh at 529 degree days against 480 at 429 is 570 adjusted, 1.8 % less.
      for (const figure of ["560", "529", "480", "429", "570", /1[.,]8\s%/]) expect(said).toMatch(figure);
      // The five reasons, LITTLE_HEATING last: a summer month against a spring one, too little heating.
      expect(weather?.list).toHaveLength(5);
      const littleHeating = weather?.list?.[4] ?? "";
      expect(littleHeating).toMatch(/summer|sommer/);
      expect(littleHeating).toMatch(/too little heating|varmet for lidt|fyrt for lite/);
    },
  );

  it.each(supportedLanguages)(
    "%s: the efficient neighbours are explained with ADR 0073's rules: a fifth, per m², 10 other homes",
    (language) => {
      const neighbours = subsection(language, "views", "view-neighbours");
      const said = JSON.stringify(neighbours);
      for (const figure of [/femtedel|fifth/, /m²/, /\b10\b/, /\b2\b/]) expect(said).toMatch(figure);
      expect(neighbours?.paragraphs).toHaveLength(3);
    },
  );
});
