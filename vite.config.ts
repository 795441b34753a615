import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "./remix.config";
import { aliases } from "./vite.aliases";
import { browserModules } from "./vite.browser-modules";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  // browserModules: the client build fails when server-only packages reach the browser (issue 27).
  plugins: [remix(remixConfig), browserModules()],
  resolve: { alias: aliases },
  build: { target: "es2022" },
  server: { port: Number(process.env.PORT ?? 3000) },
});
