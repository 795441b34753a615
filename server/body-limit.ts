import { requestTooLargePath } from "@common/portal-paths";
import type { NextFunction, Request, Response } from "express";

/**
 * The request-body limit of every route (ADR 0019), before Remix reads anything. The portal's
 * forms are a few hundred bytes; a larger body is never ours.
 *
 * - A declared Content-Length over the limit is answered at once with 413: the request is
 *   rewritten to GET /request-too-large, whose page says so in the resident's language.
 * - A chunked body (no Content-Length) is counted by the action's readForm as it reads it, which
 *   stops at the same limit and answers 413 with the page.
 * - Whatever a route did with the body, none is left half-read once the answer is sent: the rest is
 *   read and thrown away (a "lingering close", as nginx does), so a client that sends its whole
 *   body before it reads the answer gets it (before this, a 10 MB post to /logout hung for 60 s),
 *   and the connection is cut when more than `drain.maxBytes` arrive or the body has not ended
 *   after `drain.maxMs`. (Closing at once instead makes such clients fail with EPIPE or lose the
 *   answer to a reset.)
 */

export type BodyDecision = "within" | "too-large";

/** Whether a request's declared body is over the limit (a chunked one is counted while read). */
export function bodyDecision(headers: { "content-length"?: string | undefined }, limitBytes: number): BodyDecision {
  const length = headers["content-length"];
  // Node refuses a request with a malformed length, or with a length and chunks, before we see it.
  return length !== undefined && Number(length) > limitBytes ? "too-large" : "within";
}

/** The path the oversized requests are answered with (app/routes/public/request-too-large.tsx). */
export const tooLargePath = requestTooLargePath;

export interface DrainLimits {
  maxBytes: number;
  maxMs: number;
}

/** 10 MB from a slow phone still arrives; a client that never stops is cut. */
export const defaultDrainLimits: DrainLimits = { maxBytes: 32 * 1024 * 1024, maxMs: 5_000 };

export function limitRequestBody(limitBytes: number, drain: DrainLimits = defaultDrainLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (bodyDecision(req.headers, limitBytes) === "too-large") {
      console.warn(`Refused ${req.method} ${req.path}: body of ${req.headers["content-length"]} bytes`);
      req.method = "GET";
      req.url = req.originalUrl = tooLargePath;
    }
    res.on("finish", () => {
      if (!req.complete) discardRest(req, drain);
    });
    next();
  };
}

/** Reads the rest of a body nobody will read, within the drain limits. */
function discardRest(req: Request, { maxBytes, maxMs }: DrainLimits) {
  // Remix's body stream, if any, would keep every chunk: only the counter listens from here on.
  req.removeAllListeners("data");
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, maxMs);
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) {
      clearTimeout(timer);
      cut();
    }
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}
