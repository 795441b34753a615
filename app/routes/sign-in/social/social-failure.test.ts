import { AuthorizationError } from "remix-auth";
import { describe, expect, it } from "vitest";
import { ApiError } from "~/services/graphql.server";
import { socialFailureOf } from "./social-failure";

const refused = (code: string) => new AuthorizationError(code, new ApiError("account", code, code));

describe("where a failed social sign-in ends", () => {
  it("names the account the portal does not serve, on the sign-in page", () => {
    expect(socialFailureOf(refused("EMAIL_USED_BY_ADMIN_PORTAL"))).toEqual({
      path: "/login",
      key: "errors.email_used_by_admin_portal",
    });
    expect(socialFailureOf(refused("USER_EXISTS_WITH_ABOVE_DEFAULT_RIGHTS")).key).toBe(
      "errors.user_exists_with_above_default_rights",
    );
    expect(socialFailureOf(refused("USER_DEACTIVATED")).key).toBe("errors.user_deactivated");
  });

  it("sends an e-mail without an account to sign-up, to confirm the data policy", () => {
    expect(socialFailureOf(refused("DATA_POLICY_NOT_ACKNOWLEDGED"))).toEqual({
      path: "/signup",
      key: "errors.social_no_account",
    });
  });

  it("gives the provider's general text for everything else", () => {
    for (const error of [
      refused("SOCIAL_EMAIL_NOT_VERIFIED"),
      new AuthorizationError("State doesn't match.", new Error("State doesn't match.")),
      new Error("service unavailable"),
      "thrown string",
    ]) {
      expect(socialFailureOf(error)).toEqual({ path: "/login", key: "errors.social_failed" });
    }
  });
});
