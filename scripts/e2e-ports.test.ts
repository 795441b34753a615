import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { e2ePortDefaults, e2ePorts } from "./e2e-ports.mjs";

const defaults = e2ePortDefaults as Record<string, number>;
const choose = e2ePorts as (env?: Record<string, string | undefined>) => Promise<Record<string, string>>;

const servers: net.Server[] = [];
function occupy(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen({ port, host: "127.0.0.1" }, () => resolve());
    servers.push(server);
  });
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Well away from the real defaults, so a run of the suite beside this test is not disturbed. */
const base = {
  E2E_PORT: 23100,
  E2E_BACKEND_PORT: 24100,
  E2E_OIDC_PORT: 24150,
  E2E_APPLE_OIDC_PORT: 24160,
  E2E_CLOSED_PORT: 24199,
};

describe("e2ePorts", () => {
  it("sets nothing when every default is free", async () => {
    expect(Object.keys(defaults).sort()).toEqual(Object.keys(base).sort());
    expect(await withDefaults(base, () => choose({}))).toEqual({});
  });

  it("moves a port that is in use, and the portal's port when the next one is taken", async () => {
    await occupy(24150);
    await occupy(23101);
    const chosen = await withDefaults(base, () => choose({}));
    expect(chosen.E2E_OIDC_PORT).toBe("24151");
    const portal = Number(chosen.E2E_PORT);
    expect(portal).toBeGreaterThan(23101);
    expect(chosen.E2E_BACKEND_PORT).toBeUndefined();
    expect(chosen.E2E_CLOSED_PORT).toBeUndefined();
  });

  it("never moves a port set in the environment, nor gives another variable the same port", async () => {
    await occupy(24100);
    const chosen = await withDefaults(base, () => choose({ E2E_BACKEND_PORT: "24101" }));
    expect(chosen.E2E_BACKEND_PORT).toBeUndefined();
    expect(Object.values(chosen)).not.toContain("24101");
  });
});

/** Runs `body` with the module's defaults replaced (they are a plain object the function reads). */
async function withDefaults<T>(replacement: Record<string, number>, body: () => Promise<T>): Promise<T> {
  const saved = { ...defaults };
  Object.assign(defaults, replacement);
  try {
    return await body();
  } finally {
    Object.assign(defaults, saved);
  }
}
