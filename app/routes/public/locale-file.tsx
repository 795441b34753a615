import { isLanguage } from "@common/languages";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isNamespace } from "~/i18n/config";
import { publishedTranslations } from "~/i18n/resources.server";

/**
 * /locales/{lng}/{namespace}.json?v={version}: one namespace's translations in one language for the
 * browser (ADR 0013). The version is the content's hash, so a matching request is cached for a year;
 * any other (an old page after a deployment) gets the current file, not cached.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const namespace = params.file?.endsWith(".json") ? params.file.slice(0, -".json".length) : undefined;
  if (!isLanguage(params.lng) || !isNamespace(namespace)) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { body, version } = publishedTranslations(params.lng, namespace);
  const current = new URL(request.url).searchParams.get("v") === version;
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
