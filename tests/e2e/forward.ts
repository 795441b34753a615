import http from "node:http";

/**
 * What the test proxies share (the e2e specs' proxies in front of the back-end or the portal, and
 * server/trust-proxy.test.ts's): a request the proxy received goes on to 127.0.0.1:`port` and the
 * answer comes back, as a reverse proxy sends it. The body is `body` when the proxy has read it
 * already, else the request is piped. `appendForwardedFor` appends the connecting address to
 * X-Forwarded-For as nginx's $proxy_add_x_forwarded_for does; `localAddress` is where the proxy
 * connects from.
 */
export function forward(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  target: { port: number; localAddress?: string; appendForwardedFor?: boolean },
  body?: Buffer,
): void {
  const headers = target.appendForwardedFor
    ? {
        ...request.headers,
        "x-forwarded-for": [request.headers["x-forwarded-for"], request.socket.remoteAddress]
          .filter(Boolean)
          .join(", "),
      }
    : request.headers;
  const upstream = http.request(
    {
      host: "127.0.0.1",
      port: target.port,
      localAddress: target.localAddress,
      path: request.url,
      method: request.method,
      headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on("error", () => response.destroy());
  if (body === undefined) request.pipe(upstream);
  else upstream.end(body);
}
