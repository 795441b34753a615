import type { MetaArgs } from "@remix-run/node";
import { encode } from "turbo-stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../locales/en/common.json";
import { metaTextsOf, pageMeta, withMetaTexts } from "./meta";

const texts = metaTextsOf(en);
const matchesWith = (data: unknown) => [{ id: "root", data }] as unknown as MetaArgs["matches"];

afterEach(() => {
  vi.resetModules();
});

describe("page titles", () => {
  it("on the server, come from the root data's texts", () => {
    const root = withMetaTexts({ appName: "Mit Forbrug" }, texts);
    expect(pageMeta(matchesWith(root), "dashboard.title")).toEqual([
      { title: `${en.dashboard.title} – Mit Forbrug` },
      { name: "description", content: en.splash.tagline },
    ]);
  });

  it("leave the root data's encoding for the browser: the texts are not sent with every page", async () => {
    const root = withMetaTexts({ appName: "Mit Forbrug", language: "en" }, texts);
    const sent = await new Response(encode({ root })).text();
    expect(sent).toContain("Mit Forbrug");
    expect(sent).not.toContain(en.dashboard.title);
    expect(sent).not.toContain("metaTexts");
  });

  it("in the browser, come from the page's translator, the same texts as the server's", async () => {
    const files = await import("./translation-files");
    const meta = await import("./meta");
    // Before hydration (or on the server without texts), the key stands in.
    expect(meta.pageMeta(matchesWith({ appName: "Mit Forbrug" }), "dashboard.title")[0]).toEqual({
      title: "dashboard.title – Mit Forbrug",
    });
    files.startTranslations("en", { common: en });
    for (const key of Object.keys(texts)) {
      expect(meta.pageMeta(matchesWith({ appName: "Mit Forbrug" }), key)).toEqual(
        pageMeta(matchesWith(withMetaTexts({ appName: "Mit Forbrug" }, texts)), key),
      );
    }
  });
});
