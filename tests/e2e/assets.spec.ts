import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { e2e } from "./env";
import { demoAccounts, demoTenancyIds, signInAndWaitForDashboard } from "./helpers";

/**
 * The browser's files are compressed once, at build time (ADR 0078): every script and stylesheet a
 * page names is sent as the build wrote it, brotli to a browser that takes it, gzip to one that takes
 * only gzip, the plain file otherwise, each byte for byte the file the page asked for and cached for a
 * year. Without the build's compressed copies the portal compresses each answer anew (chunked, no
 * Content-Length) and this fails. Only the server's bytes are checked, so the JavaScript project
 * alone runs it.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "checks the server's bytes, the same for both projects");

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET with exactly these request headers, answered as sent (Node's http does not decompress). */
function rawGet(path: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${e2e.baseURL}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** The scripts and stylesheets a page's HTML names (preloads, the module script's imports, links). */
function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((match) => match[0]))];
}

async function expectServedPrecompressed(paths: string[]) {
  expect(paths.length).toBeGreaterThan(5);
  for (const path of paths) {
    const plain = await rawGet(path, "identity");
    expect(plain.status, path).toBe(200);
    expect(plain.headers["content-encoding"], path).toBeUndefined();
    expect(plain.headers["cache-control"], path).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.vary, path).toContain("Accept-Encoding");
    // Served ahead of the pages' chain of headers (server.ts): the one that matters for a script or
    // a stylesheet comes with it.
    expect(plain.headers["x-content-type-options"], path).toBe("nosniff");

    const brotli = await rawGet(path, "gzip, deflate, br, zstd");
    const gzip = await rawGet(path, "gzip");
    for (const [answer, encoding, decompress] of [
      [brotli, "br", brotliDecompressSync],
      [gzip, "gzip", gunzipSync],
    ] as const) {
      const what = `${path} (${encoding})`;
      // The build's file, sent whole: a length known before sending, not a stream compressed per request.
      expect(Number(answer.headers["content-length"]), what).toBe(answer.body.length);
      expect(answer.headers["cache-control"], what).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
      if (answer.headers["content-encoding"] === undefined) {
        // A file of a few bytes whose copy would not be smaller is sent as it is.
        expect(plain.body.length, what).toBeLessThan(200);
        expect(answer.body.equals(plain.body), what).toBe(true);
      } else {
        expect(answer.headers["content-encoding"], what).toBe(encoding);
        expect(decompress(answer.body).equals(plain.body), what).toBe(true);
      }
    }
    if (plain.body.length >= 1024) {
      expect(brotli.headers["content-encoding"], path).toBe("br");
      expect(gzip.headers["content-encoding"], path).toBe("gzip");
      // Brotli at its highest quality: never larger than gzip at its highest level.
      expect(brotli.body.length, path).toBeLessThanOrEqual(gzip.body.length);
    }
  }
}

test("the sign-in page's scripts and stylesheet are sent as the build compressed them", async ({ request }) => {
  const html = await (await request.get("/login/email")).text();
  await expectServedPrecompressed(assetsOf(html));
});

test("the dashboard's scripts and stylesheet are sent as the build compressed them", async ({ page }) => {
  await signInAndWaitForDashboard(page, demoAccounts.anna.email, demoTenancyIds.anna);
  const html = await page.content();
  const sent = await (await page.request.get(page.url())).text();
  await expectServedPrecompressed(assetsOf(`${html}${sent}`));
});

test("a name under /assets that is no file is answered as any unknown address, through the pages' chain", async () => {
  const asset = await rawGet("/assets/no-such-file-0000.js", "identity");
  const page = await rawGet("/no-such-page", "identity");
  expect(asset.status).toBe(page.status);
  expect(asset.headers.location).toBe(page.headers.location);
  // The pages' headers, which the files served ahead of the chain do without.
  expect(asset.headers["content-security-policy"]).toContain("default-src 'self'");
  expect(asset.headers["x-request-id"]).toBeTruthy();
});

test("a name under /assets that does not decode is answered as any such address, through the pages' chain", async () => {
  // express-static-gzip would answer it itself: a bare 400 with its error message and none of the
  // pages' headers.
  const asset = await rawGet("/assets/%E0%A4%A.js", "identity");
  const page = await rawGet("/no-such-page/%E0%A4%A", "identity");
  expect(asset.status).toBe(page.status);
  expect(asset.headers["content-type"]).toBe(page.headers["content-type"]);
  expect(asset.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
  expect(asset.headers["x-content-type-options"]).toBe("nosniff");
  expect(asset.headers["x-request-id"]).toBeTruthy();
  expect(asset.body.toString()).not.toContain("URI malformed");
});
