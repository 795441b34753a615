/**
 * The portal's readiness (GET /healthz): ready when the back-end's GET /health answers
 * `{"status":"ok"}` within `timeoutMs`, which it does only while its database answers. A load
 * balancer or an orchestrator sends residents only to portals that can serve them.
 *
 *   200 {"status":"ok"}
 *   503 {"status":"unavailable","backend":"HTTP 503" | "timeout" | "unreachable" | "invalid answer"}
 *   503 {"status":"stopping"}            once SIGTERM has been received (server.ts)
 *
 * Several checks at once share one call to the back-end. The reasons name no address or error
 * text: /healthz is reachable from outside. GET /livez (server.ts) only says the process answers.
 */

export type HealthAnswer =
  | { status: 200; body: { status: "ok" } }
  | { status: 503; body: { status: "unavailable"; backend: string } | { status: "stopping" } };

export const healthTimeoutMs = 2000;

export function createHealthCheck(options: {
  /** The back-end's /health URL; null: the portal answers for itself alone. */
  backendHealthUrl: string | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** True once the server is shutting down. */
  stopping?: () => boolean;
}): () => Promise<HealthAnswer> {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? healthTimeoutMs;
  let running: Promise<HealthAnswer> | undefined;

  async function askBackend(url: string): Promise<HealthAnswer> {
    const unavailable = (backend: string): HealthAnswer => ({ status: 503, body: { status: "unavailable", backend } });
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchImpl(url, { signal, headers: { accept: "application/json" } });
      const text = await response.text();
      if (!response.ok) return unavailable(`HTTP ${response.status}`);
      const body = JSON.parse(text) as { status?: unknown } | null;
      return body?.status === "ok" ? { status: 200, body: { status: "ok" } } : unavailable("invalid answer");
    } catch (error) {
      if (signal.aborted) return unavailable("timeout");
      return unavailable(error instanceof SyntaxError ? "invalid answer" : "unreachable");
    }
  }

  return async () => {
    if (options.stopping?.()) return { status: 503, body: { status: "stopping" } };
    if (options.backendHealthUrl === null) return { status: 200, body: { status: "ok" } };
    running ??= askBackend(options.backendHealthUrl).finally(() => {
      running = undefined;
    });
    return running;
  };
}
