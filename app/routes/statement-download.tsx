import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { idFromUrl } from "~/alarms/alarm-pages.server";
import { fetchStatementFile } from "~/services/statement-files.server";
import { requireTenancy } from "~/session/guards.server";

/**
 * /t/{tenancyId}/statements/{statementId}/download (issue 15): the statement's file, streamed from
 * the back-end to a resident of the tenancy, as an attachment with its name and type, never cached
 * (`private, no-store`). Another tenancy's statement, a forged id or a missing file: 404, no trace.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const guessed = idFromUrl(params.tenancyId);
  if (guessed !== null) context.api.prefetch.tenant.allocationStatements(guessed);
  const { tenancy } = await requireTenancy(request, params, context);
  const id = idFromUrl(params.statementId);
  const notFound = () => data({ error: "statement_not_found" }, { status: 404 });
  if (id === null) throw notFound();
  // Only a statement of the tenancy in the URL: the back-end checks the resident holds it.
  const listed = await context.api.tenant.allocationStatements(tenancy.tenancyId);
  if (!listed.some((statement) => statement.id === id)) throw notFound();
  const file = await fetchStatementFile(context, id);
  if (file.status === "signed-out") throw redirect("/login");
  if (file.status === "not-found") throw notFound();
  return new Response(file.body, { status: 200, headers: file.headers });
}
