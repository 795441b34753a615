/** Test helpers: throw-away directories below the system's temporary one, for data files and configuration. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/**
 * A new empty directory for each test of the file (`each`) or one for all of them (`all`), removed
 * after; read `.path` inside a test.
 */
export function tempDirFor(scope: "each" | "all", prefix: string): { readonly path: string } {
  let path: string | undefined;
  (scope === "each" ? beforeEach : beforeAll)(() => {
    path = mkdtempSync(join(tmpdir(), prefix));
  });
  (scope === "each" ? afterEach : afterAll)(() => {
    if (path !== undefined) rmSync(path, { recursive: true, force: true });
  });
  return {
    get path() {
      if (path === undefined) throw new Error("the temporary directory exists only while the tests run");
      return path;
    },
  };
}

/** Runs `use` with a new empty directory and removes the directory afterwards, whatever happened. */
export async function withTempDir<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
