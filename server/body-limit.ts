import type { NextFunction, Request, Response } from "express";

/**
 * The request-body limit of every route (ADR 0019), before Remix reads anything. The portal's
 * forms are a few hundred bytes; a larger body is never ours.
 *
 * - A declared Content-Length over the limit is answered at once with 413: the request is
 *   rewritten to GET /request-too-large, whose page says so in the resident's language, and the
 *   connection is closed after the answer (Node discards the unread body meanwhile).
 * - A chunked body (no Content-Length) is counted as it arrives. The action's readForm stops at
 *   the same limit and answers 413 with the page; past the limit the connection is closed after the
 *   answer. Whatever a route does with the body, none is left half-read on a kept-alive connection:
 *   once the answer is sent, the rest is read and thrown away, and the connection is cut when more
 *   than the limit arrives (before this, a 10 MB post to /logout hung for 60 s).
 */

export type BodyDecision = "within" | "too-large" | "count";

/** What to do with a request's body from its headers alone. */
export function bodyDecision(
  headers: { "content-length"?: string | undefined; "transfer-encoding"?: string | undefined },
  limitBytes: number,
): BodyDecision {
  const length = headers["content-length"];
  // Node refuses a request with both headers or with a malformed length before we see it.
  if (length !== undefined) return Number(length) > limitBytes ? "too-large" : "within";
  return headers["transfer-encoding"] ? "count" : "within";
}

/** The path the oversized requests are answered with (app/routes/request-too-large.tsx). */
export const tooLargePath = "/request-too-large";

export function limitRequestBody(limitBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const decision = bodyDecision(req.headers, limitBytes);
    if (decision === "within") return next();
    if (decision === "too-large") {
      console.warn(`Refused ${req.method} ${req.path}: body of ${req.headers["content-length"]} bytes`);
      res.set("Connection", "close");
      req.method = "GET";
      req.url = req.originalUrl = tooLargePath;
      return next();
    }
    let received = 0;
    let answered = false;
    const cut = () => {
      if (!req.socket.destroyed) req.socket.destroy();
    };
    // Attached before the Remix handler's own listener, in the same tick (see server.ts).
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limitBytes) return;
      if (!res.headersSent) res.set("Connection", "close");
      else if (answered) cut();
    });
    res.on("finish", () => {
      answered = true;
      // The route answered without reading the whole body: read the rest away, so the client
      // finishes sending and reads the answer; past the limit the listener above cuts.
      if (!req.complete) req.resume();
    });
    next();
  };
}
