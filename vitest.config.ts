import { defineConfig } from "vitest/config";
import { aliases } from "./vite.aliases";

// Unit tests live beside the code they test; the Playwright suite (tests/e2e) runs separately.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "common/**/*.test.ts",
      "backend/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/oracle/**/*.test.ts",
      "lint/**/*.test.ts",
      "codegen.test.ts",
      "vite.browser-modules.test.ts",
    ],
    environment: "node",
    pool: "threads",
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
