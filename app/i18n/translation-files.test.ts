import { supportedLanguages } from "@common/languages";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as localeFile } from "~/routes/public/locale-file";
import { browserI18nOptions, defaultNamespace, type Namespace, namespaces } from "./config";
import { createRequestI18n } from "./i18n.server";
import { resources, translationsHrefs } from "./resources.server";
import { hasNamespaces, rememberTranslationFiles, translationFiles } from "./translation-files";

/**
 * The browser's i18next (entry.client.tsx: the portal's options, one language, its files through
 * `translationFiles`) says what the server's says (ADR 0063), for every text of every namespace
 * and language, asked as the pages ask: useTranslation's fixed t of `common`, a `help:` prefix for
 * the others, with placeholders filled, left out and emptied, with counts, and the ways to miss.
 */

type Texts = Record<string, unknown>;

/** Every key path, leaves and the objects above them. */
function keysOf(node: unknown, prefix = "", out: { leaves: Map<string, unknown>; objects: string[] }) {
  if (node !== null && typeof node === "object") {
    if (prefix) out.objects.push(prefix);
    for (const [key, value] of Object.entries(node)) keysOf(value, prefix ? `${prefix}.${key}` : key, out);
  } else out.leaves.set(prefix, node);
  return out;
}

const placeholdersOf = (text: string) => [...text.matchAll(/\{\{-?\s*([^},\s]+)\s*\}\}/g)].map((m) => m[1] as string);

/** The calls to make of both instances for one language: [key, options]. */
function callsFor(texts: Record<Namespace, Texts>): [unknown, unknown?][] {
  const calls: [unknown, unknown?][] = [];
  for (const ns of namespaces) {
    const { leaves, objects } = keysOf(texts[ns], "", { leaves: new Map(), objects: [] });
    const named = (key: string) => (ns === defaultNamespace ? key : `${ns}:${key}`);
    for (const [key, value] of leaves) {
      const full = named(key);
      calls.push([full]);
      const names = typeof value === "string" ? placeholdersOf(value) : [];
      if (names.length > 0) {
        const values = Object.fromEntries(names.map((name) => [name, `«${name} $& $$ {{x}}»`]));
        calls.push([full, values], [full, Object.fromEntries(names.map((name) => [name, 0]))]);
        calls.push([full, Object.fromEntries(names.map((name) => [name, null]))]);
        calls.push([full, { replace: values }]);
      }
      for (const count of [0, 1, 2, 21, 1.5]) calls.push([full, { count }]);
      const stem = /^(.*)_(zero|one|two|few|many|other)$/.exec(full)?.[1];
      if (stem) for (const count of [0, 1, 2, 5]) calls.push([stem, { count }]);
    }
    for (const key of objects) calls.push([named(key)]);
  }
  calls.push(
    ["no.such.key"],
    ["no.such.key", { defaultValue: "Fallback {{name}}", name: "x" }],
    ["no.such.key", "Fallback"],
    ["help:no.such.key"],
    [["no.such.key", "menu.help"]],
    ["expense.not-a-type", { defaultValue: "not-a-type" }],
    ["menu.unread", { count: 3 }],
  );
  return calls;
}

/** The page's `<html data-translations>`, and a fetch answered by the locale-file route itself. */
function servePortalFiles(language: (typeof supportedLanguages)[number], failing: readonly string[] = []) {
  rememberTranslationFiles(Object.values(translationsHrefs(language)).join(" "));
  const fetch = vi.fn(async (href: string) => {
    const url = new URL(href, "http://portal.test");
    const [, , lng, file] = url.pathname.split("/");
    if (failing.some((ns) => file === `${ns}.json`)) throw new TypeError("Failed to fetch");
    return localeFile({ request: new Request(url), params: { lng, file }, context: {} } as never);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The browser's instance as entry.client.tsx makes it (its own, not i18next's default here). */
async function browserI18next(language: string, ns: string[]): Promise<I18n> {
  const instance = createInstance();
  await instance.use(translationFiles).init({ ...browserI18nOptions, lng: language, ns });
  return instance;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(supportedLanguages)("the browser's i18next in %s", (language) => {
  let server: TFunction;
  let browser: I18n;
  let fetched: ReturnType<typeof servePortalFiles>;

  beforeAll(async () => {
    server = (await createRequestI18n(language)).getFixedT(null, defaultNamespace);
    fetched = servePortalFiles(language);
    browser = await browserI18next(language, [...namespaces]);
  });

  it("loads each namespace once, from the page's versioned file, and no other language's", () => {
    const hrefs = translationsHrefs(language);
    expect(fetched.mock.calls.map(([href]) => href).sort()).toEqual(Object.values(hrefs).sort());
    expect(hasNamespaces(namespaces, browser)).toBe(true);
  });

  it("answers every text and every miss as the server's i18next does", () => {
    const calls = callsFor(resources[language] as Record<Namespace, Texts>);
    expect(calls.length).toBeGreaterThan(1000);
    const t = browser.getFixedT(null, defaultNamespace);
    for (const [key, options] of calls) {
      const ask = (translate: (...args: unknown[]) => unknown) =>
        translate(key, ...(options === undefined ? [] : [structuredClone(options)]));
      expect(ask(t as never), JSON.stringify([key, options])).toEqual(ask(server as never));
    }
  });
});

describe("a file that cannot be loaded", () => {
  it("leaves its namespace out, so the page is not hydrated with keys", async () => {
    servePortalFiles("da", ["help"]);
    const browser = await browserI18next("da", ["common", "help"]);
    expect(hasNamespaces(["common"], browser)).toBe(true);
    expect(hasNamespaces(["common", "help"], browser)).toBe(false);
  });
});
