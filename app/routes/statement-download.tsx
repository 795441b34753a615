import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { languageOf, translatorFor } from "~/i18n/i18n.server";
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
  const notFound = () => notFoundPage(request, `/t/${tenancy.id}/statements`);
  if (id === null) return notFound();
  // Only a statement of the tenancy in the URL: the back-end checks the resident holds it.
  const listed = await context.api.tenant.allocationStatements(tenancy.tenancyId);
  if (!listed.some((statement) => statement.id === id)) return notFound();
  const file = await fetchStatementFile(context, id);
  if (file.status === "signed-out") throw redirect("/login");
  if (file.status === "not-found") return notFound();
  return new Response(file.body, { status: 200, headers: file.headers });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A file link that leads nowhere gets a small page of its own (a resource route has no error
 * boundary): 404, in the resident's language, with the way back to the statements.
 */
async function notFoundPage(request: Request, back: string): Promise<Response> {
  const [t, language] = await Promise.all([translatorFor(request), languageOf(request)]);
  const message = escapeHtml(t("errors.statement_not_found"));
  const title = escapeHtml(t("statements.title"));
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; margin: 2rem; color: #1b1f23;">
<main><h1 style="font-size: 1.4rem;">${message}</h1><p><a href="${escapeHtml(back)}">${title}</a></p></main>
</body>
</html>
`;
  return new Response(html, { status: 404, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" } });
}
