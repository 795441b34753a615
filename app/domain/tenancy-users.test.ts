import { describe, expect, it } from "vitest";
import { adminCount, inviteFormSchema, mayLeave, rowActions, type UsersListRow } from "./tenancy-users";

const member = (userId: number, isAdmin: boolean, isCaller = false): UsersListRow => ({
  userId,
  invitationId: null,
  isAdmin,
  invitationPending: false,
  isCaller,
});
const invitation = (invitationId: number): UsersListRow => ({
  userId: null,
  invitationId,
  isAdmin: false,
  invitationPending: true,
  isCaller: false,
});

describe("rowActions", () => {
  const users = [member(1, true, true), member(2, false), member(3, true), invitation(9)];

  it("gives an admin every action on others, none on themselves", () => {
    expect(rowActions(users[0]!, users, true)).toEqual([]);
    expect(rowActions(users[1]!, users, true)).toEqual(["make-admin", "remove"]);
    expect(rowActions(users[2]!, users, true)).toEqual(["remove-admin", "remove"]);
    expect(rowActions(users[3]!, users, true)).toEqual(["resend", "withdraw"]);
  });

  it("gives a plain user none", () => {
    for (const row of users) expect(rowActions(row, users, false)).toEqual([]);
  });

  it("never offers to demote or remove the last admin", () => {
    const one = [member(1, false, true), member(2, true)];
    expect(adminCount(one)).toBe(1);
    expect(rowActions(one[1]!, one, true)).toEqual([]);
  });
});

describe("mayLeave", () => {
  it("lets anyone leave except the last admin while others remain", () => {
    expect(mayLeave([member(1, false, true), member(2, true)])).toBe(true);
    expect(mayLeave([member(1, true, true), member(2, false)])).toBe(false);
    expect(mayLeave([member(1, true, true), member(2, true)])).toBe(true);
    expect(mayLeave([member(1, true, true)])).toBe(true);
    expect(mayLeave([member(1, true, true), invitation(4)])).toBe(true);
  });
});

describe("the forms", () => {
  it("read an invitation", () => {
    expect(
      inviteFormSchema.safeParse({ intent: "invite", email: " Partner@Example.dk ", language: "nb" }).data,
    ).toEqual({ intent: "invite", email: "Partner@Example.dk", language: "nb" });
    expect(
      inviteFormSchema.safeParse({ intent: "invite", email: "nope", language: "da" }).error?.issues[0]?.message,
    ).toBe("validation.invalid_email");
    expect(
      inviteFormSchema.safeParse({ intent: "invite", email: "a@b.dk", language: "xx" }).error?.issues[0]?.message,
    ).toBe("tenancy_info.invite_language_required");
  });
});
