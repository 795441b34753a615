import { z } from "zod";
import { fieldAnswer, isoDate, isoInstant, nullableValue as value } from "../answer-parts";
import type * as Wire from "./graphql.generated";

/** Shapes of the tenant data service's answers about documents: statements, the meter list, reports. */

// ---------------------------------------------------------------------------------------------
// Allocation statements

export const allocationStatementSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  periodStart: isoDate,
  periodEnd: isoDate,
  expenseTypes: z.array(z.string()),
  sizeBytes: z.number().int().nullable(),
  contentType: z.string(),
});
export type AllocationStatement = z.infer<typeof allocationStatementSchema>;
export const allocationStatementsResponse = fieldAnswer<Wire.AllocationStatementsQuery>()(
  "allocationStatements",
  z.array(allocationStatementSchema),
);

// ---------------------------------------------------------------------------------------------
// The meter list

export const meterReadoutSchema = z.object({
  id: z.string(),
  meterNumber: z.string(),
  quantity: z.string(),
  roomName: z.string().nullable(),
  firstReadoutTimestamp: isoInstant.nullable(),
  firstReadoutValue: value,
  lastReadoutTimestamp: isoInstant.nullable(),
  lastReadoutValue: value,
  latestReadoutTimestamp: isoInstant.nullable(),
  latestReadoutValue: value,
});
export type MeterReadout = z.infer<typeof meterReadoutSchema>;
export const meterReadoutsResponse = fieldAnswer<Wire.MeterReadoutsQuery>()(
  "meterReadouts",
  z.array(meterReadoutSchema),
);

// ---------------------------------------------------------------------------------------------
// The monthly consumption report

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
export const consumptionReportSchema = z.object({
  month,
  createdAt: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  country: z.string(),
  quantities: z.array(
    z.object({
      quantity: z.string(),
      total: value,
      previousMonth: value,
      sameMonthLastYear: value,
      propertyAverage: value,
      co2Grams: value,
      months: z.array(z.object({ month, value })),
    }),
  ),
  waterCost: z
    .object({
      currency: z.string(),
      prices: z.array(z.object({ quantity: z.string(), pricePerLitre: z.number() })),
      cost: value,
      previousCost: value,
    })
    .nullable(),
});
export type ConsumptionReport = z.infer<typeof consumptionReportSchema>;
export const consumptionReportResponse = fieldAnswer<Wire.ConsumptionReportQuery>()(
  "consumptionReport",
  z.union([
    z.object({ availability: z.literal("AVAILABLE"), report: consumptionReportSchema }),
    z.object({ availability: z.enum(["GONE", "NOT_FOUND"]), report: z.null() }),
  ]),
);
export type ConsumptionReportAnswer = z.infer<typeof consumptionReportResponse>["consumptionReport"];
