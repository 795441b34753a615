/**
 * Serves the bench's bare page (vite.config.mjs builds it into .cache/bench-bare/build) the way
 * server.ts serves the portal's pages: express, fingerprinted assets from build/client/assets, the
 * Remix handler for the rest. BARE_COMPRESSION=1 adds what server.ts adds for answers it compresses
 * itself (server/compression.mjs, the same middleware). PORT and HOST as for the portal. Started
 * and stopped by mix-load.mjs.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import express from "express";
import { responseCompression } from "../../../server/compression.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const buildDir = path.resolve(here, "../../../.cache/bench-bare/build");
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

const app = express();
app.disable("x-powered-by");
if (process.env.BARE_COMPRESSION === "1") app.use(responseCompression());
app.use(
  "/assets",
  express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }),
);
app.all("*", createRequestHandler({ build, mode: "production" }));

const port = Number(process.env.PORT ?? 3300);
const server = app.listen(port, process.env.HOST ?? "127.0.0.1", () => {
  console.log(`bare page listening on http://127.0.0.1:${port} (compression ${process.env.BARE_COMPRESSION === "1"})`);
});
server.keepAliveTimeout = 65_000;
process.on("SIGTERM", () => server.close(() => process.exit(0)));
