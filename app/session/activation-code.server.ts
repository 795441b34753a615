import { normalizeActivationCode } from "@common/activation-code";
import { loginPath } from "@common/portal-paths";
import { type AppLoadContext, redirect } from "@remix-run/node";
import { redirectWithError, toastMessage, toastSetCookie } from "./toast.server";

/**
 * An `activationCode` in any page's query (spec section 4): validated; a valid one is kept in the
 * session as the unused code and the page reloads without it (no codes left in URLs); a used one
 * shows the error toast for 3 seconds and sends a signed-out resident to /login; an invalid one
 * shows the invalid-code toast. Returns nothing when the URL has no code.
 */
export async function handleActivationCodeInUrl(request: Request, context: AppLoadContext): Promise<void> {
  const url = new URL(request.url);
  const raw = url.searchParams.get("activationCode");
  if (raw === null) return;
  url.searchParams.delete("activationCode");
  const clean = url.pathname + (url.search || "");

  const code = normalizeActivationCode(raw);
  const result = code
    ? await context.publicApi.account.validateActivationCode(code)
    : { ok: false, code: "ACTIVATION_CODE_INVALID" };
  if (result.ok && code) {
    const session = await context.session.get();
    session.set("activationCode", code);
    await context.session.commitToResponse();
    throw redirect(clean);
  }
  const signedIn = Boolean((await context.session.get()).get("auth"));
  if (result.code === "ACTIVATION_CODE_IN_USE") {
    throw await redirectWithError(signedIn ? clean : loginPath, usedCodeToast);
  }
  throw await redirectWithError(clean, toastMessage("errors.activation_code_invalid"));
}

/** Spec sections 8 and 9: a used activation code is told in an error toast shown for 3 seconds. */
export const usedCodeToastMs = 3000;
const usedCodeToast = { ...toastMessage("toast.code_in_use"), duration: usedCodeToastMs };

/**
 * The used-code toast as a cookie, for a sign-in whose pending code turned out to be used (spec
 * section 4: the sign-in goes on, the code is forgotten, and the resident is told why).
 */
export function usedCodeToastCookie(): Promise<string> {
  return toastSetCookie("error", usedCodeToast);
}
