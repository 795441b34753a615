import { attachmentDisposition } from "@common/content-disposition";
import { reportPath } from "@common/portal-paths";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagePage, thrownAsMessagePage } from "~/http/message-page.server";
import { loadReport, reportHeaders, unavailableStatus } from "~/routes/documents/report/report.server";
import { reportPdf } from "~/routes/documents/report/report-pdf.server";

/**
 * /report/{code}/pdf: the report's PDF, the same view as the page, in the request's
 * language (the page's link carries it as ?lng=). An unavailable report: a small localized page
 * with 404 or 410 (a resource route has no error boundary).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const back = { href: reportPath(params.code ?? ""), labelKey: "report.name" };
  const result = await loadReport(request, context, params.code).catch((error: unknown) =>
    thrownAsMessagePage(request, error, back),
  );
  if (result instanceof Response) return result;
  if (result.status !== "available")
    return messagePage(request, unavailableStatus(result), "report.unavailable_text", {
      href: "/",
      labelKey: "errors.go_to_start",
    });
  const pdf = await reportPdf(result.view);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      ...reportHeaders,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": attachmentDisposition(result.view.fileName),
    },
  });
}
