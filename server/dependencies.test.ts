import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));
const portal = read("../package.json");
const backend = read("../backend/package.json");

// The portal must deploy against the customer's real services without the stand-in back-end's
// drivers, GraphQL server or mailer: those belong to the back-end's own package.
describe("the portal's production dependencies", () => {
  it("hold no database driver, GraphQL server or mailer", () => {
    const names = Object.keys(portal.dependencies);
    for (const forbidden of ["kysely", "better-sqlite3", "pg", "graphql-yoga", "nodemailer", "jose"]) {
      expect(names).not.toContain(forbidden);
    }
  });

  it("leave those to the back-end's workspace package", () => {
    expect(portal.workspaces).toContain("backend");
    for (const needed of ["kysely", "better-sqlite3", "pg", "graphql-yoga", "nodemailer"]) {
      expect(Object.keys(backend.dependencies)).toContain(needed);
    }
  });

  it("pin one version of a package both declare", () => {
    for (const [name, version] of Object.entries(backend.dependencies)) {
      const root = portal.dependencies[name] ?? portal.devDependencies[name];
      if (root !== undefined) expect(`${name}@${root}`).toBe(`${name}@${version}`);
    }
  });
});
