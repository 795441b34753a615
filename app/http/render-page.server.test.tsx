import { Writable } from "node:stream";
import { type ReactNode, Suspense } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderPage, withLateContentInBody, withoutNulBytes } from "./render-page.server";

/**
 * A page whose Danish text lands an "å" (two bytes in UTF-8) on the end of React's 2048-byte write
 * view for some length of the first paragraph: the pages measured before this renderer showed
 * "Samme periode sidste \0år". Each paragraph is short enough (under 2048 / 3 characters) to go
 * through the view rather than being sent on its own.
 */
function page(padding: number): ReactNode {
  return (
    <div>
      <p>{"x".repeat(padding)}</p>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: eight identical paragraphs of padding
        <p key={i}>{"Samme periode sidste år, 12,5 m³ – ø æ € ".repeat(12)}</p>
      ))}
    </div>
  );
}
// Every offset of the multibyte characters against the view's end, and then some.
const paddings = Array.from({ length: 64 }, (_, i) => i);

/** The render path entry.server.tsx used before: React 18's Node build. */
function renderWithPipeableStream(element: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        stream.pipe(
          new Writable({
            write(chunk: Buffer | string, _encoding, done) {
              chunks.push(Buffer.from(chunk));
              done();
            },
            final(done) {
              resolve(Buffer.concat(chunks));
              done();
            },
          }),
        );
      },
      onShellError: reject,
    });
  });
}

/**
 * A component that suspends, as one waiting for its loader's data, until `resolveData` is called;
 * then, and in every later render, it shows `content`.
 */
function suspendedUntilResolved(content: ReactNode) {
  let resolveData = () => {};
  const data = new Promise<void>((resolve) => (resolveData = resolve));
  let ready = false;
  function Late() {
    if (!ready) throw data.then(() => (ready = true));
    return content;
  }
  return { Late, resolveData: () => resolveData() };
}

describe("renderPage", () => {
  it("reproduces react#31134 on the old path: the Node build writes NUL bytes for some of these pages", async () => {
    // If this fails, the installed React no longer has the defect (a fixed version): the guard
    // below is still worth keeping, this test is not.
    const withNul: number[] = [];
    for (const padding of paddings) {
      if ((await renderWithPipeableStream(page(padding))).includes(0)) withNul.push(padding);
    }
    expect(withNul.length).toBeGreaterThan(0);
  });

  it("writes no NUL byte and exactly the page's markup, whatever falls on a write boundary", async () => {
    for (const padding of paddings) {
      const html = await renderPage(page(padding));
      expect(html.includes(0), `padding ${padding}`).toBe(false);
      expect(html.toString("utf8")).toBe(renderToStaticMarkup(page(padding)));
    }
  });

  it("waits for every Suspense boundary, so the page is whole", async () => {
    const { Late, resolveData } = suspendedUntilResolved(<p>Sidste år: 12,5 m³</p>);
    const rendering = renderPage(
      <main>
        <Suspense fallback={<p>…</p>}>
          <Late />
        </Suspense>
      </main>,
    );
    setTimeout(resolveData, 10);
    const html = (await rendering).toString("utf8");
    expect(html).toContain("Sidste år: 12,5 m³");
  });

  it("puts what is rendered after the document inside its body, as RemixServer's stream transfer", async () => {
    const { Late: StreamTransfer, resolveData } = suspendedUntilResolved(
      <script id="data">{"window.loaded = 1;"}</script>,
    );
    // RemixServer's shape: the app's document, then single fetch's data as its sibling.
    const element = (
      <>
        <html lang="da">
          <head>
            <title>Forbrug</title>
          </head>
          <body>
            <main>Varme</main>
          </body>
        </html>
        <Suspense fallback={null}>
          <StreamTransfer />
        </Suspense>
      </>
    );
    const raw = renderWithPipeableStream(element);
    setTimeout(resolveData, 10);
    expect((await raw).toString("utf8")).toMatch(/<\/html>.*window\.loaded/);

    const html = (await renderPage(element)).toString("utf8");
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(html).toContain('<script id="data">window.loaded = 1;</script>');
    expect(html.indexOf("<main>Varme</main>")).toBeLessThan(html.indexOf("window.loaded"));
    expect(html.indexOf("window.loaded")).toBeLessThan(html.indexOf("</body>"));
  });

  it("leaves a document that ends with </html>, and a fragment, as they are", () => {
    const whole = Buffer.from("<html><body><p>x</p></body></html>") as Buffer<ArrayBuffer>;
    expect(withLateContentInBody(whole)).toBe(whole);
    const fragment = Buffer.from("<p>x</p><script>y()</script>") as Buffer<ArrayBuffer>;
    expect(withLateContentInBody(fragment)).toBe(fragment);
    const late = Buffer.from("<html><body><p>ø</p></body></html><div hidden>å</div>") as Buffer<ArrayBuffer>;
    expect(withLateContentInBody(late).toString("utf8")).toBe("<html><body><p>ø</p><div hidden>å</div></body></html>");
  });

  it("rejects when the shell cannot render, and reports errors inside a boundary", async () => {
    function Broken(): ReactNode {
      throw new Error("shell broke");
    }
    await expect(renderPage(<Broken />, { onError: () => {} })).rejects.toThrow("shell broke");

    const errors: unknown[] = [];
    const html = await renderPage(
      <main>
        <Suspense fallback={<p>later</p>}>
          <Broken />
        </Suspense>
      </main>,
      {
        onError: (error) => {
          errors.push(error);
        },
      },
    );
    expect(errors).toHaveLength(1);
    expect(html.toString("utf8")).toContain("later");
  });

  it("gives up on what has not rendered when aborted", async () => {
    const controller = new AbortController();
    function Never(): ReactNode {
      throw new Promise(() => {});
    }
    const rendering = renderPage(
      <main>
        <Suspense fallback={<p>waiting</p>}>
          <Never />
        </Suspense>
      </main>,
      { signal: controller.signal, onError: () => {} },
    );
    setTimeout(() => controller.abort(), 10);
    expect((await rendering).toString("utf8")).toContain("waiting");
  });

  it("takes out every zero byte and nothing else", () => {
    const plain = Buffer.from("Sidste år: 12,5 m³") as Buffer<ArrayBuffer>;
    expect(withoutNulBytes(plain)).toBe(plain);
    const broken = Buffer.concat([
      Buffer.from("sidste "),
      Buffer.from([0, 0]),
      Buffer.from("år"),
      Buffer.from([0]),
    ]) as Buffer<ArrayBuffer>;
    expect(withoutNulBytes(broken).toString("utf8")).toBe("sidste år");
    expect(withoutNulBytes(Buffer.from([0, 0]) as Buffer<ArrayBuffer>).length).toBe(0);
  });
});
