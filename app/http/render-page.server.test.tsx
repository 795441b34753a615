import { Writable } from "node:stream";
import { Suspense, type ReactNode } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderPage } from "./render-page.server";

/**
 * A page whose Danish text lands an "å" (two bytes in UTF-8) on the end of React's 2048-byte write
 * view for some length of the first paragraph: the pages of issue 13 item 5 showed
 * "Samme periode sidste \0år". Each paragraph is short enough (under 2048 / 3 characters) to go
 * through the view rather than being sent on its own.
 */
function page(padding: number): ReactNode {
  return (
    <div>
      <p>{"x".repeat(padding)}</p>
      {Array.from({ length: 8 }, (_, i) => (
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
          })
        );
      },
      onShellError: reject,
    });
  });
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

  it("writes no NUL byte and exactly the page's markup, whatever falls on a write boundary", () => {
    for (const padding of paddings) {
      const html = renderPage(page(padding));
      expect(html.includes(0), `padding ${padding}`).toBe(false);
      expect(html.toString("utf8")).toBe(renderToStaticMarkup(page(padding)));
    }
  });

  it("starts a document with its doctype, as the streaming renderers did", () => {
    const html = renderPage(
      <html lang="da">
        <body>
          <p>Sidste år</p>
        </body>
      </html>
    ).toString("utf8");
    expect(html).toBe('<!DOCTYPE html><html lang="da"><body><p>Sidste år</p></body></html>');
  });

  it("throws what a component throws, so Remix renders the error boundary instead", () => {
    function Broken(): ReactNode {
      throw new Error("shell broke");
    }
    expect(() => renderPage(<Broken />)).toThrow("shell broke");
  });

  it("renders a suspending component's fallback, to be rendered on the client (no loader defers data)", () => {
    function Never(): ReactNode {
      throw new Promise(() => {});
    }
    const html = renderPage(
      <main>
        <Suspense fallback={<p>waiting</p>}>
          <Never />
        </Suspense>
      </main>
    ).toString("utf8");
    expect(html).toContain("waiting");
  });
});
