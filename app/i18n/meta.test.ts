import { supportedLanguages } from "@common/languages";
import type { MetaArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createRequestI18n } from "./i18n.server";
import { pageMeta } from "./meta";
import { resources } from "./resources.server";

const matchesWith = (data: unknown) => [{ id: "root", data }] as unknown as MetaArgs["matches"];

/** Every text of a language's `common`, by dotted key. */
function leavesOf(node: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (typeof node === "string") out.set(prefix, node);
  else if (node && typeof node === "object")
    for (const [key, child] of Object.entries(node)) leavesOf(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

describe("page titles", () => {
  it("before i18next is initialised, name the key (as i18next does for a missing one)", () => {
    expect(pageMeta(matchesWith({ appName: "Mit Forbrug", language: "da" }), "dashboard.title")).toEqual([
      { title: "dashboard.title – Mit Forbrug" },
      { name: "description", content: "" },
    ]);
    expect(pageMeta(matchesWith(undefined), "dashboard.title")).toEqual([{ title: "dashboard.title" }]);
  });

  it.each(supportedLanguages)(
    "in %s, are the texts of `common` in the root data's language, as before",
    async (language) => {
      // A render on the server has made its language's instance, which initialises the shared one.
      await createRequestI18n(language);
      const root = { appName: "Mit Forbrug", language };
      const common = leavesOf(resources[language].common);
      let asked = 0;
      for (const [key, text] of common) {
        // Titles name whole texts; a text with placeholders is not a title (interpolation aside, the same).
        if (text.includes("{{")) continue;
        expect(pageMeta(matchesWith(root), key), key).toEqual([
          { title: `${text} – Mit Forbrug` },
          { name: "description", content: common.get("splash.tagline") },
        ]);
        asked++;
      }
      expect(asked).toBeGreaterThan(300);
      expect(pageMeta(matchesWith(root), "no.such.title")[0]).toEqual({ title: "no.such.title – Mit Forbrug" });
    },
  );

  it("read the language from the root data, not the language of the last page rendered", async () => {
    await createRequestI18n("en");
    await createRequestI18n("da");
    const [title] = pageMeta(matchesWith({ appName: "X", language: "en" }), "dashboard.title");
    expect(title).toEqual({ title: `${resources.en.common.dashboard.title} – X` });
  });
});
