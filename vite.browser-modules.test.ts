import { describe, expect, it } from "vitest";
import { type BundledChunk, modulesByChunk, serverOnlyCodeIn, serverOnlyModulesIn } from "./vite.browser-modules";

/** A chunk of modules, each given by its rendered length or by its code. */
const chunk = (fileName: string, modules: Record<string, number | string>): BundledChunk => ({
  fileName,
  modules: Object.fromEntries(
    Object.entries(modules).map(([id, lengthOrCode]) => [
      id,
      typeof lengthOrCode === "number"
        ? { renderedLength: lengthOrCode }
        : { renderedLength: lengthOrCode.length, code: lengthOrCode },
    ]),
  ),
});

describe("server-only packages in the browser's chunks", () => {
  it("names each module of dayjs, Victory, d3, pdfkit or fontkit that left code in a chunk", () => {
    const found = serverOnlyModulesIn([
      chunk("assets/calendar-days-x.js", {
        "/repo/node_modules/dayjs/dayjs.min.js": 7100,
        "\0/repo/node_modules/dayjs/plugin/utc.js?commonjs-module": 40,
        "/repo/common/calendar-days.ts": 70,
      }),
      chunk("assets/chart-x.js", {
        "/repo/node_modules/victory-line/es/victory-line.js": 900,
        "/repo/node_modules/d3-scale/src/linear.js": 500,
      }),
      chunk("assets/pdf-x.js", { "C:\\repo\\node_modules\\pdfkit\\js\\pdfkit.es.js": 10 }),
    ]);
    expect(found.map((line) => line.split(" (")[0])).toEqual([
      "assets/calendar-days-x.js: /repo/node_modules/dayjs/dayjs.min.js",
      "assets/calendar-days-x.js: /repo/node_modules/dayjs/plugin/utc.js?commonjs-module",
      "assets/chart-x.js: /repo/node_modules/victory-line/es/victory-line.js",
      "assets/chart-x.js: /repo/node_modules/d3-scale/src/linear.js",
      "assets/pdf-x.js: C:\\repo\\node_modules\\pdfkit\\js\\pdfkit.es.js",
    ]);
    expect(found[0]).toContain("(the calendar is arithmetic and Intl");
  });

  it("lets the browser's packages pass, and modules tree-shaken to nothing", () => {
    expect(
      serverOnlyModulesIn([
        chunk("assets/components-x.js", {
          "/repo/node_modules/react-dom/cjs/react-dom.production.min.js": 130_000,
          "/repo/node_modules/i18next/dist/esm/i18next.js": 48_600,
          "/repo/node_modules/react-i18next/dist/es/useTranslation.js": 4100,
          "/repo/node_modules/remix-i18next/build/client.js": 800,
          "/repo/node_modules/dayjs-like/index.js": 100,
          "/repo/app/i18n/translation-files.ts": 900,
        }),
        chunk("assets/route-x.js", { "/repo/node_modules/dayjs/dayjs.min.js": 0 }),
      ]),
    ).toEqual([]);
  });
});

describe("date formatters in the browser's chunks", () => {
  it("names each module of ours that builds a date formatter", () => {
    const found = serverOnlyCodeIn([
      chunk("assets/format-x.js", {
        "/repo/common/format.ts": 'function o(e){return new Intl.DateTimeFormat(e,{month:"long"})}',
        "/repo/app/domain/other.ts": "export const x = 1;",
      }),
      chunk("assets/dashboard-x.js", { "/repo/app/routes/dashboard.tsx": "d.toLocaleDateString(l)" }),
      chunk("assets/time-x.js", { "/repo/app/routes/clock.tsx": "new Date().toLocaleTimeString()" }),
    ]);
    expect(found.map((line) => line.split(" (")[0])).toEqual([
      "assets/format-x.js: /repo/common/format.ts",
      "assets/dashboard-x.js: /repo/app/routes/dashboard.tsx",
      "assets/time-x.js: /repo/app/routes/clock.tsx",
    ]);
    expect(found[0]).toContain("write the date in the loader");
  });

  it("lets packages and code without a date formatter pass", () => {
    expect(
      serverOnlyCodeIn([
        chunk("assets/components-x.js", {
          "/repo/node_modules/some-package/index.js": "new Intl.DateTimeFormat()",
          "/repo/app/components/kpi.tsx": "new Intl.NumberFormat(l).format(n); n.toLocaleString(l)",
        }),
      ]),
    ).toEqual([]);
  });
});

describe("the modules report", () => {
  it("lists each chunk's modules relative to the root, largest gzip first", () => {
    const report = modulesByChunk(
      [
        {
          fileName: "assets/a.js",
          modules: {
            "/repo/app/small.ts": { renderedLength: 5, code: "x=1;\n" },
            "/repo/app/large.ts": {
              renderedLength: 400,
              code: "const text = 'abcdefghijklmnopqrstuvwxyz';\n".repeat(10),
            },
            "\0/repo/empty.js?commonjs": { renderedLength: 0, code: null },
          },
        },
      ],
      "/repo",
    );
    expect(report[0]?.chunk).toBe("assets/a.js");
    expect(report[0]?.modules.map((m) => m.module)).toEqual(["/app/large.ts", "/app/small.ts", "/empty.js?commonjs"]);
    expect(report[0]?.modules[2]?.gzipBytes).toBe(0);
  });
});
