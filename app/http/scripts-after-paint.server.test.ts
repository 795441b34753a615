import { describe, expect, it } from "vitest";
import {
  afterPaintScript,
  deferredModuleType,
  deferredPreloadsId,
  scriptsAfterFirstPaint,
} from "./scripts-after-paint.server";

/**
 * The end of a page as Remix 2.17's `<Scripts />` writes it (taken from the dashboard, with the
 * manifest shortened): the scroll restoration's script, the preloads, the context script, the
 * module script, then single fetch's stream transfer moved into the body (render-page.server.ts).
 * The e2e suite (page-scripts.spec.ts) checks the real pages have this shape.
 */
const preloads =
  '<link rel="modulepreload" href="/assets/entry.client-Cw0vr1MR.js"/>' +
  '<link rel="modulepreload" href="/assets/components-Cy2IRePE.js"/>' +
  '<link rel="modulepreload" href="/assets/dashboard-_9Rvzggn.js"/>';
const moduleScriptBody =
  ';\nimport * as route0 from "/assets/root-BO4gN5BR.js";\nwindow.__remixRouteModules = {"root":route0};\n\nimport("/assets/entry.client-Cw0vr1MR.js");';
const beforeScripts =
  '<!DOCTYPE html><html lang="da"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
  "<body><main><h1>Forbrug</h1><p>Samme periode sidste år: 12,5 m³ – ø æ €</p></main>" +
  '<script nonce="abc+/=">((STORAGE_KEY, restoreKey) => {})("positions", null)</script>';
const contextScript = '<script nonce="abc+/=">window.__remixContext = {"basename":"/"};</script>';
const afterScripts = '<script nonce="abc+/=">window.__remixContext.streamController.close();</script></body></html>';
const remixPage = (nonce = "abc+/=") =>
  `${beforeScripts}${preloads}${contextScript}<script nonce="${nonce}" type="module" async="">${moduleScriptBody}</script>${afterScripts}`;

const utf8 = (text: string) => Buffer.from(text, "utf8") as Buffer<ArrayBuffer>;

describe("scriptsAfterFirstPaint", () => {
  it("holds the preloads in a template and the module script as a data block, and adds the script that puts them back", () => {
    const page = scriptsAfterFirstPaint(utf8(remixPage()), "abc+/=").toString("utf8");
    expect(page).toBe(
      `${beforeScripts}<template id="${deferredPreloadsId}">${preloads}</template>${contextScript}` +
        `<script nonce="abc+/=" type="${deferredModuleType}">${moduleScriptBody}</script>` +
        '<script nonce="abc+/=">window.__remixContext.streamController.close();</script>' +
        `<script nonce="abc+/=">${afterPaintScript}</script></body></html>`,
    );
    // Nothing is left that the browser would fetch or run before the script at the end.
    const outsideTemplate = page.replace(/<template[\s\S]*?<\/template>/, "");
    expect(outsideTemplate).not.toContain("modulepreload");
    expect(outsideTemplate).not.toMatch(/<script[^>]*type="module"/);
  });

  it("keeps every other byte as it was, multibyte characters included", () => {
    const original = utf8(remixPage());
    const page = scriptsAfterFirstPaint(original, "abc+/=").toString("utf8");
    const undone = page
      .replace(`<template id="${deferredPreloadsId}">`, "")
      .replace("</template>", "")
      .replace(`type="${deferredModuleType}"`, 'type="module" async=""')
      .replace(`<script nonce="abc+/=">${afterPaintScript}</script>`, "");
    expect(utf8(undone).equals(original)).toBe(true);
    expect(page).toContain("Samme periode sidste år: 12,5 m³ – ø æ €");
  });

  it("writes the script without a nonce when the page has none", () => {
    const page = scriptsAfterFirstPaint(utf8(remixPage()), undefined).toString("utf8");
    expect(page).toContain(`<script>${afterPaintScript}</script></body>`);
  });

  it("leaves a page without Remix's scripts as it is (the pages that ship none)", () => {
    const page = utf8(`${beforeScripts}${afterScripts}`);
    expect(scriptsAfterFirstPaint(page, "abc+/=")).toBe(page);
  });

  it("leaves a page as it is when its scripts are not written as expected", () => {
    // Preloads but no module script after them (another Remix version, a page of its own).
    const noModule = utf8(`${beforeScripts}${preloads}${contextScript}${afterScripts}`);
    expect(scriptsAfterFirstPaint(noModule, "abc+/=")).toBe(noModule);
    // A module script written in another way.
    const otherModule = utf8(remixPage().replace(' type="module" async=""', ' type="module"'));
    expect(scriptsAfterFirstPaint(otherModule, "abc+/=")).toBe(otherModule);
    // Preloads in another form.
    const otherPreload = utf8(remixPage().replaceAll('"/>', '" />'));
    expect(scriptsAfterFirstPaint(otherPreload, "abc+/=")).toBe(otherPreload);
  });

  it("names the template and the data block the script looks for", () => {
    expect(afterPaintScript).toContain(`getElementById("${deferredPreloadsId}")`);
    expect(afterPaintScript).toContain(`script[type="${deferredModuleType}"]`);
    // The script is plain JavaScript the browser can parse.
    expect(() => new Function(afterPaintScript)).not.toThrow();
  });
});

/**
 * Runs the script against a stand-in browser: its document, timers, frames and paint entries are
 * ours, so each test says when the scripts would start. "Started" is the script looking up the
 * template, which it does first when it puts the preloads back.
 */
function browserRunning(options: { hidden?: boolean; paintEntries?: boolean; observer?: boolean }) {
  const timers: { run: () => void; after: number }[] = [];
  const frames: (() => void)[] = [];
  let starts = 0;
  let report: ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | null =
    null;
  let observing: unknown = null;
  let disconnected = false;
  class StandInObserver {
    static supportedEntryTypes = options.paintEntries === false ? ["resource"] : ["paint", "resource"];
    constructor(callback: typeof report) {
      report = callback;
    }
    observe(what: unknown) {
      observing = what;
    }
  }
  const document = {
    hidden: options.hidden ?? false,
    getElementById: () => {
      starts++;
      return null;
    },
    querySelector: () => null,
  };
  const window = { PerformanceObserver: options.observer === false ? undefined : StandInObserver };
  new Function("document", "window", "PerformanceObserver", "setTimeout", "requestAnimationFrame", afterPaintScript)(
    document,
    window,
    window.PerformanceObserver,
    (run: () => void, after = 0) => timers.push({ run, after }),
    (run: () => void) => frames.push(run),
  );
  const runTimers = (upTo: number) => {
    // In the order they were set, each one due by `upTo`, those they set included.
    for (
      let due = timers.find((timer) => timer.after <= upTo);
      due;
      due = timers.find((timer) => timer.after <= upTo)
    ) {
      timers.splice(timers.indexOf(due), 1);
      due.run();
    }
  };
  return {
    starts: () => starts,
    observing: () => observing,
    disconnected: () => disconnected,
    paint: (...names: string[]) =>
      report?.(
        { getEntriesByName: (name: string) => names.filter((painted) => painted === name) },
        { disconnect: () => (disconnected = true) },
      ),
    frame: () => {
      for (const run of frames.splice(0)) run();
    },
    runTimers,
  };
}

describe("afterPaintScript starts the scripts", () => {
  it("once the browser reports the first contentful paint, not at the first frame or a first paint", () => {
    const browser = browserRunning({});
    expect(browser.observing()).toEqual({ type: "paint", buffered: true });
    browser.frame();
    browser.runTimers(0);
    browser.paint("first-paint");
    browser.runTimers(0);
    expect(browser.starts()).toBe(0);
    browser.paint("first-paint", "first-contentful-paint");
    expect(browser.disconnected()).toBe(true);
    browser.runTimers(0);
    expect(browser.starts()).toBe(1);
    // The fallback after 3 s does not start them again.
    browser.runTimers(3000);
    expect(browser.starts()).toBe(1);
  });

  it("after 3 s when no contentful paint is reported", () => {
    const browser = browserRunning({});
    browser.runTimers(2999);
    expect(browser.starts()).toBe(0);
    browser.runTimers(3000);
    expect(browser.starts()).toBe(1);
  });

  it("at once on a hidden page, which paints nothing", () => {
    const browser = browserRunning({ hidden: true });
    expect(browser.observing()).toBe(null);
    browser.runTimers(0);
    expect(browser.starts()).toBe(1);
  });

  it("after the first frame where the browser has no paint entries (ADR 0051's way)", () => {
    for (const browser of [browserRunning({ observer: false }), browserRunning({ paintEntries: false })]) {
      browser.runTimers(0);
      expect(browser.starts()).toBe(0);
      browser.frame();
      browser.runTimers(0);
      expect(browser.starts()).toBe(1);
    }
  });
});
