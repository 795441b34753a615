import * as Schema from "@common/graphql-enums.generated";
import { z } from "zod";
import { answerRules, isoDate, isoInstant } from "../answer-parts";
import type * as Wire from "./graphql.generated";

/**
 * The tenant data service's consumption answers (backend/schema/tenant.graphql): their types are
 * the generated ones, which every answer is checked against (answer-shapes.ts, ADR 0064); the rules
 * below say only what those types cannot: formats of dates and instants, non-empty names, ranges,
 * one value per timestamp or per quantity. alarm-schemas.ts and document-schemas.ts hold the rest.
 * An answer that breaks them is rejected ('Invalid <operation> response').
 */

// ---------------------------------------------------------------------------------------------
// Inputs: the generated ones (their descriptions are in backend/schema/tenant.graphql). Periods are
// Copenhagen local datetimes YYYY-MM-DDTHH:mm:00, the end exclusive (…T23:59:00 includes that day).

export type {
  ReadoutMinMaxQueryVariables as ReadoutMinMaxInput,
  RenameRoomInput,
  TenantDegreeDaysInput,
  TenantGraphInput,
  TenantTableInput,
  UnitQuantityKpisInput,
} from "./graphql.generated";

// ---------------------------------------------------------------------------------------------
// Enums

// The schema's (tenant.graphql), generated.
export const resolutionSchema = z.enum(Schema.Resolution);
export const graphModeSchema = z.enum(Schema.GraphMode);
export const comparisonSchema = z.enum(Schema.Comparison);
export const tableGroupingSchema = z.enum(Schema.TableGrouping);
export const objectKindSchema = z.enum(Schema.ObjectKind);
export const ratingLetterSchema = z.enum(["A+", "A", "B", "C", "D", "E", "F", "G"]);

export type Resolution = z.infer<typeof resolutionSchema>;
export type GraphMode = z.infer<typeof graphModeSchema>;
export type Comparison = z.infer<typeof comparisonSchema>;
export type TableGrouping = z.infer<typeof tableGroupingSchema>;
export type ObjectKind = z.infer<typeof objectKindSchema>;
export type RatingLetter = z.infer<typeof ratingLetterSchema>;

// ---------------------------------------------------------------------------------------------
// Answers (the generated types) and what each must be beyond its type

type TenantUnitsAnswer = Wire.TenantUnitsQuery["tenantUnits"];
export type TenantUnit = TenantUnitsAnswer[number];
export type ObjectDetails = Wire.TenantTableQuery["tenantTable"]["rows"][number]["objectDetails"];
export type QuantityDescriptor = Wire.TenantTableQuery["tenantTable"]["quantityDescriptors"][number];
/** A room of a unit: the name its meters share and its URL slug (ADR 0012). */
export type Room = TenantUnit["rooms"][number];
export type TenantGraphResult = Wire.TenantGraphQuery["tenantGraph"];
export type TenantTable = Wire.TenantTableQuery["tenantTable"];
export type UnitQuantityKpis = Wire.UnitQuantityKpisQuery["unitQuantityKpis"];
/** A weather-adjusted comparison of the key figures (ADR 0070); null unless asked for. */
export type WeatherAdjustedComparison = NonNullable<UnitQuantityKpis["weatherAdjustedPreviousPeriod"]>;
export type TenantDegreeDays = Wire.TenantDegreeDaysQuery["tenantDegreeDays"];
export type ReadoutMinMax = Wire.ReadoutMinMaxQuery["readoutMinMax"];
export type QuantityPrice = Wire.QuantityPricesQuery["quantityPrices"][number];
/** The rating; its letter one of A+..G (null without enough data), which the schema's String cannot say. */
export type ConsumptionRating = Omit<Wire.ConsumptionRatingQuery["consumptionRating"], "letter"> & {
  letter: RatingLetter | null;
};
export type DashboardData = Omit<Wire.DashboardQuery, "rating"> & { rating?: ConsumptionRating };
/** One quantity's forecast of one horizon (ADR 0072): a range, or a problem saying why not. */
export type QuantityForecast = Wire.TenantForecastsQuery["tenantForecasts"][number];
export type UnitTotals = NonNullable<Wire.DashboardQuery["consumption"]>;

/**
 * The days a comparison covers (ADR 0018 rules 7 and 8): the image of the period's days in the
 * tenancy, cut at `until` inside lastDay when the period runs past its values.
 */
export type ComparedDays = TenantTable["comparedDays"][number];
const comparedDays = z.looseObject({
  firstDay: isoDate.nullable(),
  lastDay: isoDate.nullable(),
  until: isoInstant.nullable(),
});

const nonEmpty = z.string().min(1);

export const tenantUnitsResponse = answerRules<Wire.TenantUnitsQuery>()(
  z.looseObject({
    tenantUnits: z.array(z.looseObject({ rooms: z.array(z.looseObject({ name: nonEmpty })) })),
  }),
);

const series = (length: number, values: readonly unknown[]) => values.length === length;

export const tenantGraphResponse = answerRules<Wire.TenantGraphQuery>()(
  z.looseObject({
    tenantGraph: z
      .looseObject({
        timestamps: z.array(isoInstant),
        /** The dates each bucket covers; partial: its week, month or year reaches beyond the period (ADR 0018). */
        buckets: z.array(z.looseObject({ firstDay: isoDate, lastDay: isoDate })),
        graphs: z.array(
          z.looseObject({
            consumption: z.looseObject({
              /** The total over the compared dates; `until`: where the compared part ends inside lastDay (ADR 0018 rule 8). */
              relatedValues: z.array(comparedDays),
            }),
          }),
        ),
      })
      .refine((result) => series(result.timestamps.length, result.buckets), {
        message: "one bucket per timestamp",
        path: ["buckets"],
      })
      .refine(
        (result) => {
          const graphs = result.graphs as TenantGraphResult["graphs"];
          const length = result.timestamps.length;
          return graphs.every(
            (graph) =>
              series(length, graph.consumption.values) &&
              graph.consumption.relatedValues.every((related) => series(length, related.values)),
          );
        },
        { message: "every series has one value per timestamp", path: ["graphs"] },
      ),
  }),
);

export const tenantTableResponse = answerRules<Wire.TenantTableQuery>()(
  z.looseObject({
    tenantTable: z.looseObject({ comparedDays: z.array(comparedDays) }).refine(
      (value) => {
        const table = value as unknown as TenantTable;
        const quantities = table.quantityDescriptors.length;
        // One value per quantity descriptor; comparison values too, or none without compareWith.
        return table.rows.every(
          (row) =>
            row.values.length === quantities &&
            (row.comparisonValues.length === 0 || row.comparisonValues.length === quantities),
        );
      },
      { message: "every row has one value per quantity descriptor", path: ["rows"] },
    ),
  }),
);

export const unitQuantityKpisResponse = answerRules<Wire.UnitQuantityKpisQuery>()(
  z.looseObject({
    unitQuantityKpis: z.looseObject({ previousPeriodDays: comparedDays, previousYearDays: comparedDays }),
  }),
);

export const tenantDegreeDaysResponse = answerRules<Wire.TenantDegreeDaysQuery>()(
  z.looseObject({
    tenantDegreeDays: z.looseObject({
      firstDay: isoDate,
      lastDay: isoDate,
      /** The dates each bucket covers, as a graph of the same period and resolution cuts them. */
      buckets: z.array(
        z.looseObject({
          firstDay: isoDate,
          lastDay: isoDate,
          degreeDays: z.number().nonnegative(),
          daysWithData: z.number().int().nonnegative(),
        }),
      ),
    }),
  }),
);

export const readoutMinMaxResponse = answerRules<Wire.ReadoutMinMaxQuery>()(
  z.looseObject({
    readoutMinMax: z.looseObject({
      firstReadoutTimestamp: isoInstant.nullable(),
      lastReadoutTimestamp: isoInstant.nullable(),
    }),
  }),
);

export const quantityPricesResponse = answerRules<Wire.QuantityPricesQuery>()(
  z.looseObject({
    /** validTo: inclusive; null: still in force. */
    quantityPrices: z.array(z.looseObject({ validFrom: isoDate, validTo: isoDate.nullable() })),
  }),
);

const consumptionRating = z.looseObject({
  /** Null without enough data. */
  letter: ratingLetterSchema.nullable(),
  periodBegin: isoDate,
  periodEnd: isoDate,
  unitsCompared: z.number().nonnegative(),
});

export const consumptionRatingResponse = answerRules<
  Wire.ConsumptionRatingQuery,
  { consumptionRating: ConsumptionRating }
>()(z.looseObject({ consumptionRating }));

export const renameRoomResponse = answerRules<Wire.RenameRoomMutation>()(
  z.looseObject({ renameRoom: z.looseObject({ name: nonEmpty, slug: nonEmpty }) }),
);

// The dashboard's one request (rating and the unit's totals, without object details).
const unitTotals = z.looseObject({ comparedDays: z.array(comparedDays) }).refine(
  (value) => {
    const table = value as unknown as UnitTotals;
    return table.rows.every((row) => row.values.length === table.quantityDescriptors.length);
  },
  { message: "every row has one value per quantity descriptor", path: ["rows"] },
);

export const dashboardResponse = answerRules<Wire.DashboardQuery, DashboardData>()(
  z.looseObject({
    rating: consumptionRating.optional(),
    consumption: unitTotals.optional(),
    climate: unitTotals.optional(),
    forecasts: z.array(z.looseObject({ firstDay: isoDate, lastDay: isoDate })).optional(),
  }),
);
