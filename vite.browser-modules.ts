import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * What the browser's JavaScript may not hold, checked on every client build (docs/performance.md,
 * issue 27): packages the pages use only on the server, each of which was (or would be) kilobytes
 * of every page's first load for code no page runs in the browser. The build fails when a client
 * chunk holds code of one of them.
 */
export const serverOnlyPackages: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /[\\/]node_modules[\\/]dayjs[\\/]/,
    why: "the calendar is arithmetic and Intl (common/calendar-days.ts); dayjs and its plugins were 5 KB gzip of most pages",
  },
  {
    pattern: /[\\/]node_modules[\\/](victory[^\\/]*|d3-[^\\/]+)[\\/]/,
    why: "charts are markup rendered on the server; Victory hydrated is about 75 KB gzip (STACK-NOTES.md)",
  },
  {
    pattern: /[\\/]node_modules[\\/](pdfkit|fontkit)[\\/]/,
    why: "the monthly report's PDF is made on the server",
  },
];

/**
 * Code of ours the browser's JavaScript may not hold. Building the browser's first date formatter
 * loads ICU's calendar data: 47–85 ms of a hydrating page's longest task on a slow machine
 * (docs/performance.md, "Dates written on the server"). Dates are written by the loaders.
 */
export const serverOnlyCode: readonly { pattern: RegExp; why: string }[] = [
  {
    // Not `toLocaleString`: numbers have one too (the e2e test counts dates' at run time).
    pattern: /\bIntl\.DateTimeFormat\b|\.toLocale(?:Date|Time)String\(/,
    why: "a date formatter in the browser: write the date in the loader (formatCalendarDate)",
  },
];

/** "chunk: module (why)" for every module of ours whose code in a chunk does what the browser may not. */
export function serverOnlyCodeIn(chunks: readonly BundledChunk[]): string[] {
  return modulesBreaking(chunks, (id, module) =>
    module.code && !/[\\/]node_modules[\\/]/.test(id)
      ? serverOnlyCode.find(({ pattern }) => pattern.test(module.code as string))
      : undefined,
  );
}

/** "chunk: module (why)" for each module of the chunks that breaks the rule `ruleOf` finds for it. */
function modulesBreaking(
  chunks: readonly BundledChunk[],
  ruleOf: (id: string, module: BundledChunk["modules"][string]) => { why: string } | undefined,
): string[] {
  const found: string[] = [];
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      const rule = ruleOf(id, module);
      if (rule) found.push(`${chunk.fileName}: ${id.replace(/^\0/, "")} (${rule.why})`);
    }
  }
  return found;
}

/** The part of a Rollup output chunk the checks read. */
export interface BundledChunk {
  fileName: string;
  modules: Record<string, { renderedLength: number; code?: string | null }>;
}

/** "chunk: module (why)" for every module of a server-only package that left code in a chunk. */
export function serverOnlyModulesIn(chunks: readonly BundledChunk[]): string[] {
  return modulesBreaking(chunks, (id, module) =>
    module.renderedLength === 0 ? undefined : serverOnlyPackages.find(({ pattern }) => pattern.test(id)),
  );
}

/** Each chunk's modules, largest first, with their size raw and gzipped alone (bytes). */
export function modulesByChunk(chunks: readonly BundledChunk[], root: string) {
  return chunks.map((chunk) => ({
    chunk: chunk.fileName,
    modules: Object.entries(chunk.modules)
      .map(([id, module]) => ({
        module: id.replace(/^\0/, "").replace(root, ""),
        bytes: module.renderedLength,
        gzipBytes: module.code ? gzipSync(module.code, { level: 9 }).length : 0,
      }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes),
  }));
}

/**
 * The client build's check (vite.config.ts). With CLIENT_MODULES_REPORT=file it also writes each
 * chunk's modules and their gzip sizes there: what a page's chunks hold (docs/performance.md).
 */
export function browserModules(): Plugin {
  let root = "";
  return {
    name: "portal-browser-modules",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
      const report = process.env.CLIENT_MODULES_REPORT;
      if (report) writeFileSync(report, `${JSON.stringify(modulesByChunk(chunks, root), null, 1)}\n`);
      const found = [...serverOnlyModulesIn(chunks), ...serverOnlyCodeIn(chunks)];
      if (found.length > 0) this.error(`server-only code in the browser's JavaScript:\n${found.join("\n")}`);
    },
  };
}
