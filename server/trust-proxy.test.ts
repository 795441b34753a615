import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitKey } from "~/security/limits.server";
import { forward } from "../tests/e2e/forward";
import { clientAddress, parseTrustProxy, requestHost } from "./trust-proxy";

describe("parseTrustProxy", () => {
  it("takes a hop count", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy(" 2 ")).toBe(2);
    expect(parseTrustProxy("0")).toBe(0);
  });

  it("trusts no proxy when unset or empty", () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy("")).toBe(0);
    expect(parseTrustProxy("  ")).toBe(0);
  });

  it("takes addresses, CIDR ranges and Express's names, comma-separated", () => {
    expect(parseTrustProxy("10.0.0.2")).toEqual(["10.0.0.2"]);
    expect(parseTrustProxy("10.0.0.0/8, 172.16.0.0/12,192.168.1.7")).toEqual([
      "10.0.0.0/8",
      "172.16.0.0/12",
      "192.168.1.7",
    ]);
    expect(parseTrustProxy("::1, fd00::/8, ::ffff:10.1.2.3, 0.0.0.0/0")).toEqual([
      "::1",
      "fd00::/8",
      "::ffff:10.1.2.3",
      "0.0.0.0/0",
    ]);
    expect(parseTrustProxy("Loopback, linklocal,UNIQUELOCAL")).toEqual(["loopback", "linklocal", "uniquelocal"]);
  });

  it("gives Express only what it accepts", () => {
    for (const value of ["1", "0", "10.0.0.0/8, fd00::/8, loopback", "::ffff:10.1.2.3", "192.168.0.0/32", "::/128"]) {
      expect(() => express().set("trust proxy", parseTrustProxy(value))).not.toThrow();
    }
  });

  it("refuses `true`, saying why and naming the right forms", () => {
    for (const value of ["true", "TRUE", " True "]) {
      expect(() => parseTrustProxy(value)).toThrow(/refused: it trusts every hop.*X-Forwarded-For/);
      expect(() => parseTrustProxy(value)).toThrow(/a hop count \(TRUST_PROXY=1.*CIDR ranges/);
    }
  });

  it("refuses whatever is neither a hop count nor a list of addresses", () => {
    for (const value of [
      "yes",
      "on",
      "false",
      "no",
      "-1",
      "1.5",
      "1e3",
      "2 hops",
      "1,2",
      "99999999999999999999",
      "300.1.1.1",
      "10.0.0",
      "10.0.0.0/33",
      "10.0.0.0/8/8",
      "10.0.0.0/",
      "10.0.0.0/255.0.0.0",
      "::1/129",
      "fe80::1%eth0",
      "10.0.0.1,",
      "loopback, nginx",
      "localhost",
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(/^TRUST_PROXY=.* is not valid .*set a hop count/);
    }
    expect(() => parseTrustProxy("loopback, nginx")).toThrow('("nginx")');
  });
});

/**
 * The whole way, over real connections: a client (its own loopback address, 127.0.0.50) reaches
 * the portal through one or two proxies that append, as nginx's $proxy_add_x_forwarded_for does,
 * the address they saw to whatever X-Forwarded-For the client made up. The portal is Express with
 * the parsed setting and server.ts's clientAddress and requestHost; it answers the address and the
 * key the per-address rate limits count (limitKey, app/security/limits.server.ts).
 */
describe("the client address behind one and two proxies", () => {
  const client = "127.0.0.50";
  const outerProxyAddress = "127.0.0.2";
  const innerProxyAddress = "127.0.0.3";
  const servers: http.Server[] = [];

  async function listen(server: http.Server): Promise<number> {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return (server.address() as AddressInfo).port;
  }

  /** `true` is Express's own, which parseTrustProxy refuses: only to show the attack. */
  async function startPortal(trustProxy: string | true): Promise<number> {
    const app = express();
    app.set("trust proxy", trustProxy === true ? true : parseTrustProxy(trustProxy));
    app.get("/", (req, res) => {
      const address = clientAddress(req);
      res.json({ address, key: limitKey("address", address), host: requestHost(req) });
    });
    return listen(http.createServer(app));
  }

  /** Appends the connecting address to X-Forwarded-For and forwards, from `localAddress`. */
  async function startProxy(targetPort: number, localAddress: string): Promise<number> {
    return listen(
      http.createServer((request, response) =>
        forward(request, response, { port: targetPort, localAddress, appendForwardedFor: true }),
      ),
    );
  }

  async function get(port: number, headers: Record<string, string>, localAddress = client) {
    return new Promise<{ address: string; key: string; host: string }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port, localAddress, headers }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            body += chunk;
          });
          response.on("end", () => resolve(JSON.parse(body)));
        })
        .on("error", reject);
    });
  }

  /** client → [outer proxy →] inner proxy → portal; the port the client connects to. */
  async function chain(trustProxy: string, hops: 1 | 2): Promise<number> {
    const portal = await startPortal(trustProxy);
    const inner = await startProxy(portal, innerProxyAddress);
    return hops === 1 ? inner : startProxy(inner, outerProxyAddress);
  }

  let direct: number;
  let oneHop: number;
  let twoHops: number;
  let twoHopsByAddress: number;
  let twoHopsCountedAsOne: number;
  beforeAll(async () => {
    direct = await startPortal("1");
    oneHop = await chain("1", 1);
    twoHops = await chain("2", 2);
    twoHopsByAddress = await chain(`${innerProxyAddress}, ${outerProxyAddress}`, 2);
    twoHopsCountedAsOne = await chain("1", 2);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("behind one proxy and TRUST_PROXY=1, takes the address the proxy saw, not the client's claims", async () => {
    expect(await get(oneHop, {})).toMatchObject({ address: client });
    // X-Forwarded-For: forged, real — as the portal receives it.
    expect(await get(oneHop, { "X-Forwarded-For": "192.0.2.1" })).toMatchObject({ address: client });
    expect(await get(oneHop, { "X-Forwarded-For": "192.0.2.1, 198.51.100.9" })).toMatchObject({ address: client });
  });

  it("behind two proxies, with TRUST_PROXY=2 or both proxies' addresses, takes what the outer one saw", async () => {
    for (const port of [twoHops, twoHopsByAddress]) {
      expect(await get(port, {})).toMatchObject({ address: client });
      expect(await get(port, { "X-Forwarded-For": "192.0.2.1, 192.0.2.2" })).toMatchObject({ address: client });
    }
    // One hop counted where there are two: every client is the outer proxy, never a forged address.
    expect(await get(twoHopsCountedAsOne, { "X-Forwarded-For": "192.0.2.1" })).toMatchObject({
      address: outerProxyAddress,
    });
  });

  it("gives the rate limits one key for one client, however many addresses it makes up", async () => {
    const keys = new Set<string>();
    for (let i = 1; i <= 35; i++) {
      for (const port of [oneHop, twoHops, twoHopsByAddress]) {
        keys.add((await get(port, { "X-Forwarded-For": `192.0.2.${i}` })).key);
      }
    }
    expect([...keys]).toEqual([limitKey("address", client)]);
    // Another client gets another key.
    expect((await get(oneHop, {}, "127.0.0.51")).key).not.toBe(limitKey("address", client));
  });

  it("believes X-Forwarded-Host only from a trusted proxy", async () => {
    expect(await get(oneHop, { "X-Forwarded-Host": "portal.example:8443" })).toMatchObject({
      host: "portal.example:8443",
    });
    const trustsNone = await startPortal("");
    expect(await get(trustsNone, { "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "192.0.2.1" })).toEqual({
      address: client,
      key: limitKey("address", client),
      host: `127.0.0.1:${trustsNone}`,
    });
    // A client that reaches a portal trusting only its proxies' addresses directly is no proxy.
    const trustsProxies = await startPortal(innerProxyAddress);
    expect(await get(trustsProxies, { "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "192.0.2.1" })).toEqual({
      address: client,
      key: limitKey("address", client),
      host: `127.0.0.1:${trustsProxies}`,
    });
  });

  it("(a hop count trusts whoever connects: the portal must be reachable only through its proxy)", async () => {
    expect(await get(direct, { "X-Forwarded-For": "192.0.2.1" })).toMatchObject({ address: "192.0.2.1" });
  });

  it("(with Express's `true`, refused above, the client would choose its address through the proxy)", async () => {
    const portal = await startPortal(true);
    const behindProxy = await startProxy(portal, innerProxyAddress);
    expect(await get(behindProxy, { "X-Forwarded-For": "192.0.2.1" })).toMatchObject({ address: "192.0.2.1" });
    expect(await get(behindProxy, { "X-Forwarded-For": "192.0.2.2" })).toMatchObject({ address: "192.0.2.2" });
  });
});
