import { z } from "zod";
import type * as Wire from "./graphql.generated";
import type { AlarmFrequency, AlarmType, NotificationDirection, NotificationKind } from "@common/alarms";
import { answerSchema, enumMapping, isoDate, propertySettings } from "../answer-parts";

/**
 * Shapes of the tenant data service's answers (backend/schema/tenant.graphql) and the inputs of its
 * calls. Anything else is rejected ('Invalid <operation> response').
 */

/** An instant with the Copenhagen offset, e.g. 2025-10-26T02:00:00+01:00. */
const isoInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/);
/** A value of a bucket: null where there is no data (never 0 for "no data"). */
const value = z.number().nullable();

// ---------------------------------------------------------------------------------------------
// Inputs: the generated ones (their descriptions are in backend/schema/tenant.graphql). Periods are
// Copenhagen local datetimes YYYY-MM-DDTHH:mm:00, the end exclusive (…T23:59:00 includes that day).

export type {
  TenantGraphInput,
  TenantTableInput,
  UnitQuantityKpisInput,
  RenameRoomInput,
  ReadoutMinMaxQueryVariables as ReadoutMinMaxInput,
} from "./graphql.generated";

// ---------------------------------------------------------------------------------------------
// Enums

export const resolutionSchema = z.enum(["HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]);
export const graphModeSchema = z.enum(["HOURLY_VALUES", "COST", "CO2"]);
export const comparisonSchema = z.enum(["PREVIOUS_PERIOD", "PREVIOUS_YEAR", "PROPERTY_AVERAGE"]);
export const tableGroupingSchema = z.enum(["UNIT", "ROOM", "METER"]);
export const objectKindSchema = z.enum(["PROPERTY", "UNIT", "SOURCE", "MPOINT"]);
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

export const tenantUnitsResponse = answerSchema<Wire.TenantUnitsQuery>()(
  z.object({
    tenantUnits: z.array(tenantUnitSchema),
  }),
);
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
export const tenantGraphResponse = answerSchema<Wire.TenantGraphQuery>()(
  z.object({
    tenantGraph: tenantGraphResultSchema,
  }),
);
export type TenantGraphResult = z.infer<typeof tenantGraphResultSchema>;

// ---------------------------------------------------------------------------------------------
// tenantTable

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
export const tenantTableResponse = answerSchema<Wire.TenantTableQuery>()(
  z.object({
    tenantTable: tenantTableSchema,
  }),
);
export type TenantTable = z.infer<typeof tenantTableSchema>;

// ---------------------------------------------------------------------------------------------
// unitQuantityKpis

export const unitQuantityKpisSchema = z.object({
  quantityDescriptor: quantityDescriptorSchema,
  total: value,
  previousPeriod: value,
  previousYear: value,
  propertyComparison: value,
  rooms: z.array(z.object({ label: z.string(), value })),
  meters: z.array(z.object({ objectDetails: objectDetailsSchema, value })),
});
export const unitQuantityKpisResponse = answerSchema<Wire.UnitQuantityKpisQuery>()(
  z.object({
    unitQuantityKpis: unitQuantityKpisSchema,
  }),
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
export const readoutMinMaxResponse = answerSchema<Wire.ReadoutMinMaxQuery>()(
  z.object({
    readoutMinMax: readoutMinMaxSchema,
  }),
);
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
export const quantityPricesResponse = answerSchema<Wire.QuantityPricesQuery>()(
  z.object({
    quantityPrices: z.array(quantityPriceSchema),
  }),
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
export const consumptionRatingResponse = answerSchema<Wire.ConsumptionRatingQuery>()(
  z.object({
    consumptionRating: consumptionRatingSchema,
  }),
);
export type ConsumptionRating = z.infer<typeof consumptionRatingSchema>;

// ---------------------------------------------------------------------------------------------
// renameRoom

export const renameRoomResponse = answerSchema<Wire.RenameRoomMutation>()(
  z.object({
    renameRoom: z.object({ name: z.string().min(1), slug: z.string().min(1) }),
  }),
);

// ---------------------------------------------------------------------------------------------
// The dashboard's one request (rating and the unit's totals, without object details)

const unitTotalsSchema = z
  .object({
    quantityDescriptors: z.array(quantityDescriptorSchema),
    rows: z.array(z.object({ values: z.array(value), comparisonValues: z.array(value) })),
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

// ---------------------------------------------------------------------------------------------
// Alarms and notifications

const instant = z.string().min(1);
export const alarmTypes = enumMapping<AlarmType, Wire.AlarmType>({
  threshold: "THRESHOLD",
  comparison: "COMPARISON",
  zero: "ZERO",
  minimum: "MINIMUM",
  maximum: "MAXIMUM",
});
export const alarmFrequencies = enumMapping<AlarmFrequency, Wire.AlarmFrequency>({
  day: "DAY",
  week: "WEEK",
  month: "MONTH",
  year: "YEAR",
});
const notificationKinds = enumMapping<NotificationKind, Wire.NotificationKind>({
  high_consumption: "HIGH_CONSUMPTION",
  zero_consumption: "ZERO_CONSUMPTION",
  indoor_climate: "INDOOR_CLIMATE",
  consumption_report: "CONSUMPTION_REPORT",
});
const notificationDirections = enumMapping<NotificationDirection, Wire.NotificationDirection>({
  above: "ABOVE",
  below: "BELOW",
  increase: "INCREASE",
});

export const alarmSchema = z.object({
  id: z.number().int(),
  tenancyId: z.number().int(),
  quantity: z.string(),
  metricType: z.string(),
  type: alarmTypes.schema,
  frequency: alarmFrequencies.schema,
  level: z.number(),
  enabled: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  lastFiredAt: instant.nullable(),
  lastFiredPeriodStart: isoDate.nullable(),
  lastFiredPeriodEnd: isoDate.nullable(),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  tenancyId: z.number().int(),
  alarmId: z.number().int().nullable(),
  kind: notificationKinds.schema,
  quantity: z.string().nullable(),
  metricType: z.string().nullable(),
  alarmType: alarmTypes.schema.nullable(),
  frequency: alarmFrequencies.schema.nullable(),
  direction: notificationDirections.schema.nullable(),
  threshold: value,
  value,
  comparedValue: value,
  periodStart: isoDate,
  periodEnd: isoDate,
  reportCode: z.string().nullable(),
  createdAt: instant,
  read: z.boolean(),
  readAt: instant.nullable(),
});

export type Alarm = z.infer<typeof alarmSchema>;
export type Notification = z.infer<typeof notificationSchema>;

/** An alarm's settings as the routes hold them: the generated input with the domain's enum values. */
export type AlarmInput = Omit<Wire.AlarmInput, "type" | "frequency"> & { type: AlarmType; frequency: AlarmFrequency };

export const alarmsResponse = answerSchema<Wire.AlarmsQuery>()(z.object({ alarms: z.array(alarmSchema) }));
export const alarmResponse = answerSchema<Wire.AlarmQuery>()(z.object({ alarm: alarmSchema }));
export const createAlarmResponse = answerSchema<Wire.CreateAlarmMutation>()(z.object({ createAlarm: alarmSchema }));
export const updateAlarmResponse = answerSchema<Wire.UpdateAlarmMutation>()(z.object({ updateAlarm: alarmSchema }));
export const deleteAlarmResponse = answerSchema<Wire.DeleteAlarmMutation>()(z.object({ deleteAlarm: z.boolean() }));
export const notificationsResponse = answerSchema<Wire.NotificationsQuery>()(
  z.object({
    notifications: z.object({
      items: z.array(notificationSchema),
      unreadCount: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
);
export const notificationResponse = answerSchema<Wire.NotificationQuery>()(
  z.object({
    notification: notificationSchema,
  }),
);
export const markNotificationReadResponse = answerSchema<Wire.MarkNotificationReadMutation>()(
  z.object({
    markNotificationRead: notificationSchema,
  }),
);
export const markAllNotificationsReadResponse = answerSchema<Wire.MarkAllNotificationsReadMutation>()(
  z.object({
    markAllNotificationsRead: z.number().int(),
  }),
);
export const tenancyMenuResponse = answerSchema<Wire.TenancyMenuQuery>()(
  z.object({
    unreadNotificationCount: z.number().int(),
    propertySettings,
  }),
);
export type TenancyMenu = z.infer<typeof tenancyMenuResponse>;

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
export const allocationStatementsResponse = answerSchema<Wire.AllocationStatementsQuery>()(
  z.object({
    allocationStatements: z.array(allocationStatementSchema),
  }),
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
export const meterReadoutsResponse = answerSchema<Wire.MeterReadoutsQuery>()(
  z.object({
    meterReadouts: z.array(meterReadoutSchema),
  }),
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
export const consumptionReportResponse = answerSchema<Wire.ConsumptionReportQuery>()(
  z.object({
    consumptionReport: z.union([
      z.object({ availability: z.literal("AVAILABLE"), report: consumptionReportSchema }),
      z.object({ availability: z.enum(["GONE", "NOT_FOUND"]), report: z.null() }),
    ]),
  }),
);
export type ConsumptionReportAnswer = z.infer<typeof consumptionReportResponse>["consumptionReport"];
