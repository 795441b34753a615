import { randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { freePort, spawnPortal, untilListening } from "./extra-portal";
import { forward } from "./forward";

/**
 * TRUST_PROXY as production sets it (server/trust-proxy.ts, ADR 0058). A third portal instance
 * (the same build, back-end and session secret) runs with TRUST_PROXY=1 behind a tiny proxy that,
 * like nginx's $proxy_add_x_forwarded_for, appends the address it sees connecting to whatever
 * X-Forwarded-For the client sent. An attacker who makes up a new address for every wrong password
 * is still one address to the rate limits, and reaches the per-address sign-in limit (30 failures in
 * 15 minutes, backend/services/rate-limits.ts). And the portal does not start with TRUST_PROXY=true.
 *
 * Plain HTTP, no browser, so it runs in one project. The attacker connects from an address of its
 * own on loopback (127.44.x.y, new every run), which no other test uses, and signs in as accounts
 * that do not exist, so neither the address's nor an account's count reaches any other test. The
 * made-up addresses are TEST-NET-1's (192.0.2.0/24), which no other end-to-end test sends.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP, no browser: one project is enough");

/** Forwards to the portal, appending the connecting address to X-Forwarded-For, as nginx does. */
async function startNginxLikeProxy(portalPort: number): Promise<http.Server> {
  const proxy = http.createServer((request, response) =>
    forward(request, response, { port: portalPort, appendForwardedFor: true }),
  );
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return proxy;
}

/** A wrong-password sign-in through the proxy, from `localAddress`, claiming to be `forgedFor`. */
function postLogin(proxyPort: number, localAddress: string, email: string, forgedFor: string) {
  const body = new URLSearchParams({ email, password: "Wrong-Password-2026!" }).toString();
  return new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: proxyPort,
        localAddress,
        method: "POST",
        path: "/login/email",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          "X-Forwarded-For": forgedFor,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"], body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("behind one proxy with TRUST_PROXY=1, made-up X-Forwarded-For addresses still end in 429", async () => {
  const portal = await spawnPortal({ env: { TRUST_PROXY: "1" } });
  const proxy = await startNginxLikeProxy(portal.port);
  try {
    await untilListening(portal);
    const proxyPort = (proxy.address() as AddressInfo).port;
    const run = `${randomInt(1, 255)}.${randomInt(1, 255)}`;
    const attacker = `127.44.${run}`;

    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof postLogin>> | undefined;
    for (let i = 1; i <= 35; i++) {
      // A new made-up address and a new (unknown) account every time: only the address limit counts.
      last = await postLogin(proxyPort, attacker, `trust-proxy-${run}-${i}@example.test`, `192.0.2.${i}`);
      statuses.push(last.status);
    }
    const firstRefused = statuses.indexOf(429);
    // Wrong passwords until the per-address limit (30), then 429 for every further attempt.
    expect(firstRefused, statuses.join(" ")).toBeGreaterThan(0);
    expect(firstRefused, statuses.join(" ")).toBeLessThanOrEqual(30);
    expect(statuses.slice(0, firstRefused)).toEqual(Array(firstRefused).fill(401));
    expect(statuses.slice(firstRefused)).toEqual(Array(35 - firstRefused).fill(429));
    expect(Number(last?.retryAfter)).toBeGreaterThan(0);
    expect(last?.body).toContain("For mange forsøg.");

    // The limit is the attacker's own address, not the proxy's: another client through the same
    // proxy still gets its answer.
    const other = await postLogin(proxyPort, `127.45.${run}`, `trust-proxy-${run}-other@example.test`, "192.0.2.200");
    expect(other.status).toBe(401);
  } finally {
    portal.stop();
    await new Promise((resolve) => proxy.close(resolve));
  }
});

test("the portal refuses to start with TRUST_PROXY=true, or anything that is neither form", async () => {
  for (const [value, message] of [
    ["true", "TRUST_PROXY=true is refused: it trusts every hop"],
    ["yes", 'TRUST_PROXY=yes is not valid ("yes")'],
    ["on", 'TRUST_PROXY=on is not valid ("on")'],
  ] as const) {
    const port = await freePort();
    const portal = await spawnPortal({ port, env: { TRUST_PROXY: value } });
    const code = await Promise.race([
      portal.exited,
      new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 30_000)),
    ]);
    if (code === "running") portal.stop();
    expect(code, portal.stderr()).not.toBe("running");
    expect(code).not.toBe(0);
    expect(portal.stderr()).toContain(message);
    expect(portal.stderr()).toContain("a hop count (TRUST_PROXY=1 behind one proxy");
    // It never listened.
    expect(
      await fetch(`http://127.0.0.1:${port}/livez`).then(
        () => "answered",
        () => "refused",
      ),
    ).toBe("refused");
  }
});
