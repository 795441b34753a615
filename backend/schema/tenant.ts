/**
 * Tenant data service (spec section 7, "Tenant data back-end"): units, meters, rooms, readings,
 * graphs, tables, KPIs, prices and ratings. Every call needs a users-service access token and
 * answers only for the units of the caller's tenancies.
 */
export const tenantTypeDefs = /* GraphQL */ `
  type Query {
    "The units of the caller's tenancies, with property settings and CO2 factors."
    tenantUnits: [TenantUnit!]!

    """
    Values per calendar bucket (Europe/Copenhagen) of one or more quantities of a tenancy's unit,
    optionally of one room or one meter, with comparisons in relatedValues. Values outside the
    tenancy (before its start, after its end or in the future) are null, never zero.
    """
    tenantGraph(graph: TenantGraphInput!): TenantGraphResult!

    """
    Totals over a period per unit, room or meter (rows) and quantity (columns), with one
    comparison (compareWith) in comparisonValues. PROPERTY_AVERAGE only at UNIT level.
    """
    tenantTable(table: TenantTableInput!): TenantTable!

    "Key figures of one quantity of a tenancy's unit over a period."
    unitQuantityKpis(input: UnitQuantityKpisInput!): UnitQuantityKpis!

    """
    The first and last raw readout of a meter of the tenancy's unit within [fromDate, toDate]
    (local datetimes YYYY-MM-DDTHH:mm:00), clamped to the tenancy. Nulls when there is none.
    """
    readoutMinMax(tenancyId: Int!, meterNumber: String!, quantity: String!, fromDate: String!, toDate: String!): ReadoutMinMax!

    "Prices per unit of each quantity valid at some point in [periodBegin, periodEnd] (dates YYYY-MM-DD)."
    quantityPrices(input: QuantityPricesInput!): [QuantityPrice!]!

    """
    Consumption rating A+..G (ADR 0007): the unit's consumption per m2 over the last 365 days
    (from the tenancy's start if later) divided by the average per m2 of the other units of the
    property over the same days. letter is null when there is too little data.
    """
    consumptionRating(tenancyId: Int!, quantity: String!): ConsumptionRating!

    """
    Every meter of the tenancy's unit with its first and last raw readout within [fromDate,
    toDate] (as readoutMinMax) and its latest readout within the tenancy (the meter list, issue 15).
    """
    meterReadouts(tenancyId: Int!, fromDate: String!, toDate: String!): [MeterReadout!]!

    "The settings of the property of a tenancy's unit (the side menu reads them; ADR 0026)."
    propertySettings(tenancyId: Int!): [PropertySetting!]!
  }

  type Mutation {
    """
    Renames a room of the tenancy's unit (ADR 0012): every meter of the unit in that room gets the
    new name, so later tenants of the unit see it too. Any member of a tenancy that has not ended
    may rename. Errors: FORBIDDEN (not a member, or the tenancy has ended); ROOM_NOT_FOUND (no
    meter of the unit is in roomName); ROOM_NAME_INVALID (newName, trimmed, is empty, longer than
    40 characters, has control characters or no letter or digit; extensions.reason says which);
    ROOM_NAME_TAKEN (another room of the unit has the same slug; extensions.room names it).
    Renaming to the same name or changing only letter case is allowed.
    """
    renameRoom(input: RenameRoomInput!): Room!
  }

  input RenameRoomInput {
    tenancyId: Int!
    "Current name or slug of the room, e.g. Soveværelse or sovevaerelse."
    roomName: String!
    "Trimmed; 1–40 characters, no control characters, at least one letter or digit."
    newName: String!
  }

  "A room of a unit: the room name its meters share."
  type Room {
    name: String!
    "Lowercase URL form of the name (æ→ae, ø→oe, å→aa, other characters → -), e.g. vaerelse-2."
    slug: String!
  }

  "Bucket size. Buckets follow the Copenhagen calendar: days of 23/25 hours, weeks from Monday."
  enum Resolution {
    "At most 370 days (a year of hourly values)."
    HOURLY
    "At most 1100 days."
    DAILY
    "At most 3700 days."
    WEEKLY
    MONTHLY
    YEARLY
  }

  """
  What the values are: HOURLY_VALUES the consumption (or average) in the quantity's unit; COST an
  estimate in DKK: for heat-energy and electricity-energy each hour's consumption times that
  hour's electricity market price (may be negative), for other quantities times the quantity
  price in force; CO2 grams of CO2 (consumption times the property's factor). COST and CO2 exist
  for addition quantities only.
  """
  enum GraphMode {
    HOURLY_VALUES
    COST
    CO2
  }

  """
  PREVIOUS_PERIOD: the same number of days just before (whole months for MONTHLY/YEARLY);
  PREVIOUS_YEAR: the same dates a year earlier; PROPERTY_AVERAGE: the mean over the other units
  of the property with data (never the caller's unit), null where fewer than 3 have data; at
  HOURLY resolution for periods of at most 93 days.
  Comparison values are aligned with the main series by bucket index and also clamped to the tenancy.
  """
  enum Comparison {
    PREVIOUS_PERIOD
    PREVIOUS_YEAR
    PROPERTY_AVERAGE
  }

  enum TableGrouping {
    UNIT
    ROOM
    METER
  }

  """
  periodBegin and periodEnd are local Europe/Copenhagen datetimes YYYY-MM-DDTHH:mm:00 (minute
  precision; a bare date means midnight). The end is exclusive, except that a time ending in :59
  includes that minute (…T23:59:00 means the whole day). The period is widened to whole days
  (HOURLY: whole hours); a week, month or year bucket reaching beyond those days is clipped to
  them and marked partial (TenantGraphResult.buckets).
  """
  input TenantGraphInput {
    tenancyId: Int!
    "Quantity identifiers of spec section 3, e.g. heat-energy."
    quantities: [String!]!
    resolution: Resolution!
    periodBegin: String!
    periodEnd: String!
    mode: GraphMode = HOURLY_VALUES
    "Per m2 of the unit's floor area (addition quantities only; ignored for averages)."
    normalized: Boolean = false
    compareWith: [Comparison!] = []
    "Only the meters of this room (name or lowercase slug, e.g. sovevaerelse)."
    roomName: String
    "Only this meter of the unit."
    meterNumber: String
  }

  type QuantityDescriptor {
    quantity: String!
    normalized: Boolean!
    "Unit of the values, e.g. kWh, kWh/m2, DKK, g CO2/m2."
    expressedAs: String!
  }

  """
  A comparison series (ADR 0018). PREVIOUS_PERIOD maps each date d of the period P to d - n days
  (n = number of days in P), PREVIOUS_YEAR to the same date a year earlier (29 February to
  28 February); each value covers the image of its bucket's dates (an HOURLY row: the compared
  day's hours at the same clock hour, see the ADR for the daylight-saving days). PROPERTY_AVERAGE
  is the mean over the other units of the property per bucket.
  """
  type RelatedValues {
    type: Comparison!
    values: [Float]!
    """
    The total over the image of P (PROPERTY_AVERAGE: over P): a sum, or for averages (temperatures,
    humidity) the mean of every sample. The same figure as unitQuantityKpis' previousPeriod,
    previousYear or propertyComparison; not the sum of values (an image may be shared by two
    rows, and an hour may belong to no row). Null without data.
    """
    total: Float
    "First and last date (YYYY-MM-DD) of the compared days: the image of P (PROPERTY_AVERAGE: P)."
    firstDay: String
    lastDay: String
  }

  type GraphConsumption {
    quantityDescriptor: QuantityDescriptor!
    "One per timestamp; null where there is no data (not zero)."
    values: [Float]!
    """
    The total over exactly the period's dates P (ADR 0018): a sum, or for averages the mean of
    every sample. Equals unitQuantityKpis.total of the same period. Null without data.
    """
    total: Float
    relatedValues: [RelatedValues!]!
  }

  "The dates one bucket covers (ADR 0018), one per timestamp."
  type GraphBucket {
    "First and last date (YYYY-MM-DD) inside the period; an HOURLY bucket's date twice."
    firstDay: String!
    lastDay: String!
    """
    True when the bucket's calendar week, month or year reaches beyond the period, so that it
    covers only firstDay to lastDay (the timestamp is then firstDay's midnight).
    """
    partial: Boolean!
  }

  type TenantGraph {
    type: GraphMode!
    consumption: GraphConsumption!
  }

  type TenantGraphResult {
    """
    Bucket starts as ISO 8601 with the Copenhagen offset, e.g. 2025-10-26T02:00:00+01:00. Buckets
    are clipped to the period's dates: a weekly chart from Wednesday 10 June starts at
    2026-06-10T00:00:00+02:00, its first bucket partial.
    """
    timestamps: [String!]!
    "The dates each bucket covers, one per timestamp."
    buckets: [GraphBucket!]!
    "One per requested quantity, in order."
    graphs: [TenantGraph!]!
  }

  input TenantTableInput {
    tenancyId: Int!
    quantities: [String!]!
    "As in TenantGraphInput; the period is widened to whole days."
    periodBegin: String!
    periodEnd: String!
    groupBy: TableGrouping = METER
    mode: GraphMode = HOURLY_VALUES
    normalized: Boolean = false
    compareWith: Comparison
  }

  type TenantTableRow {
    objectDetails: ObjectDetails!
    "One per quantityDescriptor; null where the row has no such meter or no data."
    values: [Float]!
    "The compareWith value per quantityDescriptor (empty without compareWith)."
    comparisonValues: [Float]!
  }

  type TenantTable {
    quantityDescriptors: [QuantityDescriptor!]!
    rows: [TenantTableRow!]!
  }

  input UnitQuantityKpisInput {
    tenancyId: Int!
    quantity: String!
    "As in TenantGraphInput; the period is widened to whole days."
    periodBegin: String!
    periodEnd: String!
    mode: GraphMode = HOURLY_VALUES
    normalized: Boolean = false
  }

  type RoomValue {
    label: String!
    value: Float
  }

  type MeterValue {
    objectDetails: ObjectDetails!
    value: Float
  }

  type UnitQuantityKpis {
    quantityDescriptor: QuantityDescriptor!
    "Sum (or average) over the period; null without data."
    total: Float
    "The same over the previous period (same number of days just before)."
    previousPeriod: Float
    "The same over the same dates a year earlier."
    previousYear: Float
    "The property average over the period (other units only; null when fewer than 3 have data)."
    propertyComparison: Float
    rooms: [RoomValue!]!
    meters: [MeterValue!]!
  }

  type MeterReadout {
    "The meter's id (as Meter.id)."
    id: ID!
    meterNumber: String!
    quantity: String!
    roomName: String
    "ISO 8601 with the Copenhagen offset; nulls when there is no readout."
    firstReadoutTimestamp: String
    firstReadoutValue: Float
    lastReadoutTimestamp: String
    lastReadoutValue: Float
    latestReadoutTimestamp: String
    latestReadoutValue: Float
  }

  type ReadoutMinMax {
    meterNumber: String!
    quantity: String!
    "ISO 8601 with the Copenhagen offset."
    firstReadoutTimestamp: String
    firstReadoutValue: Float
    lastReadoutTimestamp: String
    lastReadoutValue: Float
  }

  input QuantityPricesInput {
    periodBegin: String!
    periodEnd: String!
  }

  type QuantityPrice {
    quantity: String!
    price: Float!
    currency: String!
    validFrom: String!
    "Inclusive; null: still in force."
    validTo: String
  }

  type ConsumptionRating {
    quantity: String!
    "A+, A, B, C, D, E, F or G; null without enough data (30 days of the unit, 3 other units)."
    letter: String
    "First and last day rated (YYYY-MM-DD)."
    periodBegin: String!
    periodEnd: String!
    "The unit's consumption per m2 over the period."
    value: Float
    "The other units' average per m2 over the period."
    propertyAverage: Float
    "value / propertyAverage."
    ratio: Float
    "How many other units the average rests on."
    unitsCompared: Int!
    expressedAs: String!
  }

  enum ObjectKind {
    PROPERTY
    UNIT
    SOURCE
    MPOINT
  }

  type ObjectProperty {
    id: ID!
    number: String!
    address: String!
    city: String!
    zipcode: String!
  }

  type ObjectUnit {
    id: ID!
    unitUniqueId: String!
    name: String!
    tenantName: String
    "Heated floor area in m2, used for normalized (per m2) values."
    floorArea: Float!
    rooms: Int!
  }

  type GroupMeter {
    id: ID!
    number: String!
    roomName: String
  }

  type ObjectGroup {
    id: ID!
    quantity: String!
    operational: Boolean!
    meter: GroupMeter
  }

  type MeasurementPoint {
    id: ID!
    legacyMeterId: String
    name: String!
    room: String
    quantity: String!
  }

  "A measured object: a property, a unit, a source (meter group) or a measurement point."
  type ObjectDetails {
    id: ID!
    kind: ObjectKind!
    property: ObjectProperty!
    unit: ObjectUnit
    group: ObjectGroup
    measurementPoint: MeasurementPoint
  }

  type PropertySetting {
    kind: String!
  }

  type Co2Factor {
    quantity: String!
    gramPerQuantityUnit: Float!
  }

  type TenantProperty {
    id: ID!
    number: String!
    settings: [PropertySetting!]!
    co2Factors: [Co2Factor!]!
  }

  type TenantUnitPath {
    property: TenantProperty!
  }

  "A meter of a unit."
  type Meter {
    id: ID!
    number: String!
    roomName: String
    "A quantity identifier of spec section 3."
    quantity: String!
  }

  type TenantUnit {
    objectDetails: ObjectDetails!
    path: TenantUnitPath!
    meters: [Meter!]!
    "The distinct rooms of the unit's meters, sorted by name; names sharing a slug are one room."
    rooms: [Room!]!
  }
`;
