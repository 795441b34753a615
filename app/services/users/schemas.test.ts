import { parse, print } from "graphql";
import { describe, expect, it } from "vitest";
import { shapeProblem } from "../answer-shapes";
import { MeQuery } from "./documents";
import { answerShapes } from "./graphql.generated";
import { meResponse } from "./schemas";

describe("the users service's me (spec section 7)", () => {
  it("asks for the fields the specification names", () => {
    const query = print(parse(MeQuery)).replace(/\s+/g, " ");
    expect(query).toContain("me { id name email language permissions { name description } accounts { id } }");
  });

  it("reads an answer with them and refuses one without", () => {
    const me = {
      id: "1",
      name: "Anna Jensen",
      email: "anna@demo.test",
      language: "da",
      permissions: [{ name: "tenant.read", description: "Read the consumption data of own tenancies" }],
      accounts: [{ id: "7009" }],
    };
    // The generated shape refuses what is missing (ADR 0064); no rule is left for the rest.
    expect(shapeProblem(answerShapes.Me!, { me })).toBeNull();
    expect(meResponse.parse({ me }).me).toEqual(me);
    const { permissions: _, ...withoutPermissions } = me;
    expect(shapeProblem(answerShapes.Me!, { me: withoutPermissions })).toBe("me.permissions: missing");
    const { accounts: __, ...withoutAccounts } = me;
    expect(shapeProblem(answerShapes.Me!, { me: withoutAccounts })).toBe("me.accounts: missing");
  });
});
