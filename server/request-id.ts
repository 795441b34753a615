import { runWithRequestId } from "@common/node/logging";
import { requestIdFrom, requestIdHeader } from "@common/node/request-id";
import type { NextFunction, Request, Response } from "express";

/**
 * The portal's first middleware (server.ts): the request's id goes on the answer (X-Request-Id),
 * into `res.locals.requestId` (for the load context, which sends it with every back-end call), and
 * around the rest of the request's handling, so every line logged for it carries it.
 */
export function assignRequestId(req: Request, res: Response, next: NextFunction): void {
  const requestId = requestIdFrom(req.headers[requestIdHeader]);
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  runWithRequestId(requestId, next);
}
