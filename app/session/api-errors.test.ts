import { readFileSync } from "node:fs";
import { AlarmInvalidReason } from "@common/graphql-enums.generated";
import { describe, expect, it } from "vitest";
import { ApiError } from "~/services/graphql.server";
import { accountRefusalKey, alarmRefusal, formErrorKey } from "./api-errors";

const locales = ["en", "da", "nb"].map(
  (language) => JSON.parse(readFileSync(`locales/${language}/common.json`, "utf8")) as Record<string, unknown>,
);
const textOf = (locale: Record<string, unknown>, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);

const refusal = (code: string) => new ApiError("account", code, `message of ${code}`);

describe("the texts of the account service's refusals (spec section 8)", () => {
  const accountCodes = [
    "EMAIL_USED_BY_ADMIN_PORTAL",
    "USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS",
    "USER_DEACTIVATED",
    "EMAIL_IN_USE",
  ];

  it("gives each refusal of an account its own text, in every language", () => {
    const keys = accountCodes.map((code) => accountRefusalKey(refusal(code)));
    expect(new Set(keys).size).toBe(accountCodes.length);
    for (const key of keys) {
      expect(key).not.toBeNull();
      for (const locale of locales) expect(typeof textOf(locale, key ?? "")).toBe("string");
    }
    expect(accountRefusalKey(refusal("EMAIL_USED_BY_ADMIN_PORTAL"))).toBe("errors.email_used_by_admin_portal");
    expect(accountRefusalKey(refusal("USER_DEACTIVATED"))).toBe("errors.user_deactivated");
  });

  it("leaves every other error to the caller (a wrong password, a provider's failure, not an ApiError)", () => {
    for (const code of ["INVALID_CREDENTIALS", "SOCIAL_AUTH_FAILED", "DATA_POLICY_NOT_ACKNOWLEDGED", "INTERNAL"]) {
      expect(accountRefusalKey(refusal(code))).toBeNull();
    }
    expect(accountRefusalKey(new Error("EMAIL_IN_USE"))).toBeNull();
  });

  it("has a text in every language for every code a form shows", () => {
    for (const code of [...accountCodes, "DATA_POLICY_NOT_ACKNOWLEDGED", "INVALID_CREDENTIALS", "LOGIN_EXPIRED"]) {
      const key = formErrorKey(refusal(code));
      expect(key).not.toBe("errors.invalid_response");
      for (const locale of locales) expect(typeof textOf(locale, key)).toBe("string");
    }
  });
});

describe("the texts of a refused alarm (ALARM_INVALID)", () => {
  const invalid = (reason: unknown, extra: Record<string, unknown> = {}) =>
    new ApiError("tenant", "ALARM_INVALID", "The alarm's settings are not valid.", {
      field: "level",
      reason,
      ...extra,
    });

  it("maps each reason code of the schema to its own text, in every language", () => {
    const keys = AlarmInvalidReason.map((reason) => alarmRefusal(invalid(reason)).key);
    expect(new Set(keys).size).toBe(AlarmInvalidReason.length);
    for (const key of keys) for (const locale of locales) expect(typeof textOf(locale, key), key).toBe("string");
    expect(alarmRefusal(invalid("LEVEL_RANGE")).key).toBe("alarms.error.level_range");
  });

  it("keeps the limits the refusal names, so the text says them (from 1 to 40, at most 2 decimals)", () => {
    expect(alarmRefusal(invalid("LEVEL_RANGE", { values: { min: 1, max: 40 } }))).toEqual({
      key: "alarms.error.level_range",
      values: { min: 1, max: 40 },
    });
    expect(alarmRefusal(invalid("LEVEL_DECIMALS", { values: { decimals: 2 } })).values).toEqual({ decimals: 2 });
    expect(alarmRefusal(invalid("LEVEL_RANGE", { values: { min: "<b>", max: null } }))).toEqual({
      key: "alarms.error.level_range",
    });
  });

  it("reads an unknown or missing reason, or a translation key, as the general refusal", () => {
    for (const reason of ["SOMETHING_NEW", undefined, "alarms.error.level_range", "toString"]) {
      expect(alarmRefusal(invalid(reason)).key).toBe("alarms.error.type_not_for_quantity");
    }
  });
});
