import { loginPath, statementsPath } from "@common/portal-paths";
import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { messagePage, thrownAsMessagePage } from "~/http/message-page.server";
import { idFromUrl } from "~/routes/alarms/alarm-pages.server";
import { fetchStatementFile } from "~/routes/documents/statement-files.server";
import { requireTenancy } from "~/session/guards.server";

/**
 * /t/{tenancyId}/statements/{statementId}/download: the statement's file, streamed from
 * the back-end to a resident of the tenancy, as an attachment with its name and type, never cached
 * (`private, no-store`). Another tenancy's statement, a forged id or a missing file: 404, no trace.
 * A back-end that is down or answers nonsense: a small localized page (a resource route has no
 * error boundary), not a JSON error.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const guessed = idFromUrl(params.tenancyId);
  if (guessed !== null) context.api.prefetch.tenant.allocationStatements(guessed);
  const back = { href: statementsPath(encodeURIComponent(params.tenancyId ?? "")), labelKey: "statements.title" };
  try {
    const { tenancy } = await requireTenancy(request, params, context);
    const id = idFromUrl(params.statementId);
    // A file link that leads nowhere: a small page of its own.
    const notFound = () =>
      messagePage(request, 404, "errors.statement_not_found", {
        href: statementsPath(tenancy.id),
        labelKey: "statements.title",
      });
    if (id === null) return notFound();
    // Only a statement of the tenancy in the URL: the back-end checks the resident holds it.
    const listed = await context.api.tenant.allocationStatements(tenancy.tenancyId);
    if (!listed.some((statement) => statement.id === id)) return notFound();
    const file = await fetchStatementFile(context, id);
    if (file.status === "signed-out") throw redirect(loginPath);
    if (file.status === "not-found") return notFound();
    return new Response(file.body, { status: 200, headers: file.headers });
  } catch (error) {
    return thrownAsMessagePage(request, error, back);
  }
}
