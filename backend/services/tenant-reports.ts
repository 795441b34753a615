/**
 * consumptionReport (schema/tenant-reports.graphql): a monthly report by its code, without a
 * token (the code is the credential).
 */
import { reportOfCode } from "../reports/report-data";
import type { ServiceContext } from "./context";

export const tenantReportQueries = {
  consumptionReport(_: unknown, args: { code: string }, ctx: ServiceContext) {
    return reportOfCode(ctx.db, args.code, ctx.now);
  },
};
