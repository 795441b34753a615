import { describe, expect, it } from "vitest";
import {
  hasToastCookie,
  readToasts,
  redirectWithError,
  redirectWithSuccess,
  toastMessage,
  toastSetCookie,
} from "./toast.server";

/** The Cookie header a browser sends back after receiving these Set-Cookie lines. */
function cookieHeaderFrom(response: Response, others = ""): string {
  const pairs = response.headers.getSetCookie().map((line) => line.split(";")[0]);
  return [others, ...pairs].filter(Boolean).join("; ");
}

function requestWith(cookie: string) {
  return new Request("http://portal.test/t/1", { headers: { Cookie: cookie } });
}

describe("hasToastCookie", () => {
  it.each([
    ["toast-lx2k3m-0001abcd=abc", true],
    ["__session=x; toast-lx2k3m-0001abcd=abc", true],
    ["__session=x;toast-lx2k3m-0001abcd=abc; lang=da", true],
    ["__session=x", false],
    ["toasty=1; mytoast-a-b=2", false],
    ["toast-=1; toast-a=2; toast-a-b-c=3", false],
    ["__session=toast-lx2k3m-0001abcd", false],
    ["", false],
  ])("%j → %s", (header, expected) => {
    expect(hasToastCookie(header)).toBe(expected);
  });

  it("is false without a Cookie header", () => {
    expect(hasToastCookie(null)).toBe(false);
  });
});

describe("readToasts", () => {
  it("reads the toast a redirect set, and clears it", async () => {
    const redirect = await redirectWithSuccess("/t/1", toastMessage("profile.saved", { name: "Anna" }));
    const { toasts, headers } = await readToasts(requestWith(cookieHeaderFrom(redirect, "__session=abc")));
    expect(toasts).toEqual([
      { id: expect.any(String), type: "success", message: "profile.saved", values: { name: "Anna" } },
    ]);
    const cleared = headers.getSetCookie();
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(/^toast-[0-9a-z-]+=; .*Max-Age=0/);
  });

  it("keeps the toasts of several redirects, oldest first, and clears each", async () => {
    const first = await redirectWithError("/t", toastMessage("errors.activation_code_in_use"));
    const second = await redirectWithSuccess("/t/1", { ...toastMessage("toast.tenancy_added"), duration: 3000 });
    const cookie = [cookieHeaderFrom(second), cookieHeaderFrom(first)].join("; ");
    const { toasts, headers } = await readToasts(requestWith(cookie));
    expect(toasts.map((toast) => [toast.type, toast.message, toast.duration])).toEqual([
      ["error", "errors.activation_code_in_use", undefined],
      ["success", "toast.tenancy_added", 3000],
    ]);
    expect(headers.getSetCookie()).toHaveLength(2);
  });

  it("shows at most the newest 20, and clears all of them", async () => {
    const lines = await Promise.all(
      Array.from({ length: 23 }, (_, index) =>
        toastSetCookie("blank", toastMessage("toast.signed_out", { n: String(index) }), 1_700_000_000_000 + index),
      ),
    );
    const { toasts, headers } = await readToasts(requestWith(lines.map((line) => line.split(";")[0]).join("; ")));
    expect(toasts).toHaveLength(20);
    expect(toasts.map((toast) => toast.values?.n)).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 3)));
    expect(headers.getSetCookie()).toHaveLength(23);
  });

  it("answers no toast and sets no cookie for a request without a toast cookie", async () => {
    const { toasts, headers } = await readToasts(requestWith("__session=abc"));
    expect(toasts).toEqual([]);
    expect(headers.has("Set-Cookie")).toBe(false);
  });

  it("answers no toast for a forged toast cookie, and removes it", async () => {
    const { toasts, headers } = await readToasts(requestWith("toast-lx2k3m-0001abcd=eyJ0b2FzdCI6MX0%3D.forged"));
    expect(toasts).toEqual([]);
    expect(headers.getSetCookie()).toHaveLength(1);
  });
});
