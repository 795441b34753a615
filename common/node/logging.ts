import { AsyncLocalStorage } from "node:async_hooks";
import { inspect } from "node:util";
import { impersonatePath, reportPath } from "../portal-paths";

/**
 * Log lines of both processes. By default they stay the readable console output they
 * have always been; with `LOG_FORMAT=json` every line is one JSON object:
 *
 *   {"time":"2026-…Z","level":"error","service":"backend","msg":"[tenant] unexpected error:",
 *    "requestId":"3f2c…","error":{"name":"SqliteError","message":"…","stack":"…"}}
 *
 * `requestId` is the id of the request being served (server/request-id.ts), taken from an
 * AsyncLocalStorage that the portal's server.ts and the back-end's app.ts enter for each request:
 * whatever logs while that request runs, in any module, carries it without being handed it.
 * Errors go whole, with their stack, into the `error` field: never into a page or an answer.
 *
 * Shared by the portal (server.ts) and the back-end (backend/logger.ts, backend/app.ts).
 */

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFormat = "text" | "json";

/** LOG_FORMAT: `json` for one JSON object per line; else the console output (the configurations reject typos). */
export function logFormatOf(env: Record<string, string | undefined> = process.env): LogFormat {
  return env.LOG_FORMAT === "json" ? "json" : "text";
}

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Whether log lines need the request id: only once a JSON log exists. Entering an
 * AsyncLocalStorage makes Node track every promise of the request, which cost the portal about 7 %
 * more CPU per dashboard and pushed its p99 over budget (npm run bench, 326–364 ms against 300):
 * the readable console lines, the default, carry no request id, so they do not pay for it.
 */
let tracking = false;

/** Runs `fn` (and everything it starts) as part of the request with this id (when a JSON log needs it). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return tracking ? requestContext.run({ requestId }, fn) : fn();
}

/** The id of the request being served here, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** An error as a log field: name, message, stack, a string code and the cause (once). */
export function errorField(error: Error, depth = 0): Record<string, unknown> {
  const field: Record<string, unknown> = { name: error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") field.code = code;
  if (error.stack) field.stack = error.stack;
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 2)
    field.cause = cause instanceof Error ? errorField(cause, depth + 1) : inspectOneLine(cause);
  return field;
}

function inspectOneLine(value: unknown): string {
  return typeof value === "string" ? value : inspect(value, { breakLength: Infinity, depth: 4 });
}

const reserved = new Set(["time", "level", "service", "msg", "requestId"]);

/**
 * One log line's object from console-style arguments: the strings and values become `msg`, the
 * first Error becomes `error` (further ones are named in `msg`). `fields` are added as they are,
 * except the five reserved names.
 */
export function logRecord(input: {
  service: string;
  level: LogLevel;
  args: readonly unknown[];
  fields?: Record<string, unknown>;
  requestId?: string | undefined;
  time?: Date;
}): Record<string, unknown> {
  let error: Error | undefined;
  const parts: string[] = [];
  for (const arg of input.args) {
    if (arg instanceof Error && error === undefined) error = arg;
    else if (arg instanceof Error) parts.push(`${arg.name}: ${arg.message}`);
    else parts.push(inspectOneLine(arg));
  }
  const record: Record<string, unknown> = {
    time: (input.time ?? new Date()).toISOString(),
    level: input.level,
    service: input.service,
    msg: parts.length > 0 ? parts.join(" ") : (error?.message ?? ""),
  };
  const requestId = input.requestId ?? currentRequestId();
  if (requestId !== undefined) record.requestId = requestId;
  for (const [name, value] of Object.entries(input.fields ?? {})) {
    if (!reserved.has(name) && value !== undefined) record[name] = value;
  }
  if (error !== undefined) record.error = errorField(error);
  return record;
}

/** Writes one line: info and debug to stdout, warnings and errors to stderr (as console does). */
export type LineWriter = (line: string, level: LogLevel) => void;

export const standardStreams: LineWriter = (line, level) => {
  (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
};

export interface JsonLog {
  /** A console-style call: `log("info", "seeded", count, "rows")`. */
  write(level: LogLevel, args: readonly unknown[]): void;
  /** A line with named fields, e.g. the access log's method, path, status and durationMs. */
  entry(level: LogLevel, msg: string, fields: Record<string, unknown>): void;
}

export function createJsonLog(
  service: string,
  writeLine: LineWriter = standardStreams,
  now: () => Date = () => new Date(),
): JsonLog {
  tracking = true;
  const emit = (level: LogLevel, record: Record<string, unknown>) => {
    let line: string;
    try {
      line = JSON.stringify(record);
    } catch {
      // A field that JSON cannot hold (a BigInt, a cycle): the line still goes out, without it.
      line = JSON.stringify({
        time: record.time,
        level,
        service,
        msg: String(record.msg),
        requestId: record.requestId,
      });
    }
    writeLine(line, level);
  };
  return {
    write: (level, args) => emit(level, logRecord({ service, level, args, time: now() })),
    entry: (level, msg, fields) => emit(level, logRecord({ service, level, args: [msg], fields, time: now() })),
  };
}

/**
 * Makes the process's console write JSON lines through `log`: Remix, React, libraries and our own
 * modules log with console, and in JSON mode no line may be anything else.
 */
export function installJsonConsole(log: JsonLog): void {
  console.log = (...args: unknown[]) => log.write("info", args);
  console.info = (...args: unknown[]) => log.write("info", args);
  console.debug = (...args: unknown[]) => log.write("debug", args);
  console.warn = (...args: unknown[]) => log.write("warn", args);
  console.error = (...args: unknown[]) => log.write("error", args);
  console.trace = (...args: unknown[]) => log.write("debug", [...args, new Error("trace")]);
}

/**
 * A request path fit for a log line: no query string, and the secrets some paths carry (the
 * impersonation token, a report's code) replaced by `…`.
 */
export function loggablePath(pathname: string): string {
  return pathname
    .replace(/^\/impersonate\/[^/]+/, impersonatePath("…"))
    .replace(/^\/report\/[^/]+/, `${reportPath("")}…`);
}
