import { describe, expect, it } from "vitest";
import { describeRouteError } from "./route-error";

/** What Remix hands an error boundary for a thrown `data(body, { status })`. */
const thrown = (status: number, data: unknown = null) => ({ status, statusText: "", internal: false, data });

describe("describeRouteError", () => {
  it.each([
    [400, "errors.bad_request"],
    [405, "errors.method_not_allowed"],
    [413, "errors.payload_too_large"],
    [415, "errors.unsupported_media_type"],
  ])("names a %i from readForm in the resident's words", (status, messageKey) => {
    expect(describeRouteError(thrown(status, { error: "whatever" }))).toEqual({ status, messageKey });
  });

  it("never shows what an unknown error says", () => {
    expect(describeRouteError(new Error("secret stack"))).toEqual({ status: 500, messageKey: "errors.unexpected" });
  });
});
