import { isLanguage } from "@common/languages";
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/domain/redirects";
import { readForm } from "~/http/read-form.server";
import { enabledLanguages, languageCookie } from "~/i18n/i18n.server";
import { secureCookiesFor } from "~/session/session.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

/** Stores the language chosen in the 'Select a language' dialog and goes back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
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

/**
 * No page of its own: GET redirects (the loader) and the form's answer is a redirect. The
 * component exists so that a post the action refuses (ADR 0019) renders a page with the message.
 */
export default function ActionOnly() {
  return null;
}

export { PageError as ErrorBoundary } from "~/components/route-error";
export { errorAwareHeaders as headers } from "~/security/route-headers";
