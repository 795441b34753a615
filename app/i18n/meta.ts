import type { MetaArgs } from "@remix-run/node";

interface RootMetaData {
  appName: string;
  translations: Record<string, unknown>;
}

function lookup(translations: Record<string, unknown>, key: string): string {
  let node: unknown = translations;
  for (const part of key.split(".")) {
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === "string" ? node : key;
}

/** `<title>` and description for a page, from a translation key, e.g. "Log in – Mit Forbrug". */
export function pageMeta(matches: MetaArgs["matches"], titleKey: string) {
  const root = matches.find((m) => m.id === "root")?.data as RootMetaData | undefined;
  if (!root) return [{ title: titleKey }];
  const title = lookup(root.translations, titleKey);
  return [
    { title: `${title} – ${root.appName}` },
    { name: "description", content: lookup(root.translations, "splash.tagline") },
  ];
}
