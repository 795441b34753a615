import { describe, expect, it } from "vitest";
import { rowFormSchema } from "./tenancy-row-form";

describe("rowFormSchema", () => {
  it("reads the row buttons", () => {
    expect(rowFormSchema.safeParse({ intent: "withdraw", invitationId: "4" }).data).toEqual({
      intent: "withdraw",
      invitationId: 4,
    });
    expect(rowFormSchema.safeParse({ intent: "make-admin", userId: "x" }).success).toBe(false);
    expect(rowFormSchema.safeParse({ intent: "remove", userId: "3" }).success).toBe(false);
  });
});
