import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+server-runtime+2.17.5.patch (ADR 0054): a document request's loader data is
 * encoded for the browser (turbo-stream) only when the entry's render reads
 * `serverHandoffStream`, so a page the entry sends from its memory of rendered pages costs no
 * encoding. The encoding itself is unchanged.
 */
const runtime = createRequire(import.meta.url)(
  "@remix-run/server-runtime",
) as typeof import("@remix-run/server-runtime");

type EntryContext = import("@remix-run/server-runtime").EntryContext;

function buildWith(entry: (context: EntryContext) => Promise<Response>) {
  const rootModule = { default: () => null, loader: () => ({ figure: "675 kWh" }) };
  return {
    mode: "production",
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v3_singleFetch: true,
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
    },
    isSpaMode: false,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
    entry: {
      module: {
        default: (_request: Request, _status: number, _headers: Headers, context: EntryContext) => entry(context),
      },
    },
    routes: {
      root: { id: "root", path: "", module: rootModule },
    },
  } as unknown as import("@remix-run/server-runtime").ServerBuild;
}

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("the loader data's encoding for a document (patched @remix-run/server-runtime)", () => {
  it("has not started when the entry is called, and is the usual encoding once read", async () => {
    let encodedBeforeReading: unknown = "not called";
    let encoding = "";
    const handler = runtime.createRequestHandler(
      buildWith(async (context) => {
        const descriptor = Object.getOwnPropertyDescriptor(context, "serverHandoffStream");
        // A getter, not a stream made before the entry was called.
        encodedBeforeReading = descriptor && "value" in descriptor ? descriptor.value : undefined;
        encoding = await text(context.serverHandoffStream as ReadableStream<Uint8Array>);
        // The same stream on every read.
        expect(context.serverHandoffStream).toBe(context.serverHandoffStream);
        return new Response("page");
      }),
    );
    const response = await handler(new Request("http://portal.test/"));
    expect(await response.text()).toBe("page");
    expect(encodedBeforeReading).toBeUndefined();
    expect(encoding).toContain("675 kWh");
    expect(encoding).toContain("loaderData");
  });

  it("lets the entry answer without reading it", async () => {
    const handler = runtime.createRequestHandler(
      buildWith(async (context) => {
        expect(Object.keys(context)).toContain("serverHandoffStream");
        return new Response("kept page");
      }),
    );
    expect(await (await handler(new Request("http://portal.test/"))).text()).toBe("kept page");
  });
});
