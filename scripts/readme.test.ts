import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

/** Issue 45 item 6: the README stays short (details go to docs/) and keeps the two commands. */
describe("README.md", () => {
  it("is at most 250 lines", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(250);
  });

  it("states the command that installs and starts the portal and the one that runs every test", () => {
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toMatch(/```sh\nnpm test\n```/);
  });
});
