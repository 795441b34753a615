import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { supportedLanguages } from "@common/languages";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/emails.json";
import { mailTexts, portalTexts } from "./i18n";

const backendDir = fileURLToPath(new URL("..", import.meta.url));

/** Every nested key of a locale file ("invitation.subject"), plural forms under their base key too. */
function keysOf(node: unknown, prefix = ""): string[] {
  if (node === null || typeof node !== "object") return [prefix, prefix.replace(/_(one|other)$/, "")];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    keysOf(value, prefix ? `${prefix}.${key}` : key),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the e-mails' texts", () => {
  it("are there as soon as the module is loaded, in every language", () => {
    for (const language of supportedLanguages) {
      expect(mailTexts(language)("greeting")).not.toBe("greeting");
      expect(portalTexts(language)("quantity.heat-energy")).not.toBe("quantity.heat-energy");
    }
    expect(mailTexts("da")("report.open")).toBe("Se rapporten");
  });

  it("count in each language's plural forms", () => {
    expect([1, 2].map((count) => mailTexts("en")("notifications.subject", { count }))).toEqual([
      "1 new notification",
      "2 new notifications",
    ]);
    expect([1, 3].map((count) => mailTexts("da")("notifications.subject", { count }))).toEqual([
      "1 ny notifikation",
      "3 nye notifikationer",
    ]);
    expect([1, 0].map((count) => mailTexts("nb")("notifications.subject", { count }))).toEqual([
      "1 nytt varsel",
      "0 nye varsler",
    ]);
  });

  it("put values in as they are: no HTML escaping, and a value's own placeholders or $ patterns stay text", () => {
    const t = mailTexts("en");
    expect(t("invitation.intro", { inviter: "A {{home}} & <b>$&</b>", home: "{{app}}", app: "X" })).toBe(
      "A {{home}} & <b>$&</b> has invited you to follow the consumption of {{app}} in X.",
    );
  });

  it("used in the back-end's code all exist (in English; the locale test keeps the languages alike)", () => {
    const keys = new Set(keysOf(en));
    const used = sourceFiles(backendDir)
      .map((path) => ({ where: relative(backendDir, path), text: readFileSync(path, "utf8") }))
      // A mail's t comes from mailTexts, directly or through the templates' mailSetting.
      .filter(
        ({ text }) =>
          /from "(\.\/|\.\.\/mail\/)(i18n|templates)"/.test(text) && /\b(mailTexts|mailSetting)\(/.test(text),
      )
      .flatMap(({ where, text }) => [...text.matchAll(/\bt\("([^"]+)"/g)].map((m) => ({ key: m[1]!, where })));
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter(({ key }) => !keys.has(key)).map(({ key, where }) => `${key} (${where})`)).toEqual([]);
  });
});
