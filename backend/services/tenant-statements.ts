/**
 * allocationStatements (schema/tenant-statements.graphql): a tenancy's statements for its
 * residents, with each file's size (the file is streamed by statements/files.ts).
 */
import { extname } from "node:path";
import type { AllocationStatement } from "../schema/tenant.generated";
import { statementFile } from "../statements/files";
import { callerAndTenancy } from "./access";
import { parseExpenseTypes } from "./account";
import type { ServiceContext } from "./context";

export const tenantStatementQueries = {
  async allocationStatements(
    _: unknown,
    args: { tenancyId: number },
    ctx: ServiceContext,
  ): Promise<AllocationStatement[]> {
    const { tenancy } = await callerAndTenancy(ctx, args.tenancyId);
    const rows = await ctx.db
      .selectFrom("allocation_statements")
      .selectAll()
      .where("tenancy_id", "=", tenancy.id)
      .orderBy("period_end", "desc")
      .orderBy("id", "desc")
      .execute();
    return Promise.all(
      rows.map(async (row) => {
        const file = ctx.filesDir === undefined ? null : await statementFile(ctx.filesDir, row.url);
        return {
          id: row.id,
          fileName: row.file_name,
          periodStart: row.period_start,
          periodEnd: row.period_end,
          expenseTypes: parseExpenseTypes(row.expense_types),
          sizeBytes: file?.size ?? null,
          contentType: extname(row.url).toLowerCase() === ".pdf" ? "application/pdf" : "application/octet-stream",
        };
      }),
    );
  },
};
