import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "./remix.config";
import { aliases } from "./vite.aliases";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [remix(remixConfig)],
  resolve: { alias: aliases },
  build: { target: "es2022" },
  server: { port: Number(process.env.PORT ?? 3000) },
});
