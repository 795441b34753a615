import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/redirects";
import { isLanguage } from "~/i18n/config";
import { enabledLanguages, languageCookie } from "~/i18n/i18n.server";
import { secureCookiesFor } from "~/session/session.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

/** Stores the language chosen in the 'Select a language' dialog and goes back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get("lng");
  const target = safeRedirectPath(form.get("redirectTo")) ?? "/";
  if (!isLanguage(language) || !enabledLanguages().includes(language)) return redirect(target);
  const secure = secureCookiesFor(request);
  return redirectWithSuccess(target, toastMessage("toast.language_changed"), {
    headers: { "Set-Cookie": await languageCookie.serialize(language, { secure }) },
  });
}

export function loader() {
  return redirect("/");
}
