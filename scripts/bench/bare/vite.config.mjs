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
import remixConfig from "../../../remix.config";

const portalFuture = remixConfig.future;

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: path.resolve(here, "../../../.cache/bench-bare/build"),
      serverModuleFormat: "esm",
      // The portal's future flags (remix.config.ts), but the route table: one route, found by its file name.
      future: { ...portalFuture, v3_routeConfig: false },
    }),
  ],
  build: { target: "es2022", emptyOutDir: true },
  logLevel: "warn",
});
