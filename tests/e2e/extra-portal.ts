import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { e2e } from "./env";
import { forward } from "./forward";

/**
 * Another instance of the built portal for one spec: the same build and session secret as the e2e
 * portal (so its sessions open it), with variables of the spec's own, and the services wherever the
 * spec puts them (the e2e back-end, or a proxy in front of it that slows or breaks its answers).
 */

/**
 * A proxy in front of the e2e back-end, for a spec whose portal must see it slow or broken: each
 * request, its body read, goes to `handle` with `forward`, which sends it on to the back-end and the
 * back-end's answer back (at once or later); `handle` may answer by itself instead.
 */
export async function startBackendProxy(
  handle: (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, forward: () => void) => void,
): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      handle(request, response, body, () => forward(request, response, { port: e2e.backendPort }, body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ExtraPortal {
  url: string;
  port: number;
  child: ChildProcess;
  /** The exit code once the process has ended (null when killed). */
  exited: Promise<number | null>;
  /** What the process has written to stderr so far (its start-up refusals, for example). */
  stderr(): string;
  stop(): void;
}

/**
 * Starts the portal on `port` (a free one when absent), its three services at `servicesPort`
 * (the e2e back-end by default), with `env` on top; an `undefined` in `env` removes a variable.
 * Does not wait for it to listen: see {@link untilListening}.
 */
export async function spawnPortal(
  options: { port?: number; servicesPort?: number; env?: Record<string, string | undefined> } = {},
): Promise<ExtraPortal> {
  const port = options.port ?? (await freePort());
  const service = (name: string) => `http://127.0.0.1:${options.servicesPort ?? e2e.backendPort}/${name}/graphql`;
  const child = spawn(process.execPath, ["build/node/server.js"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: e2e.sessionSecret,
      ACCOUNT_API_URL: service("account"),
      USERS_API_URL: service("users"),
      TENANT_DATA_API_URL: service("tenant"),
      ...options.env,
    },
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, port, child, exited, stderr: () => stderr, stop: () => child.kill() };
}

/** Waits until the portal answers /healthz (at most `timeoutMs`: a busy machine starts it slowly). */
export async function untilListening(portal: ExtraPortal, timeoutMs = 100_000): Promise<void> {
  const startedAt = Date.now();
  for (;;) {
    const up = await fetch(`${portal.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (portal.child.exitCode !== null || Date.now() - startedAt > timeoutMs)
      throw new Error(`the extra portal on ${portal.url} did not start: ${portal.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** {@link spawnPortal}, then {@link untilListening}. */
export async function startPortal(options: Parameters<typeof spawnPortal>[0] = {}): Promise<ExtraPortal> {
  const portal = await spawnPortal(options);
  await untilListening(portal);
  return portal;
}
