import { defineConfig } from "vite";
import { aliases } from "./vite.aliases";

/**
 * Builds the Node entry points that are not part of the Remix bundle: the Express server
 * (server.ts), the local back-end and its command-line tools. Dependencies stay external
 * (node_modules), so the output is small and starts fast.
 */
export default defineConfig({
  resolve: { alias: aliases },
  build: {
    ssr: true,
    target: "node20",
    outDir: "build/node",
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        server: "server.ts",
        backend: "backend/main.ts",
      },
      output: { format: "esm", entryFileNames: "[name].js" },
    },
  },
  publicDir: false,
  logLevel: "warn",
});
