import { defaultLanguage } from "@common/languages";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loader as localeFile } from "~/routes/public/locale-file";
import { browserI18nOptions } from "./config";
import { pageMeta } from "./meta";
import { resources, translationsHrefs } from "./resources.server";
import { hasNamespaces, loadNamespaces, rememberTranslationFiles, translationFiles } from "./translation-files";

/**
 * A client navigation to a route with a namespace of its own (help, policies) waits in its
 * clientLoader until the page's i18next (i18next's default instance, as entry.client.tsx sets it
 * up; in this file no server instance shares it) holds the namespace; if its file cannot be
 * loaded, the page is loaded from the server instead.
 */
const failing = new Set<string>();
const fetch = vi.fn(async (href: string) => {
  const url = new URL(href, "http://portal.test");
  const [, , lng, file] = url.pathname.split("/");
  if (failing.has(file ?? "")) throw new TypeError("Failed to fetch");
  return localeFile({ request: new Request(url), params: { lng, file }, context: {} } as never);
});
const assign = vi.fn();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("loadNamespaces", () => {
  it("does nothing before the page's i18next is set up (a page that was not hydrated)", async () => {
    vi.stubGlobal("fetch", fetch);
    await loadNamespaces(new Request("http://portal.test/help"), ["help"]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("loads a namespace the page did not have, once", async () => {
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("window", { location: { assign } });
    rememberTranslationFiles(Object.values(translationsHrefs(defaultLanguage)).join(" "));
    await i18next.use(translationFiles).init({ ...browserI18nOptions, lng: defaultLanguage, ns: ["common"] });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(hasNamespaces(["help"])).toBe(false);
    await loadNamespaces(new Request("http://portal.test/help"), ["help"]);
    expect(hasNamespaces(["common", "help"])).toBe(true);
    expect(i18next.t("help:title")).not.toBe("title");
    await loadNamespaces(new Request("http://portal.test/help"), ["help"]);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(assign).not.toHaveBeenCalled();
  });

  it("gives page titles in the browser, the texts the server's titles have", () => {
    const root = { id: "root", data: { appName: "Mit Forbrug", language: defaultLanguage } };
    expect(pageMeta([root] as never, "dashboard.title")).toEqual([
      { title: `${resources.da.common.dashboard.title} – Mit Forbrug` },
      { name: "description", content: resources.da.common.splash.tagline },
    ]);
  });

  it("loads the page from the server when the file cannot be loaded", async () => {
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("window", { location: { assign } });
    failing.add("policies.json");
    const navigation = loadNamespaces(new Request("http://portal.test/privacy"), ["policies"]);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("http://portal.test/privacy"));
    // The navigation stays pending: the document load replaces the page.
    expect(await Promise.race([navigation.then(() => "done"), Promise.resolve("pending")])).toBe("pending");
  });
});
