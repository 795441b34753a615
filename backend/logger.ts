import { createJsonLog, type LineWriter, logFormatOf } from "@common/node/logging";

/**
 * The back-end's logger: console by default, JSON lines with LOG_FORMAT=json (jsonLogger),
 * replaceable (tests pass a silent or recording one).
 */
export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** One line per answered request (app.ts); only the JSON logger writes it. */
  request?(entry: RequestLogEntry): void;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

export const consoleLogger: Logger = {
  debug: () => {},
  info: (...args) => console.info(...args),
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
};

export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/**
 * One JSON object per line (common/node/logging.ts): `service` "backend", the request's id while a
 * request is served (app.ts enters it), an Error argument as the `error` field with its stack.
 */
export function jsonLogger(options: { write?: LineWriter; now?: () => Date } = {}): Logger {
  const log = createJsonLog("backend", options.write, options.now);
  return {
    debug: () => {},
    info: (...args) => log.write("info", args),
    warn: (...args) => log.write("warn", args),
    error: (...args) => log.write("error", args),
    request: (entry) => log.entry("info", "request", { ...entry }),
  };
}

/** LOG_FORMAT=json: jsonLogger; otherwise the console as it has always been. */
export function loggerFromEnv(env: Record<string, string | undefined> = process.env): Logger {
  return logFormatOf(env) === "json" ? jsonLogger() : consoleLogger;
}
