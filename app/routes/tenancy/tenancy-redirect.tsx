import { noTenanciesPath, tenancyPath } from "@common/portal-paths";
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { chooseTenancy } from "~/domain/tenancy-selection";
import { requireUser } from "~/session/guards.server";

/** /t: the selected tenancy's dashboard, or /no-tenancies (guard rules 1 and 2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenancies } = await requireUser(request, context);
  if (tenancies.length === 0) return redirect(noTenanciesPath);
  const session = await context.session.get();
  const url = new URL(request.url);
  const tenancy = chooseTenancy(tenancies, {
    queryTenancyId: url.searchParams.get("tenancyId"),
    selectedId: session.get("tenancyId"),
  });
  return redirect(tenancyPath(tenancy.id));
}
