import { describe, expect, it } from "vitest";
import { hasToastCookie, readToast, redirectWithSuccess, toastMessage } from "./toast.server";

/** The Cookie header a browser sends back after receiving these Set-Cookie lines. */
function cookieHeaderFrom(response: Response, others = ""): string {
  const pairs = response.headers.getSetCookie().map((line) => line.split(";")[0]);
  return [others, ...pairs].filter(Boolean).join("; ");
}

describe("hasToastCookie", () => {
  it.each([
    ["toast=abc", true],
    ["__session=x; toast=abc", true],
    ["__session=x;toast=abc; lang=da", true],
    ["__session=x", false],
    ["toasty=1; mytoast=2", false],
    ["__session=toast", false],
    ["", false],
  ])("%j → %s", (header, expected) => {
    expect(hasToastCookie(header)).toBe(expected);
  });

  it("is false without a Cookie header", () => {
    expect(hasToastCookie(null)).toBe(false);
  });
});

describe("readToast", () => {
  it("reads the toast a redirect set, and clears it", async () => {
    const redirect = await redirectWithSuccess("/t/1", toastMessage("profile.saved"));
    const request = new Request("http://portal.test/t/1", {
      headers: { Cookie: cookieHeaderFrom(redirect, "__session=abc") },
    });
    const { toast, headers } = await readToast(request);
    expect(toast).toMatchObject({ type: "success", message: "profile.saved" });
    expect(headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  it("answers no toast and sets no cookie for a request without the toast cookie", async () => {
    const request = new Request("http://portal.test/t/1", { headers: { Cookie: "__session=abc" } });
    const { toast, headers } = await readToast(request);
    expect(toast).toBeUndefined();
    expect(headers.has("Set-Cookie")).toBe(false);
  });

  it("answers no toast for a forged toast cookie", async () => {
    const request = new Request("http://portal.test/t/1", { headers: { Cookie: "toast=eyJ0b2FzdCI6MX0%3D.forged" } });
    expect((await readToast(request)).toast).toBeUndefined();
  });
});
