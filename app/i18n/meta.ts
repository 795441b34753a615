import type { MetaArgs } from "@remix-run/node";
import i18next from "i18next";
import { defaultNamespace } from "./config";

interface RootMetaData {
  appName: string;
  language: string;
}

/**
 * `<title>` and description for a page, from a key of `common`, e.g. "Log in – Mit Forbrug".
 *
 * The text comes from i18next in the page's language (the root data's `language`): on the server,
 * from the process's instance, which holds every language (i18n.server.ts); in the browser, from the
 * page's, which has loaded `common` before hydrating (entry.client.tsx). So the loader data carries
 * no texts for titles (ADR 0063), and the browser's title is the server's, as every-page.spec.ts
 * checks. An instance not (yet) initialised, or a missing key, gives the key, as i18next does.
 */
export function pageMeta(matches: MetaArgs["matches"], titleKey: string) {
  const root = matches.find((m) => m.id === "root")?.data as RootMetaData | undefined;
  if (!root) return [{ title: titleKey }];
  const t = i18next.isInitialized ? i18next.getFixedT(root.language, defaultNamespace) : undefined;
  const text = (key: string): string | undefined => {
    const answer: unknown = t?.(key);
    return typeof answer === "string" ? answer : undefined;
  };
  return [
    { title: `${text(titleKey) ?? titleKey} – ${root.appName}` },
    { name: "description", content: text("splash.tagline") ?? "" },
  ];
}
