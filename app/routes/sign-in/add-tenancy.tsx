import { tenanciesPath, tenancyPath } from "@common/portal-paths";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { readForm } from "~/http/read-form.server";
import { limitPerAddress } from "~/security/limits.server";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { formErrorKey } from "~/session/api-errors";
import { requireUser } from "~/session/guards.server";
import { redirectWithError, redirectWithSuccess, toastMessage } from "~/session/toast.server";

/**
 * The add-tenancy dialog's form (guard rule 3): `add` uses the pending activation code, `dismiss`
 * forgets it. Either way back to the tenancy area.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const form = await readForm(request);
  const session = await context.session.get();
  const code = session.get("activationCode");
  session.unset("activationCode");
  if (form.get("intent") !== "add" || !code) {
    return redirect(tenanciesPath, { headers: { "Set-Cookie": await context.session.commit() } });
  }
  await (await limitPerAddress(context, "code")).count();
  try {
    const tenancyId = await context.api.account.addTenancy(code);
    session.set("tenancyId", tenancyId);
    return redirectWithSuccess(tenancyPath(tenancyId), toastMessage("toast.tenancy_added"), {
      headers: { "Set-Cookie": await context.session.commit() },
    });
  } catch (error) {
    // The account service cannot take it now: the code stays pending, so the offer to add it stays.
    if (isServiceFailure(error)) {
      session.set("activationCode", code);
      return redirectWithError(tenanciesPath, toastMessage("errors.service_unavailable"), {
        headers: { "Set-Cookie": await context.session.commit() },
      });
    }
    if (!(error instanceof ApiError)) throw error;
    return redirectWithError(tenanciesPath, toastMessage(formErrorKey(error)), {
      headers: { "Set-Cookie": await context.session.commit() },
    });
  }
}

/** The dialog's close link: forgets the pending code too ("not now"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.has("dismiss")) {
    const session = await context.session.get();
    session.unset("activationCode");
    return redirect(tenanciesPath, { headers: { "Set-Cookie": await context.session.commit() } });
  }
  return redirect(tenanciesPath);
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
