import type { MetaArgs } from "@remix-run/node";
import { withUnsentProperty } from "~/http/unsent-property";
import { loadedText } from "./translation-files";

/**
 * Page titles. The root data carries only the texts titles use (not every translation, which the
 * browser loads as a cached file): keys ending in "title", quantity names, and these.
 */
const otherMetaKeys = new Set([
  "splash.tagline",
  "onboarding.label",
  "consumption.view_price",
  "consumption.per_room",
  "consumption.per_meter",
]);

export function isMetaKey(key: string): boolean {
  return /title$/.test(key) || key.startsWith("quantity.") || otherMetaKeys.has(key);
}

/** The texts of `translations` that page titles may use, by dotted key. */
export function metaTextsOf(translations: Record<string, unknown>): Record<string, string> {
  const texts: Record<string, string> = {};
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") {
      if (isMetaKey(prefix)) texts[prefix] = node;
    } else if (node && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${key}` : key);
    }
  };
  walk(translations, "");
  return texts;
}

interface RootMetaData {
  appName: string;
  metaTexts?: Record<string, string>;
}

/**
 * The root data with the page titles' texts (metaTextsOf) for the server's render only: as a
 * property that is not enumerable, which Remix's encoding of the loader data (turbo-stream) leaves
 * out, as a chart's drawing (ADR 0052). They were 72 texts in every page's data, about 40 % of a
 * dashboard's. In the browser, titles come from the page's translator (`loadedText`), which has
 * loaded the same texts of the same language before hydrating.
 */
export function withMetaTexts<T extends object>(data: T, texts: Record<string, string>): T {
  return withUnsentProperty(data, "metaTexts", texts);
}

/** `<title>` and description for a page, from a translation key, e.g. "Log in – Mit Forbrug". */
export function pageMeta(matches: MetaArgs["matches"], titleKey: string) {
  const root = matches.find((m) => m.id === "root")?.data as RootMetaData | undefined;
  if (!root) return [{ title: titleKey }];
  const text = (key: string) => root.metaTexts?.[key] ?? loadedText(key);
  return [
    { title: `${text(titleKey) ?? titleKey} – ${root.appName}` },
    { name: "description", content: text("splash.tagline") ?? "" },
  ];
}
