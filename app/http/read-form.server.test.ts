import { describe, expect, it } from "vitest";
import { checkFormRequest, formBodyLimitBytes, parseContentType, readBodyWithin, readForm } from "./read-form.server";

/** The status and headers of what readForm threw (a Remix `data()` response), or "read". */
async function outcome(request: Request) {
  try {
    const form = await readForm(request);
    return { status: "read" as const, form };
  } catch (thrown) {
    const response = thrown as { type?: string; init?: ResponseInit | null; data?: unknown };
    expect(response.type).toBe("DataWithResponseInit");
    return { status: response.init?.status, headers: new Headers(response.init?.headers), data: response.data };
  }
}

function post(body: BodyInit | null, headers: Record<string, string> = {}, method = "POST") {
  return new Request("http://portal.test/login/email", { method, body, headers, duplex: "half" } as RequestInit);
}

/** A body that arrives in chunks without a Content-Length (Transfer-Encoding: chunked). */
function chunked(parts: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

describe("parseContentType", () => {
  it("splits the media type from its parameters, case-insensitively", () => {
    expect(parseContentType("Multipart/Form-Data; Boundary=abc")).toEqual({
      mediaType: "multipart/form-data",
      parameters: { boundary: "abc" },
    });
    expect(parseContentType('multipart/form-data; boundary="a b;c"')).toEqual({
      mediaType: "multipart/form-data",
      parameters: { boundary: "a b;c" },
    });
    expect(parseContentType("application/x-www-form-urlencoded;charset=UTF-8")?.parameters).toEqual({
      charset: "UTF-8",
    });
  });

  it.each([
    "",
    "text",
    "/plain",
    "text/",
    "a/b/c",
    "text/plain; charset",
    "text/plain; =x",
    'text/plain; a="x',
    "tex t/plain",
    "text/plain; a=b c",
  ])("rejects %j", (header) => {
    expect(parseContentType(header)).toBeNull();
  });
});

describe("checkFormRequest", () => {
  const base = { method: "POST", contentType: "application/x-www-form-urlencoded", contentLength: "10" };

  it("accepts our two form encodings", () => {
    expect(checkFormRequest(base)).toEqual({ encoding: "urlencoded" });
    expect(checkFormRequest({ ...base, contentType: "multipart/form-data; boundary=x" })).toEqual({
      encoding: "multipart",
    });
    expect(checkFormRequest({ ...base, contentType: null, contentLength: "0" })).toEqual({ encoding: "none" });
    expect(checkFormRequest({ ...base, contentType: null, contentLength: null })).toEqual({ encoding: "none" });
  });

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS"])("answers %s with 405", (method) => {
    expect(checkFormRequest({ ...base, method })).toEqual({ status: 405, error: "method_not_allowed" });
  });

  describe.each([
    {
      what: "a type no form sends",
      answer: { status: 415, error: "unsupported_media_type" },
      contentTypes: [
        "application/json",
        "application/xml",
        "text/plain",
        "text/html; charset=utf-8",
        "application/x-www-form-urlencoded; charset=latin1",
      ],
    },
    {
      what: "a malformed one",
      answer: { status: 400, error: "bad_request" },
      contentTypes: [
        "multipart/form-data",
        "multipart/form-data; boundary=",
        `multipart/form-data; boundary=${"x".repeat(71)}`,
        "application/",
        ";;;",
        "form",
      ],
    },
  ])("a Content-Type of $what", ({ answer, contentTypes }) => {
    it.each(contentTypes)(`%j is answered with ${answer.status}`, (contentType) => {
      expect(checkFormRequest({ ...base, contentType })).toEqual(answer);
    });
  });

  it("answers a body without a Content-Type with 415", () => {
    expect(checkFormRequest({ ...base, contentType: null })).toMatchObject({ status: 415 });
    expect(
      checkFormRequest({ ...base, contentType: null, contentLength: null, transferEncoding: "chunked" }),
    ).toMatchObject({ status: 415 });
  });

  it("answers a Content-Length over the limit with 413, before reading anything", () => {
    expect(checkFormRequest({ ...base, contentLength: String(formBodyLimitBytes) })).toEqual({
      encoding: "urlencoded",
    });
    expect(checkFormRequest({ ...base, contentLength: String(formBodyLimitBytes + 1) })).toEqual({
      status: 413,
      error: "payload_too_large",
    });
    expect(checkFormRequest({ ...base, contentLength: "10485760", contentType: "application/json" })).toMatchObject({
      status: 413,
    });
    expect(checkFormRequest({ ...base, contentLength: "-1" })).toMatchObject({ status: 400 });
  });
});

describe("readBodyWithin", () => {
  it("stops at the first chunk past the limit", async () => {
    expect(await readBodyWithin(chunked(["abc", "def"]), 6)).toEqual(new TextEncoder().encode("abcdef"));
    expect(await readBodyWithin(chunked(["abc", "defg"]), 6)).toBeNull();
    expect(await readBodyWithin(null, 6)).toEqual(new Uint8Array(0));
  });
});

describe("readForm", () => {
  it("reads a URL-encoded form", async () => {
    const result = await outcome(
      post("email=a%40b.dk&remember=on", { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(result.status).toBe("read");
    if (result.status === "read") expect(Object.fromEntries(result.form)).toEqual({ email: "a@b.dk", remember: "on" });
  });

  it("reads a multipart form, odd fields and all", async () => {
    const body = new FormData();
    body.append("email", "a@b.dk");
    body.append("", "nameless");
    body.append("file", new Blob(["x"]), "x.bin");
    const result = await outcome(post(body));
    expect(result.status).toBe("read");
    if (result.status === "read") expect(result.form.get("email")).toBe("a@b.dk");
  });

  it("gives an empty form for a post without a body", async () => {
    const result = await outcome(post(null));
    expect(result.status).toBe("read");
  });

  it("answers another method with 405 and the methods the route allows", async () => {
    const result = await outcome(post("a=1", { "Content-Type": "application/x-www-form-urlencoded" }, "PUT"));
    expect(result.status).toBe(405);
    expect(result.headers?.get("Allow")).toBe("GET, HEAD, POST");
    expect(result.data).toEqual({ error: "method_not_allowed" });
  });

  it.each([
    ["application/json", '{"email":"a@b.dk"}', 415],
    ["application/xml", "<email>a@b.dk</email>", 415],
    ["text/plain", "email=a@b.dk", 415],
    ["multipart/form-data; boundary=zzz", "not multipart at all", 400],
    ["multipart/form-data", "--x\r\n", 400],
    ["application/x-www-form-urlencoded;;", "a=1", 400],
  ])("answers %s with %i", async (contentType, body, status) => {
    const result = await outcome(post(body, { "Content-Type": contentType }));
    expect(result.status).toBe(status);
  });

  it("answers invalid UTF-8 in a URL-encoded body with 400", async () => {
    const result = await outcome(
      post(new Uint8Array([0x61, 0x3d, 0xff, 0xfe]), { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(result.status).toBe(400);
  });

  it("answers a chunked body past the limit with 413", async () => {
    const parts = Array.from({ length: 20 }, () => "a".repeat(1024));
    const result = await outcome(post(chunked(parts), { "Content-Type": "application/x-www-form-urlencoded" }));
    expect(result.status).toBe(413);
  });

  it("answers a declared Content-Length past the limit with 413", async () => {
    const result = await outcome(
      post("a=1", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(10 * 1024 * 1024) }),
    );
    expect(result.status).toBe(413);
  });
});
