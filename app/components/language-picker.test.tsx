import { supportedLanguages } from "@common/languages";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LanguageFlag } from "./language-picker";

describe("language option icons (spec section 3: i18n key, icon, value)", () => {
  it("gives every supported language its own decorative flag", () => {
    const icons = supportedLanguages.map((language) => renderToStaticMarkup(<LanguageFlag language={language} />));
    for (const icon of icons) {
      expect(icon).toMatch(/^<svg aria-hidden="true" focusable="false" class="language-flag"/);
    }
    expect(new Set(icons).size).toBe(supportedLanguages.length);
  });

  it("draws nothing for a language without one", () => {
    expect(renderToStaticMarkup(<LanguageFlag language="sv" />)).toBe("");
  });
});
