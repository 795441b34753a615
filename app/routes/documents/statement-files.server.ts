/**
 * An allocation statement's file from the back-end: `GET {statementFilesUrl}/{id}` with
 * the resident's users-service token, streamed on to the browser. Node's fetch keeps the body a
 * stream (the portal's own httpFetch reads answers whole, which a 20 MB file must not be). Only the
 * wait for the answer's headers is bounded by API_TIMEOUT_MS; the transfer itself may take longer.
 */
import type { AppLoadContext } from "@remix-run/node";
import { serviceFailure } from "../../services/graphql.server";

export type StatementFile =
  | { status: "ok"; body: ReadableStream<Uint8Array>; headers: Headers }
  | { status: "not-found" }
  | { status: "signed-out" };

export async function fetchStatementFile(
  context: AppLoadContext,
  statementId: number,
  fetchImpl: typeof fetch = fetch,
): Promise<StatementFile> {
  const tokens = await context.auth.tokens();
  if (!tokens) return { status: "signed-out" };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException("The back-end did not answer in time", "TimeoutError")),
    context.config.apiTimeoutMs,
  );
  let response: Response;
  try {
    response = await fetchImpl(`${context.config.statementFilesUrl}/${statementId}`, {
      headers: { authorization: `Bearer ${tokens.users.token}`, "x-request-id": context.requestId },
      signal: controller.signal,
    });
  } catch {
    throw serviceFailure("tenant", "service_unavailable");
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 404) return { status: "not-found" };
  if (response.status === 401) return { status: "signed-out" };
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw serviceFailure("tenant", response.status >= 500 ? "service_unavailable" : "invalid_response");
  }
  const headers = new Headers({ "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return { status: "ok", body: response.body, headers };
}
