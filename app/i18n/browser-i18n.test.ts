import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { supportedLanguages } from "@common/languages";
import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { createBrowserI18n } from "./browser-i18n";
import { defaultNamespace, i18nOptions, type Namespace, namespaces } from "./config";

/**
 * The browser's translator says what i18next says (ADR 0043): i18next itself, with the portal's
 * options and one language's texts as the browser has them, is the oracle. Every text of every
 * namespace and language is asked for as the pages ask (useTranslation's fixed t of `common`, a
 * `help:` prefix for the others), with its placeholders filled, left out and emptied, with counts,
 * and beside the ways a page can miss (unknown keys, default values, objects, arrays of keys).
 */

const localesDir = fileURLToPath(new URL("../../locales", import.meta.url));
type Texts = Record<string, unknown>;

function textsOf(language: string): Record<Namespace, Texts> {
  return Object.fromEntries(
    namespaces.map((ns) => [ns, JSON.parse(readFileSync(join(localesDir, language, `${ns}.json`), "utf8")) as Texts]),
  ) as Record<Namespace, Texts>;
}

/** Every key path, leaves and the objects above them. */
function keysOf(node: unknown, prefix = "", out: { leaves: Map<string, unknown>; objects: string[] }) {
  if (node !== null && typeof node === "object") {
    if (prefix) out.objects.push(prefix);
    for (const [key, value] of Object.entries(node)) keysOf(value, prefix ? `${prefix}.${key}` : key, out);
  } else out.leaves.set(prefix, node);
  return out;
}

const placeholdersOf = (text: string) => [...text.matchAll(/\{\{-?\s*([^},\s]+)\s*\}\}/g)].map((m) => m[1] as string);

/** The calls to make of both translators for one language: [key, options]. */
function callsFor(texts: Record<Namespace, Texts>): [unknown, unknown?][] {
  const calls: [unknown, unknown?][] = [];
  for (const ns of namespaces) {
    const { leaves, objects } = keysOf(texts[ns], "", { leaves: new Map(), objects: [] });
    const named = (key: string) => (ns === defaultNamespace ? key : `${ns}:${key}`);
    for (const [key, value] of leaves) {
      const full = named(key);
      calls.push([full]);
      if (ns === defaultNamespace) calls.push([`${ns}:${key}`]);
      const names = typeof value === "string" ? placeholdersOf(value) : [];
      if (names.length > 0) {
        const values = Object.fromEntries(names.map((name) => [name, `«${name} $& $$ {{x}}»`]));
        calls.push([full, values], [full, Object.fromEntries(names.map((name) => [name, 0]))]);
        calls.push([full, Object.fromEntries(names.map((name) => [name, null]))]);
        calls.push([full, Object.fromEntries(names.map((name) => [name, undefined]))]);
        calls.push([full, { replace: values }]);
      }
      for (const count of [0, 1, 2, 21, 1.5]) calls.push([full, { count }]);
      // A key with plural forms is asked for by its stem.
      const stem = /^(.*)_(zero|one|two|few|many|other)$/.exec(full)?.[1];
      if (stem) for (const count of [0, 1, 2, 5]) calls.push([stem, { count }]);
    }
    for (const key of objects) calls.push([named(key)]);
  }
  calls.push(
    ["no.such.key"],
    ["no.such.key", { defaultValue: "Fallback {{name}}", name: "x" }],
    ["no.such.key", "Fallback"],
    ["no.such.key", { defaultValue: "Many", defaultValue_one: "One", count: 1 }],
    ["no.such.key", { defaultValue: "Many", defaultValue_zero: "None", count: 0 }],
    ["help:no.such.key"],
    ["policies:no:such"],
    ["Natural language, with a colon: here"],
    [["no.such.key", "menu.help"]],
    [["menu.help", "no.such.key"]],
    [["no.such.key", "other.missing"]],
    [undefined],
    [null],
    ["menu", { returnObjects: false }],
    ["expense.not-a-type", { defaultValue: "not-a-type" }],
    ["menu.unread", { count: 3 }],
    ["alarms.level", { count: 0 }],
    ["alarms.level", { count: 2 }],
  );
  return calls;
}

describe.each(supportedLanguages)("the browser's translator in %s", (language) => {
  const texts = textsOf(language);
  let oracle: TFunction;
  let oracleWithPrefix: TFunction;
  const browser = createBrowserI18n(language, texts);

  beforeAll(async () => {
    const i18n = createInstance();
    await i18n.init({
      ...i18nOptions,
      lng: language,
      ns: [...namespaces],
      resources: { [language]: texts },
    });
    oracle = i18n.getFixedT(null, defaultNamespace);
    oracleWithPrefix = i18n.getFixedT(null, defaultNamespace, "menu");
  });

  it("answers every text and every miss as i18next does", () => {
    const calls = callsFor(texts);
    expect(calls.length).toBeGreaterThan(1000);
    const t = browser.getFixedT(null, defaultNamespace);
    for (const [key, options] of calls) {
      const ask = (translate: (...args: unknown[]) => unknown) =>
        translate(key, ...(options === undefined ? [] : [structuredClone(options)]));
      expect(ask(t), JSON.stringify([key, options])).toEqual(ask(oracle as unknown as (...args: unknown[]) => unknown));
    }
  });

  it("no text uses what it leaves out: nesting ($t(…)), formats ({{x, number}}), contexts, ordinals", () => {
    for (const ns of namespaces) {
      const { leaves } = keysOf(texts[ns], "", { leaves: new Map(), objects: [] });
      for (const [key, value] of leaves) {
        expect(typeof value, `${ns}:${key}`).toBe("string");
        expect(value, `${ns}:${key}`).not.toMatch(/\$t\(|\{\{[^}]*,[^}]*\}\}/);
        expect(key, `${ns}:${key}`).not.toMatch(/_(ordinal|male|female)(_|$)/);
      }
    }
  });

  it("with a key prefix, a namespace given as an option and through i18n.t", () => {
    const prefixed = browser.getFixedT(null, defaultNamespace, "menu");
    for (const key of ["help", "unread", "no-such"]) {
      expect(prefixed(key, { count: 2 })).toBe(oracleWithPrefix(key, { count: 2 }));
    }
    expect(browser.t("title", { ns: "help" })).toBe(oracle("title", { ns: "help" }));
    expect(browser.t("menu.help")).toBe(oracle("menu.help"));
  });

  it("takes a namespace loaded later", () => {
    const later = createBrowserI18n(language, { common: texts.common });
    const t = later.getFixedT(null, defaultNamespace);
    expect(later.hasResourceBundle(language, "help")).toBe(false);
    expect(t("help:title")).toBe("title");
    later.addResourceBundle(language, "help", texts.help);
    expect(later.hasResourceBundle(language, "help")).toBe(true);
    expect(t("help:title")).toBe(oracle("help:title"));
  });
});
