import { describe, expect, it } from "vitest";
import { normalizeActivationCode } from "./activation-code";

describe("normalizeActivationCode", () => {
  it("removes dashes and spaces and upper-cases", () => {
    expect(normalizeActivationCode("demo-acti-vate")).toBe("DEMOACTIVATE");
    expect(normalizeActivationCode(" DEMO ACTI VATE ")).toBe("DEMOACTIVATE");
    expect(normalizeActivationCode("DEMOACTIVATE")).toBe("DEMOACTIVATE");
  });

  it.each(["DEMOACTIVAT", "DEMOACTIVATEX", "DEMOACT1VATE", "DEMOÆCTIVATE", "", "------------"])(
    "rejects %j",
    (input) => {
      expect(normalizeActivationCode(input)).toBeNull();
    },
  );
});
