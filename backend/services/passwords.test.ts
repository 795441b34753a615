import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword, verifyPasswordOrDummy } from "./passwords";

describe("passwords", () => {
  it("hash to a self-describing scrypt string with a random salt", async () => {
    const first = await hashPassword("Correct-Horse-9!");
    const second = await hashPassword("Correct-Horse-9!");
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(first).not.toBe(second);
  });

  it("verify the right password only", async () => {
    const stored = await hashPassword("Correct-Horse-9!");
    expect(await verifyPassword("Correct-Horse-9!", stored)).toBe(true);
    expect(await verifyPassword("correct-Horse-9!", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("never match a malformed or missing hash", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "scrypt$99999999$8$1$AAAA$BBBB")).toBe(false);
    expect(await verifyPasswordOrDummy("x", null)).toBe(false);
    expect(await verifyPasswordOrDummy("x", "garbage")).toBe(false);
  });

  it("are reproducible with a given salt (for the demo seed only)", async () => {
    const salt = Buffer.alloc(16, 7);
    expect(await hashPassword("Demo", { salt })).toBe(await hashPassword("Demo", { salt }));
  });
});
