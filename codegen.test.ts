import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The generated files are made by npm install and npm run build (scripts/postinstall.mjs), not
 * committed; this fails when one of them no longer matches what `npm run codegen` makes of
 * backend/schema/*.graphql and the portal's documents, i.e. when someone changed either and did not
 * regenerate, so the types checked are not the contract served.
 */
describe("generated GraphQL files", () => {
  it("are what npm run codegen makes now", { timeout: 120_000 }, () => {
    const bin = join(process.cwd(), "node_modules", "@graphql-codegen", "cli", "esm", "bin.js");
    const check = spawnSync(process.execPath, [bin, "--config", "codegen.ts", "--check"], { encoding: "utf8" });
    expect(check.status, `${check.stdout}${check.stderr}\nStale generated files: run npm run codegen`).toBe(0);
  });
});
