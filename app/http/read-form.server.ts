import { data } from "@remix-run/node";

/**
 * How every action reads its form (ADR 0019): one place that turns a request no form of ours can
 * send — another method, another content type, a malformed Content-Type or body, a body larger
 * than any of our forms — into a 4xx that the route's error boundary shows in the resident's
 * language, instead of the 500 that `request.formData()` throws.
 */

/**
 * The largest body an action accepts. Our largest form (sign-up: an e-mail of at most 254
 * characters, two passwords, a checkbox) is under 1 KB even fully percent-encoded; 16 KB leaves
 * room for multipart framing and long redirect targets. server.ts enforces the same limit before
 * Remix reads anything (server/body-limit.ts).
 */
export const formBodyLimitBytes = 16 * 1024;

/** The methods every action route answers: its page (GET, HEAD) and its form (POST). */
export const actionRouteMethods = "GET, HEAD, POST";

export type FormRejection =
  | { status: 400; error: "bad_request" }
  | { status: 405; error: "method_not_allowed" }
  | { status: 413; error: "payload_too_large" }
  | { status: 415; error: "unsupported_media_type" };

export type FormEncoding = "urlencoded" | "multipart" | "none";

const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * A Content-Type header split into its media type (lower case) and parameters (names lower case),
 * or null when it is not a valid `type/subtype *(; name=value)` (RFC 9110, section 8.3).
 */
export function parseContentType(header: string): { mediaType: string; parameters: Record<string, string> } | null {
  const semicolon = header.indexOf(";");
  const mediaType = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  const [type, subtype, ...rest] = mediaType.split("/");
  if (rest.length > 0 || !type || !subtype || !token.test(type) || !token.test(subtype)) return null;
  const parameters: Record<string, string> = {};
  let remaining = semicolon === -1 ? "" : header.slice(semicolon + 1);
  while (remaining.trim() !== "") {
    const match = /^\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;"\s]*)\s*(?:;|$)/.exec(remaining);
    if (!match || !token.test(match[1]!)) return null;
    const raw = match[2]!;
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
    if (value === "") return null;
    parameters[match[1]!.toLowerCase()] = value;
    remaining = remaining.slice(match[0].length);
  }
  return { mediaType, parameters };
}

/**
 * Whether a request can carry one of our forms, from its method and headers alone: a POST with a
 * form encoding (or with no body at all, for the forms without fields), within the size limit.
 */
export function checkFormRequest(input: {
  method: string;
  contentType: string | null;
  contentLength: string | null;
  transferEncoding?: string | null;
  limitBytes?: number;
}): FormRejection | { encoding: FormEncoding } {
  if (input.method.toUpperCase() !== "POST") return { status: 405, error: "method_not_allowed" };
  const limit = input.limitBytes ?? formBodyLimitBytes;
  if (input.contentLength !== null) {
    if (!/^\d+$/.test(input.contentLength.trim())) return { status: 400, error: "bad_request" };
    if (Number(input.contentLength) > limit) return { status: 413, error: "payload_too_large" };
  }
  const hasBody = (input.contentLength !== null && Number(input.contentLength) > 0) || Boolean(input.transferEncoding);
  if (input.contentType === null || input.contentType.trim() === "") {
    return hasBody ? { status: 415, error: "unsupported_media_type" } : { encoding: "none" };
  }
  const parsed = parseContentType(input.contentType);
  if (!parsed) return { status: 400, error: "bad_request" };
  if (parsed.mediaType === "application/x-www-form-urlencoded") {
    const charset = parsed.parameters.charset?.toLowerCase();
    if (charset !== undefined && charset !== "utf-8" && charset !== "us-ascii")
      return { status: 415, error: "unsupported_media_type" };
    return { encoding: "urlencoded" };
  }
  if (parsed.mediaType === "multipart/form-data") {
    const boundary = parsed.parameters.boundary;
    // RFC 2046: 1 to 70 characters.
    if (!boundary || boundary.length > 70) return { status: 400, error: "bad_request" };
    return { encoding: "multipart" };
  }
  return { status: 415, error: "unsupported_media_type" };
}

/** The response an action throws for a rejected request: the page's error boundary renders it. */
export function formRejectionResponse(rejection: FormRejection, allow = actionRouteMethods) {
  const headers: Record<string, string> = {};
  if (rejection.status === 405) headers.Allow = allow;
  if (rejection.status === 415) headers["Accept-Post"] = "application/x-www-form-urlencoded, multipart/form-data";
  return data({ error: rejection.error }, { status: rejection.status, headers });
}

/**
 * Reads a body chunk by chunk and stops as soon as it is larger than the limit, whatever its
 * Content-Length claimed (chunked bodies have none). Null when it is too large.
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array> | null,
  limitBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Not cancelled: cancelling destroys the socket, and the 413 could not be sent
      // (server/body-limit.ts reads the rest away after the answer instead).
      if (size > limitBytes) return null;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The form of an action's request. Throws the 405, 413, 415 or 400 response (see
 * formRejectionResponse) for a request that cannot be one of our forms.
 */
export async function readForm(
  request: Request,
  options: { allow?: string; limitBytes?: number } = {},
): Promise<FormData> {
  const limitBytes = options.limitBytes ?? formBodyLimitBytes;
  const check = checkFormRequest({
    method: request.method,
    contentType: request.headers.get("content-type"),
    contentLength: request.headers.get("content-length"),
    transferEncoding: request.headers.get("transfer-encoding"),
    limitBytes,
  });
  if ("status" in check) throw formRejectionResponse(check, options.allow);

  let bytes: Uint8Array<ArrayBuffer> | null;
  try {
    bytes = await readBodyWithin(request.body, limitBytes);
  } catch {
    // The connection broke while the body was read.
    throw formRejectionResponse({ status: 400, error: "bad_request" });
  }
  if (bytes === null) throw formRejectionResponse({ status: 413, error: "payload_too_large" });

  if (check.encoding === "none") {
    if (bytes.byteLength > 0) throw formRejectionResponse({ status: 415, error: "unsupported_media_type" });
    return new FormData();
  }
  if (check.encoding === "urlencoded") {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw formRejectionResponse({ status: 400, error: "bad_request" });
    }
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
    return form;
  }
  try {
    return await new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type")! } }).formData();
  } catch {
    throw formRejectionResponse({ status: 400, error: "bad_request" });
  }
}
