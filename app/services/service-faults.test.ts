import { errorCodes } from "@common/error-codes";
import { describe, expect, it } from "vitest";
import { callerFaultCodes, isServiceFault } from "./service-faults";

/** Whose fault a GraphQL error is (ADR 0055). */
describe("isServiceFault", () => {
  it("is true for INTERNAL_SERVER_ERROR, a code nobody documents and a field's error without a code", () => {
    expect(isServiceFault({ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } })).toBe(true);
    expect(
      isServiceFault({ message: "Unexpected error.", path: ["alarms"], extensions: { code: "INTERNAL_SERVER_ERROR" } }),
    ).toBe(true);
    expect(isServiceFault({ message: "x", extensions: { code: "SOMETHING_NEW" } })).toBe(true);
    expect(
      isServiceFault({ message: "Cannot return null for non-nullable field Query.alarms.", path: ["alarms"] }),
    ).toBe(true);
    expect(isServiceFault({ message: "x", path: ["alarms", 0], extensions: { code: 500 } })).toBe(true);
  });

  it("is false for a request error without a code (raised before execution: the caller's document or variables)", () => {
    expect(isServiceFault({ message: 'Variable "$tenancyId" of required type "Int!" was not provided.' })).toBe(false);
    expect(isServiceFault({ message: "Syntax Error: Unexpected Name", path: [] })).toBe(false);
  });

  it("is false for every code the services document, RATE_LIMITED among them", () => {
    expect(errorCodes).toContain("RATE_LIMITED");
    for (const code of errorCodes) expect(isServiceFault({ message: "x", extensions: { code } }), code).toBe(false);
  });

  it("is false for the codes a GraphQL server gives a request it will not run (the caller's fault)", () => {
    for (const code of ["BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED", "GRAPHQL_PARSE_FAILED", "BAD_REQUEST"]) {
      expect(callerFaultCodes.has(code)).toBe(true);
      expect(isServiceFault({ message: "x", extensions: { code } }), code).toBe(false);
    }
  });
});
