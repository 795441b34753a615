import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createJsonLog, installJsonConsole, loggablePath } from "@common/node/logging";
import { closeHttpServer } from "@common/node/shutdown";
import { forbiddenPath } from "@common/portal-paths";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express, { type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import { readConfig } from "./app/config.server";
import type { createAppLoadContext } from "./app/context.server";
import { formBodyLimitBytes } from "./app/http/read-form.server";
import { limitRequestBody } from "./server/body-limit";
import { responseCompression } from "./server/compression.mjs";
import { createHealthCheck } from "./server/healthz";
import {
  carriesSecretInUrl,
  decodes,
  formPostCallbackPaths,
  isOneClickUnsubscribePost,
  isProviderFormPost,
  isSameOriginRequest,
} from "./server/request-guards";
import { assignRequestId } from "./server/request-id";
import { clientAddress, parseTrustProxy, requestHost } from "./server/trust-proxy";

/**
 * The portal's HTTP server: a request id on every request and its log lines, security headers with
 * a per-request CSP nonce, compression, long-lived caching of fingerprinted assets, health
 * endpoints, the Remix handler with a per-request load context, and a graceful shutdown on
 * SIGTERM/SIGINT. `npm run dev` runs it with Vite's dev middleware.
 */

const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
// Fails fast, naming the variable, when the configuration is invalid.
const portalConfig = readConfig();
// Which proxies' X-Forwarded-For is believed: a hop count or their addresses, never `true`
// (server/trust-proxy.ts). Refused before anything listens, naming the right forms.
const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
// LOG_FORMAT=json: every line this process writes, through console from any module, is one JSON
// object carrying the id of the request it was written for (common/node/logging.ts).
const jsonLog = portalConfig.logFormat === "json" ? createJsonLog("portal") : undefined;
if (jsonLog) installJsonConsole(jsonLog);
// The social sign-in form posts are answered with a redirect to the provider: CSP must allow it.
const oauthOrigins = Object.values(portalConfig.socialProviders).map((p) => new URL(p.authorizationUrl).origin);

const viteDevServer = production
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
// req.ip (the rate limits' client address), req.protocol and requestHost follow it.
app.set("trust proxy", trustProxy);

// The build wrote each script, stylesheet and SVG compressed beside it (file.br, file.gz; ADR 0078):
// the one the browser accepts is sent as it is, brotli first, so no request compresses them again.
// A path that does not decode is passed on, to Express's own 400 as on any other path:
// express-static-gzip would answer it itself, with a bare 400, its error message and no headers of ours.
const staticFiles = (
  root: string,
  serveStatic: { immutable?: boolean; maxAge: string; setHeaders?: (res: ServerResponse) => void },
): express.RequestHandler => {
  const files = expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic,
  });
  return (req, res, next) => (decodes(req.path) ? files(req, res, next) : next());
};

// Fingerprinted build assets never change: cached for a year, and served before everything below.
// A page's first load (a resident's first visit, every visit after a deploy) asks for about 36 of
// them, and the chain below (request id, access log, CSP nonce, compression's wrapper, the origin
// check) is a page's: none of it means anything for a script or a stylesheet, except the browser's
// `nosniff`, set here. What is not a file here (another method, an unknown name) goes on down the
// chain and is answered as any unknown address, as is a name that does not decode (staticFiles).
// Measured in docs/performance.md.
if (!viteDevServer) {
  app.use(
    "/assets",
    staticFiles("build/client/assets", {
      immutable: true,
      maxAge: "1y",
      // Vary as before, when the compression middleware set it on every answer: also on the few
      // files too small to have compressed copies, whose answer is the same for every browser.
      setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff").setHeader("Vary", "Accept-Encoding"),
    }),
  );
}

// Every request gets an id: the proxy's X-Request-Id when it is a sensible one, else a new one. It
// is on the answer, on every back-end call (context.requestId) and on every log line written while
// the request runs (AsyncLocalStorage, common/node/logging.ts).
app.use(assignRequestId);

// In JSON mode, one access line per request (successful health probes excepted). The path goes
// without its query and without the secrets some paths carry.
if (jsonLog) {
  app.use((req, res, next) => {
    const startedAt = performance.now();
    // Taken now: the guards below may send the request on to another path (/forbidden).
    const { method, path } = req;
    res.once("close", () => {
      if (res.statusCode === 200 && (path === "/healthz" || path === "/livez")) return;
      jsonLog.entry("info", "request", {
        method,
        path: loggablePath(path),
        status: res.statusCode,
        durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    next();
  });
}

let shuttingDown = false;
// Liveness: the process answers (whatever the back-end does).
app.get("/livez", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});
// Readiness: the back-end's /health answers ok within 2 s (server/healthz.ts), and we are not stopping.
const healthCheck = createHealthCheck({
  backendHealthUrl: portalConfig.backendHealthUrl,
  stopping: () => shuttingDown,
});
app.get("/healthz", (_req, res, next) => {
  healthCheck().then((answer) => {
    res.status(answer.status).set("Cache-Control", "no-store").json(answer.body);
  }, next);
});

// Methods the Fetch API cannot carry (TRACE, CONNECT, WebDAV's PROPFIND, …) made Remix's request
// adapter throw, a 500 with a stack trace. They are handed on as OPTIONS, which no route takes: Remix
// answers 405 with the page in the visitor's language, and entry.server.tsx adds the Allow header of
// the path (app/http/method-not-allowed.server.ts).
const fetchMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
app.use((req, _res, next) => {
  if (!fetchMethods.has(req.method)) req.method = "OPTIONS";
  next();
});

// Compression of what is neither a page nor an asset (server/compression.mjs).
app.use(responseCompression());

app.use((_req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  const devSources = viteDevServer ? " ws: http://localhost:*" : "";
  res.set({
    "Content-Security-Policy": [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${viteDevServer ? " 'unsafe-inline'" : ""}`,
      `style-src 'self'${viteDevServer ? " 'unsafe-inline'" : ""}`,
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${devSources}`,
      ["form-action 'self'", ...oauthOrigins].join(" "),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    // No Cross-Origin-Opener-Policy: what it guards is guarded otherwise here, and it cost the
    // pages' Lighthouse score (ADR 0069).
  });
  if (production && process.env.HSTS === "true") res.set("Strict-Transport-Security", "max-age=31536000");
  next();
});

const allowedOrigins = (process.env.PUBLIC_ORIGINS ?? "")
  .split(",")
  .map((o) => o.trim())
  .filter(Boolean);
// Apple answers sign-ins by a cross-site form post to its callback, which only relays (ADR 0056).
const providerFormPosts = formPostCallbackPaths(portalConfig.socialProviders);

app.use((req, res, next) => {
  // Reset and impersonation links carry secrets: keep them out of Referer headers. (No cache keeps
  // them either: every page and data answer is private, no-store, set in entry.server.tsx; ADR 0020.)
  if (carriesSecretInUrl(req.path)) res.set({ "Referrer-Policy": "no-referrer" });
  // Every form post must come from one of our pages; others get the localized 403 page.
  const host = requestHost(req);
  const sameOrigin =
    isSameOriginRequest({
      method: req.method,
      secFetchSite: req.get("sec-fetch-site"),
      origin: req.get("origin"),
      referer: req.get("referer"),
      host,
      allowedOrigins,
    }) ||
    isProviderFormPost(req.method, req.path, providerFormPosts) ||
    // A mail client's one-click unsubscribe of the weekly update (RFC 8058, ADR 0076): cross-site by design.
    isOneClickUnsubscribePost(req.method, req.path);
  if (sameOrigin && req.method !== "GET" && req.method !== "HEAD") {
    // Our check is the stricter one and has passed. Remix 2.17 compares Origin with Host again and
    // throws a 500 for `Origin: null`, which browsers send from no-referrer pages (password reset).
    delete req.headers.origin;
  }
  if (!sameOrigin) {
    console.warn(`Refused ${req.method} ${req.path} from origin ${req.get("origin") ?? req.get("referer")}`);
    // @remix-run/express builds the request from originalUrl.
    req.method = "GET";
    req.url = req.originalUrl = forbiddenPath;
  }
  next();
});

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // The other files of build/client (favicons; /assets is served above) have an extension; pages
  // never do, so they skip a file-system lookup on every request. The compression middleware passes
  // a copy's answer (it has a Content-Encoding) through.
  const otherFiles = staticFiles("build/client", { maxAge: "1h" });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? otherFiles(req, res, next) : next()));
}

async function loadBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  const buildPath = path.resolve("build/server/index.js");
  return (await import(/* @vite-ignore */ pathToFileURL(buildPath).href)) as ServerBuild;
}

const productionBuild = viteDevServer ? undefined : await loadBuild();

/** The load-context factory exported by app/entry.server.tsx (one module graph with the routes). */
function contextFactory(build: ServerBuild): typeof createAppLoadContext {
  return (build.entry.module as unknown as { createAppLoadContext: typeof createAppLoadContext }).createAppLoadContext;
}

app.all(
  "*",
  // Bodies larger than any form get the 413 page at once, and a body a route left unread is read
  // away after the answer instead of hanging the client (ADR 0019).
  limitRequestBody(formBodyLimitBytes),
  createRequestHandler({
    build: viteDevServer ? loadBuild : productionBuild!,
    mode: production ? "production" : "development",
    getLoadContext: async (req: Request, res: Response) =>
      contextFactory(productionBuild ?? (await loadBuild()))({
        cookieHeader: req.headers.cookie ?? null,
        https: req.protocol === "https",
        cspNonce: res.locals.cspNonce as string,
        clientAddress: clientAddress(req),
        requestId: res.locals.requestId as string,
        appendSetCookie: (value) => res.append("Set-Cookie", value),
      }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(`Portal listening on http://localhost:${port}`);
});
server.keepAliveTimeout = 65_000;

// SIGTERM (docker stop, a rolling restart) or SIGINT: no new connections, /healthz says
// "stopping", the requests already running are answered (at most 10 s), then exit 0.
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received: finishing open requests, then stopping.`);
  const { forced } = await closeHttpServer(server, { deadlineMs: 10_000 });
  await viteDevServer?.close();
  if (forced) console.error("Open requests did not finish within 10 s; stopped anyway.");
  process.exit(forced ? 1 : 0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
