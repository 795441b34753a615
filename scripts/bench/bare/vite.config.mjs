/**
 * The bench's bare page (scripts/bench/bare, run.mjs step 4a): a Remix 2.17 Vite app with a root and
 * one route, built with the repository's own node_modules into .cache/bench-bare/build by
 * `remix vite:build scripts/bench/bare`. It is the reference the portal's pages are measured
 * against in the same run (issue 27): nothing of the portal's, only Remix, React and a table.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: path.resolve(here, "../../../.cache/bench-bare/build"),
      serverModuleFormat: "esm",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  build: { target: "es2022", emptyOutDir: true },
  logLevel: "warn",
});
