import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { withoutScripts } from "~/components/page-scripts";
import { loadNamespaces } from "~/i18n/translation-files";
import { policiesNamespace } from "./policies";

/**
 * What the two policy pages share: their texts are a namespace of their own, which only they load
 * (`handle.i18n`), and a client navigation (from a page with scripts) shows them once the texts
 * are there. Their own documents ship no script: headings, paragraphs and links.
 */
export const policyHandle = { i18n: policiesNamespace, ...withoutScripts };

/**
 * Nothing to load on the server; a route with a clientLoader but no server loader would run the
 * clientLoader when the page is hydrated too, where the texts are already there.
 */
export const policyLoader = () => null;

export async function policyClientLoader({ request }: ClientLoaderFunctionArgs) {
  await loadNamespaces(request, [policiesNamespace]);
  return null;
}
