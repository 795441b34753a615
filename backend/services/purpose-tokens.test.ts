import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signPurposeToken, verifyPurposeToken } from "./purpose-tokens";
import { secretKey } from "./tokens";

const key = secretKey("purpose-tokens-test-secret-0123456789abcdef");
const otherKey = secretKey("another-secret-of-another-portal-0123456789");

describe("purpose tokens", () => {
  it("name the user for their purpose", () => {
    const token = signPurposeToken(key, "weekly-update-unsubscribe", 42);
    expect(token).toMatch(/^wu\.42\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPurposeToken(key, "weekly-update-unsubscribe", token)).toBe(42);
  });

  it("refuse a tampered token: another user, a changed mac, another secret", () => {
    const token = signPurposeToken(key, "weekly-update-unsubscribe", 42);
    const [code, , given] = token.split(".") as [string, string, string];
    expect(verifyPurposeToken(key, "weekly-update-unsubscribe", `${code}.43.${given}`)).toBeNull();
    const flipped = `${given.slice(0, 10)}${given[10] === "A" ? "B" : "A"}${given.slice(11)}`;
    expect(verifyPurposeToken(key, "weekly-update-unsubscribe", `${code}.42.${flipped}`)).toBeNull();
    expect(verifyPurposeToken(otherKey, "weekly-update-unsubscribe", token)).toBeNull();
    for (const bad of ["", "wu.42", `${token}x`, `wu.042.${given}`, `wu.-1.${given}`, token.toUpperCase()])
      expect(verifyPurposeToken(key, "weekly-update-unsubscribe", bad)).toBeNull();
  });

  it("refuse a token signed for another purpose with the same secret and user", () => {
    // What a token of another purpose ("xx") would look like: its own code, MAC'd under the same key.
    const other = createHmac("sha256", key).update("xx\n42", "utf8").digest("base64url");
    expect(verifyPurposeToken(key, "weekly-update-unsubscribe", `xx.42.${other}`)).toBeNull();
    // Nor does that MAC pass under this purpose's code.
    expect(verifyPurposeToken(key, "weekly-update-unsubscribe", `wu.42.${other}`)).toBeNull();
  });
});
