#!/usr/bin/env node
/**
 * npm's postinstall: applies patches/ (patch-package; an install fails when one no longer applies)
 * and generates the GraphQL types from backend/schema/*.graphql (`npm run codegen`), which are not
 * committed. The generation is skipped where it cannot run: an install without devDependencies
 * (the Docker image's production stage) or before the sources are there (the image's build stage
 * installs first; its `npm run build` generates them then).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** @param {string} command @param {string[]} args */
function run(command, args) {
  const { status } = spawnSync(command, args, { stdio: "inherit", shell: process.platform === "win32" });
  if (status !== 0) process.exit(status ?? 1);
}

run("npx", ["--no-install", "patch-package", "--error-on-fail"]);

if (existsSync("codegen.ts") && existsSync("node_modules/@graphql-codegen/cli")) {
  run("npx", ["--no-install", "graphql-codegen", "--config", "codegen.ts", "--silent"]);
}
