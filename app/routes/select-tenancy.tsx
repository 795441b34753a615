import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/session/guards.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

/** The tenancy dropdown's form: select one of the resident's tenancies and show its dashboard. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { tenancies } = await requireUser(request, context);
  const form = await request.formData();
  const tenancy = tenancies.find((t) => t.id === form.get("tenancyId"));
  if (!tenancy) return redirect("/t");
  const session = await context.session.get();
  session.set("tenancyId", tenancy.id);
  return redirectWithSuccess(
    `/t/${tenancy.id}`,
    toastMessage("toast.tenancy_switched", { address: tenancy.apartment.address }),
    { headers: { "Set-Cookie": await context.session.commit() } },
  );
}

export function loader() {
  return redirect("/t");
}
