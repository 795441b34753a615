import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { childMemoryMiB, serverNameOf } from "./processes.mjs";

describe("childMemoryMiB", () => {
  it.runIf(process.platform === "linux")(
    "gives each direct child's resident memory now and at its peak, by command line",
    async () => {
      // A child that holds about 64 MiB for a moment, then lets it go and waits.
      const child = spawn(
        process.execPath,
        [
          "-e",
          "let b = Buffer.alloc(64 * 1024 * 1024, 1); b = null; global.gc?.(); console.log('ready'); setTimeout(() => {}, 30000)",
          "memory-probe",
        ],
        { stdio: ["ignore", "pipe", "ignore"] },
      );
      try {
        await new Promise((resolve) => child.stdout.once("data", resolve));
        const probe = Object.entries(childMemoryMiB(process.pid)).find(([cmd]) => cmd.endsWith("memory-probe"));
        expect(probe, "the child is found by its command line").toBeDefined();
        const [, memory] = probe!;
        expect(memory.rssMiB).toBeGreaterThan(10);
        expect(memory.peakMiB).toBeGreaterThanOrEqual(64);
        expect(memory.peakMiB).toBeGreaterThanOrEqual(memory.rssMiB);
      } finally {
        child.kill();
      }
    },
  );

  it("knows no child of a process that has none", () => {
    expect(childMemoryMiB(2 ** 22 + 1)).toEqual({});
  });
});

describe("serverNameOf", () => {
  it("names the portal's server and its back-end by their entry, and leaves other commands as they are", () => {
    expect(serverNameOf("--max-semi-space-size=64 build/node/server.js")).toBe("portal");
    expect(serverNameOf("--max-semi-space-size=64 build/node/backend.js")).toBe("back-end");
    expect(serverNameOf("scripts/start.mjs")).toBe("scripts/start.mjs");
  });
});
