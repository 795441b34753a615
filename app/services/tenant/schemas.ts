import * as Schema from "@common/graphql-enums.generated";
import { z } from "zod";
import { answerSchema, fieldAnswer, isoDate, isoInstant, nullableValue, propertySettings } from "../answer-parts";
import type * as Wire from "./graphql.generated";

/**
 * Shapes of the tenant data service's consumption answers (backend/schema/tenant.graphql) and the
 * inputs of its calls; alarm-schemas.ts and document-schemas.ts hold the rest. Anything else is
 * rejected ('Invalid <operation> response').
 */

const value = nullableValue;

// ---------------------------------------------------------------------------------------------
// Inputs: the generated ones (their descriptions are in backend/schema/tenant.graphql). Periods are
// Copenhagen local datetimes YYYY-MM-DDTHH:mm:00, the end exclusive (…T23:59:00 includes that day).

export type {
  ReadoutMinMaxQueryVariables as ReadoutMinMaxInput,
  RenameRoomInput,
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
// Shared parts

const propertySchema = z.object({
  id: z.string(),
  number: z.string(),
  address: z.string(),
  city: z.string(),
  zipcode: z.string(),
});

const objectUnitSchema = z.object({
  id: z.string(),
  unitUniqueId: z.string(),
  name: z.string(),
  tenantName: z.string().nullable(),
  floorArea: z.number(),
  rooms: z.number().int(),
});

/** A measured object: the unit, a room (kind SOURCE, id "<unit>:<slug>") or a meter (kind MPOINT). */
export const objectDetailsSchema = z.object({
  id: z.string(),
  kind: objectKindSchema,
  property: propertySchema,
  unit: objectUnitSchema.nullable(),
  group: z
    .object({
      id: z.string(),
      quantity: z.string(),
      operational: z.boolean(),
      meter: z.object({ id: z.string(), number: z.string(), roomName: z.string().nullable() }).nullable(),
    })
    .nullable(),
  measurementPoint: z
    .object({
      id: z.string(),
      legacyMeterId: z.string().nullable(),
      name: z.string(),
      room: z.string().nullable(),
      quantity: z.string(),
    })
    .nullable(),
});
export type ObjectDetails = z.infer<typeof objectDetailsSchema>;

export const quantityDescriptorSchema = z.object({
  quantity: z.string(),
  normalized: z.boolean(),
  /** Unit of the values, e.g. kWh, kWh/m2, DKK, g CO2/m2. */
  expressedAs: z.string(),
});
export type QuantityDescriptor = z.infer<typeof quantityDescriptorSchema>;

/** A room of a unit: the name its meters share and its URL slug (ADR 0012). */
export const roomSchema = z.object({ name: z.string().min(1), slug: z.string() });
export type Room = z.infer<typeof roomSchema>;

// ---------------------------------------------------------------------------------------------
// tenantUnits

export const tenantUnitSchema = z.object({
  objectDetails: objectDetailsSchema.pick({ id: true, kind: true, property: true, unit: true }),
  path: z.object({
    property: z.object({
      id: z.string(),
      number: z.string(),
      settings: propertySettings,
      co2Factors: z.array(z.object({ quantity: z.string(), gramPerQuantityUnit: z.number() })),
    }),
  }),
  meters: z.array(
    z.object({ id: z.string(), number: z.string(), roomName: z.string().nullable(), quantity: z.string() }),
  ),
  /** The unit's rooms, sorted by name. */
  rooms: z.array(roomSchema),
});

export const tenantUnitsResponse = fieldAnswer<Wire.TenantUnitsQuery>()("tenantUnits", z.array(tenantUnitSchema));
export type TenantUnit = z.infer<typeof tenantUnitSchema>;

// ---------------------------------------------------------------------------------------------
// tenantGraph

export const tenantGraphResultSchema = z
  .object({
    timestamps: z.array(isoInstant),
    /** The dates each bucket covers; partial: its week, month or year reaches beyond the period (ADR 0018). */
    buckets: z.array(z.object({ firstDay: isoDate, lastDay: isoDate, partial: z.boolean() })),
    graphs: z.array(
      z.object({
        type: graphModeSchema,
        consumption: z.object({
          quantityDescriptor: quantityDescriptorSchema,
          values: z.array(value),
          /** The total over exactly the period's dates: the legend shows it, never a sum of the bars. */
          total: value,
          relatedValues: z.array(
            z.object({
              type: comparisonSchema,
              values: z.array(value),
              /** The total over the compared dates (the image of the period), as the key-figure card. */
              total: value,
              firstDay: isoDate.nullable(),
              lastDay: isoDate.nullable(),
              /** Where the compared part ends inside lastDay (ADR 0018 rule 8), null at a midnight. */
              until: isoInstant.nullable(),
            }),
          ),
        }),
      }),
    ),
  })
  .refine((result) => result.buckets.length === result.timestamps.length, {
    message: "one bucket per timestamp",
    path: ["buckets"],
  })
  .refine(
    (result) =>
      result.graphs.every(
        (graph) =>
          graph.consumption.values.length === result.timestamps.length &&
          graph.consumption.relatedValues.every((related) => related.values.length === result.timestamps.length),
      ),
    { message: "every series has one value per timestamp", path: ["graphs"] },
  );
export const tenantGraphResponse = fieldAnswer<Wire.TenantGraphQuery>()("tenantGraph", tenantGraphResultSchema);
export type TenantGraphResult = z.infer<typeof tenantGraphResultSchema>;

// ---------------------------------------------------------------------------------------------
// tenantTable

/**
 * The days a comparison covers (ADR 0018 rules 7 and 8): the image of the period's days in the
 * tenancy, cut at `until` inside lastDay when the period runs past its values.
 */
export const comparedDaysSchema = z.object({
  firstDay: isoDate.nullable(),
  lastDay: isoDate.nullable(),
  until: isoInstant.nullable(),
});
export type ComparedDays = z.infer<typeof comparedDaysSchema>;

export const tenantTableSchema = z
  .object({
    quantityDescriptors: z.array(quantityDescriptorSchema),
    rows: z.array(
      z.object({
        objectDetails: objectDetailsSchema,
        /** One per quantity descriptor. */
        values: z.array(value),
        /** One per quantity descriptor, or empty without compareWith. */
        comparisonValues: z.array(value),
      }),
    ),
    /** Per quantity, for a previous-period or previous-year comparison; else empty. */
    comparedDays: z.array(comparedDaysSchema),
  })
  .refine(
    (table) =>
      table.rows.every(
        (row) =>
          row.values.length === table.quantityDescriptors.length &&
          (row.comparisonValues.length === 0 || row.comparisonValues.length === table.quantityDescriptors.length),
      ),
    { message: "every row has one value per quantity descriptor", path: ["rows"] },
  );
export const tenantTableResponse = fieldAnswer<Wire.TenantTableQuery>()("tenantTable", tenantTableSchema);
export type TenantTable = z.infer<typeof tenantTableSchema>;

// ---------------------------------------------------------------------------------------------
// unitQuantityKpis

export const unitQuantityKpisSchema = z.object({
  quantityDescriptor: quantityDescriptorSchema,
  total: value,
  previousPeriod: value,
  previousPeriodDays: comparedDaysSchema,
  previousYear: value,
  previousYearDays: comparedDaysSchema,
  propertyComparison: value,
  rooms: z.array(z.object({ label: z.string(), value })),
  meters: z.array(z.object({ objectDetails: objectDetailsSchema, value })),
});
export const unitQuantityKpisResponse = fieldAnswer<Wire.UnitQuantityKpisQuery>()(
  "unitQuantityKpis",
  unitQuantityKpisSchema,
);
export type UnitQuantityKpis = z.infer<typeof unitQuantityKpisSchema>;

// ---------------------------------------------------------------------------------------------
// readoutMinMax

export const readoutMinMaxSchema = z.object({
  meterNumber: z.string(),
  quantity: z.string(),
  firstReadoutTimestamp: isoInstant.nullable(),
  firstReadoutValue: value,
  lastReadoutTimestamp: isoInstant.nullable(),
  lastReadoutValue: value,
});
export const readoutMinMaxResponse = fieldAnswer<Wire.ReadoutMinMaxQuery>()("readoutMinMax", readoutMinMaxSchema);
export type ReadoutMinMax = z.infer<typeof readoutMinMaxSchema>;

// ---------------------------------------------------------------------------------------------
// quantityPrices

export const quantityPriceSchema = z.object({
  quantity: z.string(),
  price: z.number(),
  currency: z.string(),
  validFrom: isoDate,
  /** Inclusive; null: still in force. */
  validTo: isoDate.nullable(),
});
export const quantityPricesResponse = fieldAnswer<Wire.QuantityPricesQuery>()(
  "quantityPrices",
  z.array(quantityPriceSchema),
);
export type QuantityPrice = z.infer<typeof quantityPriceSchema>;

// ---------------------------------------------------------------------------------------------
// consumptionRating

export const consumptionRatingSchema = z.object({
  quantity: z.string(),
  /** Null without enough data. */
  letter: ratingLetterSchema.nullable(),
  periodBegin: isoDate,
  periodEnd: isoDate,
  value,
  propertyAverage: value,
  ratio: value,
  unitsCompared: z.number().int().nonnegative(),
  expressedAs: z.string(),
});
export const consumptionRatingResponse = fieldAnswer<Wire.ConsumptionRatingQuery>()(
  "consumptionRating",
  consumptionRatingSchema,
);
export type ConsumptionRating = z.infer<typeof consumptionRatingSchema>;

// ---------------------------------------------------------------------------------------------
// renameRoom

export const renameRoomResponse = fieldAnswer<Wire.RenameRoomMutation>()(
  "renameRoom",
  z.object({ name: z.string().min(1), slug: z.string().min(1) }),
);

// ---------------------------------------------------------------------------------------------
// The dashboard's one request (rating and the unit's totals, without object details)

const unitTotalsSchema = z
  .object({
    quantityDescriptors: z.array(quantityDescriptorSchema),
    rows: z.array(z.object({ values: z.array(value), comparisonValues: z.array(value) })),
    /** Per quantity when compared (the consumption), else empty. */
    comparedDays: z.array(comparedDaysSchema),
  })
  .refine((table) => table.rows.every((row) => row.values.length === table.quantityDescriptors.length), {
    message: "every row has one value per quantity descriptor",
    path: ["rows"],
  });
export type UnitTotals = z.infer<typeof unitTotalsSchema>;

export const dashboardResponse = answerSchema<Wire.DashboardQuery>()(
  z.object({
    rating: consumptionRatingSchema.optional(),
    consumption: unitTotalsSchema.optional(),
    climate: unitTotalsSchema.optional(),
  }),
);
export type DashboardData = z.infer<typeof dashboardResponse>;
