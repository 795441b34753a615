import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { loadNamespaces } from "~/i18n/translation-files";
import { policiesNamespace } from "./policies";

/**
 * What the two policy pages share: their texts are a namespace of their own, which only they load
 * (`handle.i18n`), and a client navigation shows them once the texts are there.
 */
export const policyHandle = { i18n: policiesNamespace };

/**
 * Nothing to load on the server; a route with a clientLoader but no server loader would run the
 * clientLoader when the page is hydrated too, where the texts are already there.
 */
export const policyLoader = () => null;

export async function policyClientLoader({ request }: ClientLoaderFunctionArgs) {
  await loadNamespaces(request, [policiesNamespace]);
  return null;
}
