import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { KeptPage, type PageInputs, plainDataText, renderedPageKey } from "./rendered-pages.server";

const inputs: PageInputs = {
  method: "GET",
  url: "http://portal.test/t/7009",
  status: 200,
  language: "da",
  build: "abc123",
  loaderData: {
    root: { language: "da", toasts: [], appName: "Mit Forbrug" },
    "routes/consumption/dashboard": { consumption: [{ quantity: "heat-energy", value: "675 kWh" }], unread: 1 },
  },
  actionData: null,
  errors: null,
};

describe("plainDataText", () => {
  it("differs for data that differ anywhere, in value, type, shape or order", () => {
    const texts = [
      { a: "1" },
      { a: 1 },
      { a: [1] },
      { a: [[1]] },
      { a: { b: 1 } },
      { a: null },
      { a: undefined },
      {},
      { a: true },
      { a: "true" },
      { a: "1", b: "2" },
      { b: "2", a: "1" },
      { a: "1b", b: "" },
      { a: "1", b: "b" },
      { a: new Date(0) },
      { a: new Date(1) },
      { a: -0 },
      { a: 0 },
      ["a", "b"],
      ["ab"],
      [["a"], "b"],
    ].map(plainDataText);
    expect(texts.every((text) => text !== undefined)).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("is the same for equal data", () => {
    expect(plainDataText(structuredClone(inputs.loaderData))).toBe(plainDataText(inputs.loaderData));
  });

  it("reads a property Remix's encoding leaves out (a chart's drawing, ADR 0052), and tells it apart", () => {
    const chart = (svg: string, enumerable: boolean) => {
      const value = { id: "c1" };
      Object.defineProperty(value, "svg", { value: svg, enumerable });
      return { chart: value };
    };
    const hidden = plainDataText(chart("<svg>1</svg>", false));
    expect(hidden).not.toBe(plainDataText(chart("<svg>2</svg>", false)));
    expect(hidden).not.toBe(plainDataText(chart("<svg>1</svg>", true)));
    expect(hidden).not.toBe(plainDataText({ chart: { id: "c1" } }));
  });

  it("refuses what may render otherwise than it reads: maps, sets, class instances, functions, cycles", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    class Point {
      x = 1;
    }
    for (const odd of [new Map(), new Set(), new Point(), () => 1, Promise.resolve(1), 1n, Symbol("s"), cycle])
      expect(plainDataText({ data: odd })).toBeUndefined();
    expect(plainDataText({ [Symbol("s")]: 1 })).toBeUndefined();
    expect(plainDataText(Object.create(null))).toBeDefined();
  });
});

describe("renderedPageKey", () => {
  const key = renderedPageKey(inputs);

  it("changes with anything the page is made of: a figure, the URL, the language, the build", () => {
    expect(key).toBeDefined();
    const changed = [
      renderedPageKey({
        ...inputs,
        loaderData: { ...inputs.loaderData, "routes/consumption/dashboard": { consumption: [], unread: 1 } },
      }),
      renderedPageKey({ ...inputs, url: "http://portal.test/t/7009?x=1" }),
      renderedPageKey({ ...inputs, language: "nb" }),
      renderedPageKey({ ...inputs, build: "abc124" }),
    ];
    for (const other of changed) {
      expect(other).toBeDefined();
      expect(other).not.toBe(key);
    }
    expect(renderedPageKey({ ...inputs, loaderData: structuredClone(inputs.loaderData) })).toBe(key);
  });

  it("keeps no page of a form's answer, an error, another status or other data than plain", () => {
    expect(renderedPageKey({ ...inputs, method: "POST" })).toBeUndefined();
    expect(renderedPageKey({ ...inputs, actionData: { "routes/x": { error: "x" } } })).toBeUndefined();
    expect(renderedPageKey({ ...inputs, errors: { root: new Error("x") } })).toBeUndefined();
    expect(renderedPageKey({ ...inputs, status: 404 })).toBeUndefined();
    expect(renderedPageKey({ ...inputs, loaderData: { root: new Map() } })).toBeUndefined();
  });
});

describe("KeptPage", () => {
  const first = "QUFBQUFBQUFBQUFBQUFBQQ==";
  const second = "QkJCQkJCQkJCQkJCQkJCQg==";
  const html = (nonce: string) =>
    `<!DOCTYPE html><html><body>${"<p>æøå – 675 kWh</p>".repeat(100)}<script nonce="${nonce}">1</script><script nonce="${nonce}">2</script></body></html>`;

  it("gives the page back with another response's nonce in every place, and nothing else changed", () => {
    const kept = new KeptPage(Buffer.from(html(first)), first);
    expect(kept.parts).toHaveLength(3);
    expect(kept.fits(second)).toBe(true);
    expect(kept.fits("short")).toBe(false);
    expect(kept.withNonce(second).toString()).toBe(html(second));
    expect(kept.length).toBe(Buffer.byteLength(html(second)));
  });

  it("compresses from its second use on, and its gzip is the page with the new nonce", () => {
    const kept = new KeptPage(Buffer.from(html(first)), first);
    expect(kept.gzipWithNonce(first)).toBeUndefined();
    const gzip = kept.gzipWithNonce(second);
    expect(gzip).toBeDefined();
    expect(gunzipSync(gzip as Buffer).toString()).toBe(html(second));
    expect(gunzipSync(kept.gzipWithNonce(first) as Buffer).toString()).toBe(html(first));
  });

  it("keeps its own copy of the bytes, not a view of the response's", () => {
    const page = Buffer.from(html(first));
    const kept = new KeptPage(page, first);
    page.fill(0x41);
    expect(kept.withNonce(first).toString()).toBe(html(first));
  });
});
