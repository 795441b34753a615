import {
  createJsonLog,
  currentRequestId,
  installJsonConsole,
  type LogLevel,
  logFormatOf,
  loggablePath,
  logRecord,
  runWithRequestId,
} from "@common/node/logging";
import { afterEach, describe, expect, it, vi } from "vitest";

const time = new Date("2026-11-30T12:00:00.000Z");

function recorder() {
  const written: { line: string; level: LogLevel }[] = [];
  const log = createJsonLog(
    "portal",
    (line, level) => written.push({ line, level }),
    () => time,
  );
  return { log, written, records: () => written.map(({ line }) => JSON.parse(line) as Record<string, unknown>) };
}

describe("logFormatOf", () => {
  it("is json only for LOG_FORMAT=json; the readable console stays the default", () => {
    expect(logFormatOf({ LOG_FORMAT: "json" })).toBe("json");
    expect(logFormatOf({})).toBe("text");
    expect(logFormatOf({ LOG_FORMAT: "text" })).toBe("text");
  });
});

describe("request tracking", () => {
  it("costs nothing until a JSON log exists (the readable console carries no request id), then follows the request", async () => {
    vi.resetModules();
    const fresh = await import("@common/node/logging");
    expect(fresh.runWithRequestId("req-text", () => fresh.currentRequestId())).toBeUndefined();
    fresh.createJsonLog("portal", () => undefined);
    expect(
      await fresh.runWithRequestId("req-json", async () => {
        await Promise.resolve();
        return fresh.currentRequestId();
      }),
    ).toBe("req-json");
  });
});

describe("JSON log lines", () => {
  it("are one object per line with time, level, service and msg, and the request's id while it runs", async () => {
    const { log, written, records } = recorder();
    log.write("info", ["portal listening on", 3000]);
    await runWithRequestId("req-42", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      // Anything the request started, however deep, logs with its id.
      await Promise.resolve().then(() => log.write("warn", ["slow answer"]));
    });
    expect(written.map(({ line }) => line.includes("\n"))).toEqual([false, false]);
    expect(records()).toEqual([
      { time: "2026-11-30T12:00:00.000Z", level: "info", service: "portal", msg: "portal listening on 3000" },
      { time: "2026-11-30T12:00:00.000Z", level: "warn", service: "portal", msg: "slow answer", requestId: "req-42" },
    ]);
    expect(written.map(({ level }) => level)).toEqual(["info", "warn"]);
    expect(currentRequestId()).toBeUndefined();
  });

  it("put an error with its stack and cause into the error field, on the same single line", () => {
    const { log, written, records } = recorder();
    const cause = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const error = new TypeError("fetch failed", { cause });
    runWithRequestId("req-7", () => log.write("error", ["account service unreachable:", error]));
    expect(written).toHaveLength(1);
    expect(written[0]!.line.split("\n")).toHaveLength(1);
    const [record] = records();
    expect(record).toMatchObject({
      level: "error",
      msg: "account service unreachable:",
      requestId: "req-7",
      error: {
        name: "TypeError",
        message: "fetch failed",
        stack: expect.stringContaining("TypeError: fetch failed\n    at "),
        cause: { name: "Error", message: "connect ECONNREFUSED", code: "ECONNREFUSED" },
      },
    });
  });

  it("say what is logged whatever it is: objects inline, an error alone as its message", () => {
    expect(logRecord({ service: "backend", level: "info", args: [{ seeded: 3 }, [1, 2]], time }).msg).toBe(
      "{ seeded: 3 } [ 1, 2 ]",
    );
    const alone = logRecord({ service: "backend", level: "error", args: [new Error("boom")], time });
    expect(alone.msg).toBe("boom");
    expect(alone.error).toMatchObject({ message: "boom" });
    const two = logRecord({
      service: "backend",
      level: "error",
      args: ["failed:", new Error("first"), new RangeError("second")],
      time,
    });
    expect(two.msg).toBe("failed: RangeError: second");
    expect(two.error).toMatchObject({ message: "first" });
  });

  it("add named fields, which cannot replace the five fixed ones", () => {
    const { log, records } = recorder();
    runWithRequestId("req-1", () =>
      log.entry("info", "request", {
        method: "GET",
        status: 200,
        level: "debug",
        requestId: "forged",
        durationMs: 1.5,
      }),
    );
    expect(records()).toEqual([
      {
        time: "2026-11-30T12:00:00.000Z",
        level: "info",
        service: "portal",
        msg: "request",
        requestId: "req-1",
        method: "GET",
        status: 200,
        durationMs: 1.5,
      },
    ]);
  });
});

describe("installJsonConsole", () => {
  const original = { ...console };
  afterEach(() => Object.assign(console, original));

  it("makes every console call of the process a JSON line (Remix and libraries log with console)", () => {
    const { log, records } = recorder();
    installJsonConsole(log);
    runWithRequestId("req-9", () => console.error(new Error("render failed")));
    console.log("plain", "text");
    console.warn("careful");
    Object.assign(console, original);
    expect(records().map(({ level, msg, requestId }) => ({ level, msg, requestId }))).toEqual([
      { level: "error", msg: "render failed", requestId: "req-9" },
      { level: "info", msg: "plain text", requestId: undefined },
      { level: "warn", msg: "careful", requestId: undefined },
    ]);
  });
});

describe("loggablePath", () => {
  it("keeps paths, but not the secrets some carry", () => {
    expect(loggablePath("/t/7009/consumption/heat")).toBe("/t/7009/consumption/heat");
    expect(loggablePath("/impersonate/eyJhbGciOi.secret")).toBe("/impersonate/…");
    expect(loggablePath("/report/AbCdEfGhIjKlMnOpQrStUvWx/pdf")).toBe("/report/…/pdf");
    expect(loggablePath("/report/AbCdEfGhIjKlMnOpQrStUvWx.data")).toBe("/report/…");
  });
});
