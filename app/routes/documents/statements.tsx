import { formatDateRange } from "@common/bucket-labels";
import { formatFileSize } from "@common/format";
import { statementDownloadPath, statementsPath } from "@common/portal-paths";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/data-table";
import { PageHeading } from "~/components/page-heading";
import { withoutScripts } from "~/components/page-scripts";
import { languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/i18n/meta";
import { requireTenancy } from "~/session/guards.server";
import { menuPageCrumb } from "../tenancy/tenancy-handle";

// A list of downloads: links only, so its document ships no script.
export const handle = { ...menuPageCrumb("statements.title", statementsPath), ...withoutScripts };

/**
 * /t/{tenancyId}/statements (spec sections 2, 3, 6): every allocation statement of the
 * tenancy, newest first, with its period, expense types and a download; the empty state.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenancyId = Number(params.tenancyId);
  if (Number.isSafeInteger(tenancyId) && tenancyId > 0) context.api.prefetch.tenant.allocationStatements(tenancyId);
  const [{ tenancy }, language] = await Promise.all([requireTenancy(request, params, context), languageOf(request)]);
  const statements = await context.api.tenant.allocationStatements(tenancy.tenancyId);
  return {
    statements: statements.map((statement) => ({
      id: statement.id,
      fileName: statement.fileName,
      period: formatDateRange(statement.periodStart, statement.periodEnd, language),
      expenseTypes: statement.expenseTypes,
      size: statement.sizeBytes === null ? null : formatFileSize(statement.sizeBytes, language),
      href: statementDownloadPath(tenancy.id, statement.id),
    })),
  };
}

export default function Statements() {
  const { t } = useTranslation();
  const { statements } = useLoaderData<typeof loader>();
  return (
    <div className="statements-page">
      <PageHeading title={t("statements.title")} />
      <p className="lead">{t("statements.intro")}</p>
      <section className="card">
        {statements.length === 0 ? (
          <p className="empty-state">{t("statements.empty")}</p>
        ) : (
          <DataTable
            className="data-table statement-table"
            caption={t("statements.caption")}
            columns={[t("statements.col_period"), t("statements.col_expenses"), t("statements.col_file")]}
            stacked
          >
            {statements.map((statement) => (
              <tr key={statement.id}>
                <th scope="row">{statement.period}</th>
                <td data-label={t("statements.col_expenses")}>
                  {statement.expenseTypes.map((e) => t(`expense.${e}`, { defaultValue: e })).join(", ")}
                </td>
                <td data-label={t("statements.col_file")}>
                  {statement.size === null ? (
                    <span className="notice">{t("statements.missing")}</span>
                  ) : (
                    // A file, not a page: the browser downloads it (no client-side navigation).
                    <a
                      href={statement.href}
                      download={statement.fileName}
                      aria-label={t("statements.download_label", { name: statement.fileName, size: statement.size })}
                    >
                      {t("statements.download")}{" "}
                      <span className="file-meta">
                        ({statement.fileName}, {statement.size})
                      </span>
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "statements.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
