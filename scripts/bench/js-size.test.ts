import { describe, expect, it } from "vitest";
import { scriptsAfterFirstPaint } from "../../app/http/scripts-after-paint.server";
import { scriptsOfHtml } from "./js-size.mjs";

/** The end of a page as Remix writes it (app/http/scripts-after-paint.server.test.ts has the whole). */
const remixPage =
  '<!DOCTYPE html><html lang="en"><head></head><body><main>page</main>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/chunk-B.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script>' +
  '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>' +
  "</body></html>";

describe("scriptsOfHtml", () => {
  it("finds the preloads and the module script's imports", () => {
    expect(scriptsOfHtml(remixPage).urls.sort()).toEqual([
      "/assets/chunk-B.js",
      "/assets/entry.client-A.js",
      "/assets/root-C.js",
    ]);
  });

  it("finds the same scripts when they load after the first contentful paint (ADR 0077)", () => {
    const deferred = scriptsAfterFirstPaint(Buffer.from(remixPage) as Buffer<ArrayBuffer>, "n").toString("utf8");
    expect(deferred).not.toBe(remixPage);
    expect(scriptsOfHtml(deferred).urls.sort()).toEqual(scriptsOfHtml(remixPage).urls.sort());
  });
});
