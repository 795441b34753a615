import { z } from "zod";
import { answerRules, isoDate, isoInstant } from "../answer-parts";
import type * as Wire from "./graphql.generated";

/**
 * The tenant data service's answers about documents (statements, the meter list, reports) are
 * their generated types, each checked against its generated shape (answer-shapes.ts, ADR 0064);
 * the rules below say only what those types cannot: dates, instants and months in their formats,
 * and a report present exactly when it is AVAILABLE.
 */

// ---------------------------------------------------------------------------------------------
// Allocation statements

export type AllocationStatement = Wire.AllocationStatementsQuery["allocationStatements"][number];
export const allocationStatementsResponse = answerRules<Wire.AllocationStatementsQuery>()(
  z.looseObject({ allocationStatements: z.array(z.looseObject({ periodStart: isoDate, periodEnd: isoDate })) }),
);

// ---------------------------------------------------------------------------------------------
// The meter list

export type MeterReadout = Wire.MeterReadoutsQuery["meterReadouts"][number];
export const meterReadoutsResponse = answerRules<Wire.MeterReadoutsQuery>()(
  z.looseObject({
    meterReadouts: z.array(
      z.looseObject({
        firstReadoutTimestamp: isoInstant.nullable(),
        lastReadoutTimestamp: isoInstant.nullable(),
        latestReadoutTimestamp: isoInstant.nullable(),
      }),
    ),
  }),
);

// ---------------------------------------------------------------------------------------------
// The monthly consumption report

type ReportAnswer = Wire.ConsumptionReportQuery["consumptionReport"];
export type ConsumptionReport = NonNullable<ReportAnswer["report"]>;
/** The report when it is AVAILABLE, else none (GONE or NOT_FOUND). */
export type ConsumptionReportAnswer =
  | { availability: "AVAILABLE"; report: ConsumptionReport }
  | { availability: Exclude<ReportAnswer["availability"], "AVAILABLE">; report: null };

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const report = z.looseObject({
  month,
  quantities: z.array(z.looseObject({ months: z.array(z.looseObject({ month })) })),
});
export const consumptionReportResponse = answerRules<
  Wire.ConsumptionReportQuery,
  { consumptionReport: ConsumptionReportAnswer }
>()(
  z.looseObject({
    consumptionReport: z.union([
      z.looseObject({ availability: z.literal("AVAILABLE"), report }),
      z.looseObject({ availability: z.enum(["GONE", "NOT_FOUND"]), report: z.null() }),
    ]),
  }),
);
