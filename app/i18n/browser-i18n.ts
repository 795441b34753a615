import type { i18n as I18next } from "i18next";
import { defaultNamespace, i18nOptions, type Namespace } from "./config";

/**
 * The browser's translator (ADR 0043): the part of an i18next instance that react-i18next's
 * `useTranslation` and the portal's pages use, over the texts of the page's one language. The
 * server (and the back-end's e-mails) keep i18next; in the browser it was 14.6 KB gzip of every
 * page's JavaScript, for the few of its features the pages use: nested keys, a namespace prefix
 * (`help:title`), `{{name}}` placeholders (not escaped: React escapes), a count's plural forms and
 * `defaultValue`. Each step follows i18next 23's own (Translator.translate, resolve,
 * extractFromKey, Interpolator.interpolate with skipOnVariables), so a hydrated page says what the
 * server rendered; browser-i18n.test.ts checks every text of every language against i18next with
 * the portal's options. Not here, as no page in the browser asks for them: contexts, ordinals,
 * nesting (`$t(…)`), formats (`{{x, number}}`), returnObjects, changing the language (a language
 * switch reloads the document).
 */

type Texts = Record<string, unknown>;
type Options = Record<string, unknown>;
type Translate = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;

const keySeparator = ".";
const nsSeparator = ":";
/** Characters that make i18next read a key with a colon as natural language rather than `ns:key`. */
const naturalLanguage = /( |,|\?|!|;)/;
const nesting = /\$t\((.+?)\)/;

/** i18next's looksLikeObjectPath with its default separators. */
function looksLikeObjectPath(key: string): boolean {
  if (!naturalLanguage.test(key)) return true;
  const dot = key.indexOf(keySeparator);
  return dot > 0 && !naturalLanguage.test(key.substring(0, dot));
}

/** The namespaces and key a key names: `help:title` is `title` in `help` (i18next's extractFromKey). */
function extractFromKey(key: string, namespaces: readonly string[]): { key: string; namespaces: readonly string[] } {
  if (!key.includes(nsSeparator) || !looksLikeObjectPath(key) || nesting.test(key)) return { key, namespaces };
  const [namespace = "", ...rest] = key.split(nsSeparator);
  return { key: rest.join(keySeparator), namespaces: [namespace] };
}

const isObject = (value: unknown): value is Texts => typeof value === "object" && value !== null;

/** A nested key's value, as i18next's ResourceStore.getResource reads it (path, then deepFind). */
function lookUp(texts: Texts | undefined, key: string): unknown {
  if (texts === undefined) return undefined;
  let node: unknown = texts;
  for (const part of key.split(keySeparator)) {
    node = isObject(node) && Object.hasOwn(node, part) ? node[part] : undefined;
    if (node === undefined) break;
  }
  return node || deepFind(texts, key);
}

/** i18next's deepFind: a path whose object keys may hold the separator themselves. */
function deepFind(texts: Texts, path: string): unknown {
  if (texts[path]) return texts[path];
  const tokens = path.split(keySeparator);
  let current: unknown = texts;
  for (let i = 0; i < tokens.length; ) {
    if (!isObject(current)) return undefined;
    let next: unknown;
    let nextPath = "";
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += keySeparator;
      nextPath += tokens[j];
      next = current[nextPath];
      if (next !== undefined) {
        if (["string", "number", "boolean"].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

const isValid = (value: unknown) => value !== undefined && value !== null;

function hasDefaultValue(options: Options): boolean {
  return Object.keys(options).some((name) => name.startsWith("defaultValue") && options[name] !== undefined);
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralSuffix(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(language.replace("_", "-"), { type: "cardinal" });
    pluralRules.set(language, rules);
  }
  return `_${rules.select(count)}`;
}

/**
 * `{{name}}` (and `{{-name}}`) from `data`; a placeholder without a value stays as written, unless
 * the options name it (then it is empty).
 */
function interpolate(text: string, data: Options, options: Options): string {
  let result = text;
  for (const pattern of [/\{\{-(.+?)\}\}/g, /\{\{(.+?)\}\}/g]) {
    let match: RegExpExecArray | null;
    let replaces = 0;
    // biome-ignore lint/suspicious/noAssignInExpressions: i18next's loop, kept as it is
    while ((match = pattern.exec(result))) {
      const name = (match[1] ?? "").trim();
      let value = lookUp(data, name);
      if (value === undefined) {
        if (Object.hasOwn(options, name)) value = "";
        else continue;
      }
      const text = value === null ? "" : String(value);
      result = result.replace(match[0], text.replace(/\$/g, "$$$$"));
      pattern.lastIndex += text.length - match[0].length;
      if (++replaces >= 1000) break;
    }
  }
  return result;
}

/** i18next's translate for the portal's options, on the texts of `store`. */
function translate(
  store: Record<string, Partial<Record<string, Texts>>>,
  language: string,
  keys: unknown,
  rawOptions: unknown,
): unknown {
  const options: Options = isObject(rawOptions)
    ? { ...rawOptions }
    : typeof rawOptions === "string"
      ? { defaultValue: rawOptions }
      : {};
  if (keys === undefined || keys === null) return "";
  const list = (Array.isArray(keys) ? keys : [keys]).map(String);
  const defaultNamespaces = options.ns || i18nOptions.defaultNS;
  const given = Array.isArray(defaultNamespaces) ? defaultNamespaces.map(String) : [String(defaultNamespaces)];
  const lng = typeof options.lng === "string" && options.lng ? options.lng : language;
  const count = options.count;
  const plural = count !== undefined && typeof count !== "string";

  let found: unknown;
  for (const listed of list) {
    const { key, namespaces } = extractFromKey(listed, given);
    for (const namespace of namespaces) {
      const candidates = [key];
      if (plural) {
        candidates.push(key + pluralSuffix(lng, Number(count)));
        if (count === 0) candidates.push(`${key}_zero`);
      }
      // i18next tries the most specific first: _zero, then the plural form, then the bare key.
      for (let i = candidates.length - 1; i >= 0 && !isValid(found); i--) {
        found = lookUp(store[lng]?.[namespace], candidates[i] as string);
      }
      if (isValid(found)) break;
    }
    if (isValid(found)) break;
  }

  const { key } = extractFromKey(list[list.length - 1] as string, given);
  if (isObject(found)) return `key '${key} (${language})' returned an object instead of string.`;
  let text = found;
  if (!isValid(text) && hasDefaultValue(options)) {
    const suffix = plural ? pluralSuffix(lng, Number(count)) : "";
    text =
      (plural && count === 0 && options.defaultValue_zero) || options[`defaultValue${suffix}`] || options.defaultValue;
  }
  if (!isValid(text)) text = key;
  if (typeof text !== "string") return text;
  const data = isObject(options.replace) ? options.replace : options;
  return interpolate(text, data, options);
}

export interface BrowserI18n {
  language: string;
  languages: string[];
  isInitialized: true;
  options: typeof i18nOptions;
  t: Translate;
  getFixedT(lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string): Translate;
  hasLoadedNamespace(ns: string): boolean;
  hasResourceBundle(lng: string, ns: string): boolean;
  addResourceBundle(lng: string, ns: string, texts: Texts): void;
  loadNamespaces(ns: unknown, callback?: () => void): Promise<void>;
  on(): void;
  off(): void;
  store: { on(): void; off(): void };
}

/** A translator over one language's texts, by namespace. */
export function createBrowserI18n(language: string, texts: Partial<Record<Namespace, Texts>>): BrowserI18n {
  const store: Record<string, Partial<Record<string, Texts>>> = { [language]: { ...texts } };
  const fixed =
    (lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string): Translate =>
    (key, options, ...rest) => {
      const given: Options = isObject(options)
        ? { ...options }
        : typeof options === "string"
          ? { defaultValue: options, ...(isObject(rest[1]) ? rest[1] : isObject(rest[0]) ? rest[0] : {}) }
          : {};
      given.lng = given.lng || lng;
      given.ns = given.ns || ns;
      const prefix = given.keyPrefix === "" ? "" : String(given.keyPrefix || keyPrefix || "");
      const prefixed = (k: unknown) => (prefix ? `${prefix}${keySeparator}${String(k)}` : k);
      return translate(store, language, Array.isArray(key) ? key.map(prefixed) : prefixed(key), given);
    };
  const noop = () => {};
  return {
    language,
    languages: [language],
    isInitialized: true,
    options: i18nOptions,
    t: fixed(null, defaultNamespace),
    getFixedT: fixed,
    // As i18next with its resources given and no back-end: the page's loaders fetch the namespaces.
    hasLoadedNamespace: () => true,
    hasResourceBundle: (lng, ns) => store[lng]?.[ns] !== undefined,
    addResourceBundle: (lng, ns, bundle) => {
      store[lng] = { ...store[lng], [ns]: bundle };
    },
    loadNamespaces: async (_ns, callback) => callback?.(),
    on: noop,
    off: noop,
    store: { on: noop, off: noop },
  };
}

/** What react-i18next's provider takes: it asks no more of the instance than BrowserI18n has. */
export const asI18next = (instance: BrowserI18n) => instance as unknown as I18next;
