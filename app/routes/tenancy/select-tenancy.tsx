import { tenanciesPath, tenancyPath } from "@common/portal-paths";
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { readForm } from "~/http/read-form.server";
import { requireUser } from "~/session/guards.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

/** The tenancy dropdown's form: select one of the resident's tenancies and show its dashboard. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenancies } = await requireUser(request, context);
  const form = await readForm(request);
  const tenancy = tenancies.find((t) => t.id === form.get("tenancyId"));
  if (!tenancy) return redirect(tenanciesPath);
  const session = await context.session.get();
  session.set("tenancyId", tenancy.id);
  return redirectWithSuccess(
    tenancyPath(tenancy.id),
    toastMessage("toast.tenancy_switched", { address: tenancy.apartment.address }),
    { headers: { "Set-Cookie": await context.session.commit() } },
  );
}

export function loader() {
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
