import type { Server } from "node:http";

/**
 * Stops an HTTP server the way a rolling restart needs, for the portal (server.ts) and
 * the back-end (backend/server.ts): no new connections, every request already running answered,
 * then done. `server.close()` alone is not enough: a kept-alive connection whose request was
 * running when it was called stays open after its answer (Node answers it `Connection:
 * keep-alive`), for the whole keep-alive timeout (65 s in the portal). So from the moment it is
 * called, answers say `Connection: close`, and connections that fall idle are closed as they do.
 * What still runs after `deadlineMs` is cut off.
 */
export async function closeHttpServer(server: Server, options: { deadlineMs: number }): Promise<{ forced: boolean }> {
  // Requests that arrive on a kept-alive connection from now on are the connection's last.
  server.prependListener("request", (_request, response) => {
    if (!response.headersSent) response.setHeader("connection", "close");
  });
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Connections whose request was running fall idle when it is answered: closed within 50 ms.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    server.closeAllConnections();
  }, options.deadlineMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return { forced };
}
