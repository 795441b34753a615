import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests live beside the code they test; the Playwright suite (tests/e2e) runs separately.
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@common": fileURLToPath(new URL("./common", import.meta.url)),
    },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "common/**/*.test.ts",
      "backend/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/oracle/**/*.test.ts",
      "codegen.test.ts",
    ],
    environment: "node",
    pool: "threads",
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
