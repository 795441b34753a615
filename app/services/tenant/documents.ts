/** GraphQL documents the portal sends to the tenant data service (validated against its schema in a test). */

const quantityDescriptorFields = /* GraphQL */ `quantity normalized expressedAs`;

/** Every field of ObjectDetails: a unit, a room (SOURCE, id "<unit>:<slug>") or a meter (MPOINT). */
const objectDetailsFields = /* GraphQL */ `
  id kind
  property { id number address city zipcode }
  unit { id unitUniqueId name tenantName floorArea rooms }
  group { id quantity operational meter { id number roomName } }
  measurementPoint { id legacyMeterId name room quantity }
`;

export const TenantUnitsQuery = /* GraphQL */ `
  query TenantUnits {
    tenantUnits {
      objectDetails {
        id kind
        property { id number address city zipcode }
        unit { id unitUniqueId name tenantName floorArea rooms }
      }
      path { property { id number settings { kind } co2Factors { quantity gramPerQuantityUnit } } }
      meters { id number roomName quantity }
      rooms { name slug }
    }
  }
`;

export const TenantGraphQuery = /* GraphQL */ `
  query TenantGraph($graph: TenantGraphInput!) {
    tenantGraph(graph: $graph) {
      timestamps
      buckets { firstDay lastDay partial }
      graphs {
        type
        consumption {
          quantityDescriptor { ${quantityDescriptorFields} }
          values
          total
          relatedValues { type values total firstDay lastDay until }
        }
      }
    }
  }
`;

export const TenantTableQuery = /* GraphQL */ `
  query TenantTable($table: TenantTableInput!) {
    tenantTable(table: $table) {
      quantityDescriptors { ${quantityDescriptorFields} }
      rows {
        objectDetails { ${objectDetailsFields} }
        values
        comparisonValues
      }
      comparedDays { firstDay lastDay until }
    }
  }
`;

/** A weather-adjusted comparison (ADR 0070); null unless the input asks for it. */
const weatherAdjustedFields = "problem degreeDays comparedDegreeDays adjustedCompared change colder";

export const UnitQuantityKpisQuery = /* GraphQL */ `
  query UnitQuantityKpis($input: UnitQuantityKpisInput!) {
    unitQuantityKpis(input: $input) {
      quantityDescriptor { ${quantityDescriptorFields} }
      total
      previousPeriod
      previousPeriodDays { firstDay lastDay until }
      previousYear
      previousYearDays { firstDay lastDay until }
      propertyComparison
      efficientNeighbours
      weatherAdjustedPreviousPeriod { ${weatherAdjustedFields} }
      weatherAdjustedPreviousYear { ${weatherAdjustedFields} }
      rooms { label value }
      meters { objectDetails { ${objectDetailsFields} } value }
    }
  }
`;

export const ReadoutMinMaxQuery = /* GraphQL */ `
  query ReadoutMinMax($tenancyId: Int!, $meterNumber: String!, $quantity: String!, $fromDate: String!, $toDate: String!) {
    readoutMinMax(tenancyId: $tenancyId, meterNumber: $meterNumber, quantity: $quantity, fromDate: $fromDate, toDate: $toDate) {
      meterNumber quantity firstReadoutTimestamp firstReadoutValue lastReadoutTimestamp lastReadoutValue
    }
  }
`;

export const QuantityPricesQuery = /* GraphQL */ `
  query QuantityPrices($input: QuantityPricesInput!) {
    quantityPrices(input: $input) { quantity price currency validFrom validTo }
  }
`;

export const ConsumptionRatingQuery = /* GraphQL */ `
  query ConsumptionRating($tenancyId: Int!, $quantity: String!, $efficientNeighbours: Boolean = false) {
    consumptionRating(tenancyId: $tenancyId, quantity: $quantity, efficientNeighbours: $efficientNeighbours) {
      quantity letter periodBegin periodEnd value propertyAverage efficientNeighbours ratio unitsCompared expressedAs
    }
  }
`;

/** The heating degree days of the tenancy's property over a period, per bucket, with the normal year's (ADR 0070). */
export const TenantDegreeDaysQuery = /* GraphQL */ `
  query TenantDegreeDays($input: TenantDegreeDaysInput!) {
    tenantDegreeDays(input: $input) {
      firstDay lastDay degreeDays days daysWithData normalDegreeDays normalYearSource normalYearCountry
      buckets { firstDay lastDay partial degreeDays days daysWithData normalDegreeDays }
    }
  }
`;

export const RenameRoomMutation = /* GraphQL */ `
  mutation RenameRoom($input: RenameRoomInput!) {
    renameRoom(input: $input) { name slug }
  }
`;

/**
 * Everything the dashboard shows from the tenant data service in one request (spec section 2): the
 * rating (with the efficient neighbours, ADR 0073), the unit's totals over the last 30 days and
 * today, and the forecasts of this month, this year and the billing year (ADR 0072). Parts the
 * unit has no meters for are left out with @include, so a request never asks for what cannot be
 * shown.
 */
export const DashboardQuery = /* GraphQL */ `
  query Dashboard(
    $tenancyId: Int!
    $ratingQuantity: String!
    $withRating: Boolean!
    $consumption: TenantTableInput!
    $withConsumption: Boolean!
    $climate: TenantTableInput!
    $withClimate: Boolean!
    $withForecasts: Boolean!
  ) {
    rating: consumptionRating(tenancyId: $tenancyId, quantity: $ratingQuantity, efficientNeighbours: true)
      @include(if: $withRating) {
      quantity letter periodBegin periodEnd value propertyAverage efficientNeighbours ratio unitsCompared expressedAs
    }
    consumption: tenantTable(table: $consumption) @include(if: $withConsumption) {
      quantityDescriptors { ${quantityDescriptorFields} }
      rows { values comparisonValues }
      comparedDays { firstDay lastDay until }
    }
    climate: tenantTable(table: $climate) @include(if: $withClimate) {
      quantityDescriptors { ${quantityDescriptorFields} }
      rows { values comparisonValues }
      comparedDays { firstDay lastDay until }
    }
    forecasts: tenantForecasts(tenancyId: $tenancyId) @include(if: $withForecasts) {
      quantity horizon firstDay lastDay daysPassed problem soFar expected low high method lastYear price currency
    }
  }
`;

// Alarms and notifications (backend/schema/tenant-alarms.graphql)

const alarmFields = /* GraphQL */ `
  id tenancyId quantity metricType type frequency level enabled createdAt updatedAt
  lastFiredAt lastFiredPeriodStart lastFiredPeriodEnd
`;

const notificationFields = /* GraphQL */ `
  id tenancyId alarmId kind quantity metricType alarmType frequency direction threshold value
  comparedValue periodStart periodEnd reportCode createdAt read readAt watchDays { date value }
`;

export const AlarmsQuery = /* GraphQL */ `
  query Alarms($tenancyId: Int!) {
    alarms(tenancyId: $tenancyId) { ${alarmFields} }
  }
`;

export const AlarmQuery = /* GraphQL */ `
  query Alarm($tenancyId: Int!, $alarmId: Int!) {
    alarm(tenancyId: $tenancyId, alarmId: $alarmId) { ${alarmFields} }
  }
`;

export const CreateAlarmMutation = /* GraphQL */ `
  mutation CreateAlarm($input: AlarmInput!) {
    createAlarm(input: $input) { ${alarmFields} }
  }
`;

export const UpdateAlarmMutation = /* GraphQL */ `
  mutation UpdateAlarm($alarmId: Int!, $input: AlarmInput!) {
    updateAlarm(alarmId: $alarmId, input: $input) { ${alarmFields} }
  }
`;

export const DeleteAlarmMutation = /* GraphQL */ `
  mutation DeleteAlarm($tenancyId: Int!, $alarmId: Int!) {
    deleteAlarm(tenancyId: $tenancyId, alarmId: $alarmId)
  }
`;

export const NotificationsQuery = /* GraphQL */ `
  query Notifications($tenancyId: Int!, $first: Int) {
    notifications(tenancyId: $tenancyId, first: $first) {
      items { ${notificationFields} }
      unreadCount
      totalCount
    }
  }
`;

export const NotificationQuery = /* GraphQL */ `
  query Notification($tenancyId: Int!, $notificationId: Int!) {
    notification(tenancyId: $tenancyId, notificationId: $notificationId) { ${notificationFields} }
  }
`;

export const MarkNotificationReadMutation = /* GraphQL */ `
  mutation MarkNotificationRead($tenancyId: Int!, $notificationId: Int!) {
    markNotificationRead(tenancyId: $tenancyId, notificationId: $notificationId) { ${notificationFields} }
  }
`;

export const MarkAllNotificationsReadMutation = /* GraphQL */ `
  mutation MarkAllNotificationsRead($tenancyId: Int!) {
    markAllNotificationsRead(tenancyId: $tenancyId)
  }
`;

// The watches (issue 47 items 1–3): the alarm settings' section and the dashboard's suggestion.

const watchFields = /* GraphQL */ `kind enabled available unavailableReason`;

export const WatchesQuery = /* GraphQL */ `
  query Watches($tenancyId: Int!) {
    watches(tenancyId: $tenancyId) {
      watches { ${watchFields} }
      suggestionDismissed
    }
  }
`;

export const SetWatchMutation = /* GraphQL */ `
  mutation SetWatch($tenancyId: Int!, $kind: WatchKind!, $enabled: Boolean!) {
    setWatch(tenancyId: $tenancyId, kind: $kind, enabled: $enabled) { ${watchFields} }
  }
`;

export const DismissWatchSuggestionMutation = /* GraphQL */ `
  mutation DismissWatchSuggestion($tenancyId: Int!) {
    dismissWatchSuggestion(tenancyId: $tenancyId)
  }
`;

/** The side menu's figures (ADR 0026): the unread count and the property's settings. */
export const TenancyMenuQuery = /* GraphQL */ `
  query TenancyMenu($tenancyId: Int!) {
    unreadNotificationCount(tenancyId: $tenancyId)
    propertySettings(tenancyId: $tenancyId) { kind }
  }
`;

// Allocation statements (backend/schema/tenant-statements.graphql)

export const AllocationStatementsQuery = /* GraphQL */ `
  query AllocationStatements($tenancyId: Int!) {
    allocationStatements(tenancyId: $tenancyId) { id fileName periodStart periodEnd expenseTypes sizeBytes contentType }
  }
`;

// The meter list

export const MeterReadoutsQuery = /* GraphQL */ `
  query MeterReadouts($tenancyId: Int!, $fromDate: String!, $toDate: String!) {
    meterReadouts(tenancyId: $tenancyId, fromDate: $fromDate, toDate: $toDate) {
      id meterNumber quantity roomName
      firstReadoutTimestamp firstReadoutValue lastReadoutTimestamp lastReadoutValue
      latestReadoutTimestamp latestReadoutValue
    }
  }
`;

// The monthly consumption report, read by its code without a token.

export const ConsumptionReportQuery = /* GraphQL */ `
  query ConsumptionReport($code: String!) {
    consumptionReport(code: $code) {
      availability
      report {
        month createdAt address zipcode city country
        quantities {
          quantity total previousMonth sameMonthLastYear propertyAverage co2Grams months { month value }
          weatherAdjustedPreviousMonth { ${weatherAdjustedFields} }
          weatherAdjustedSameMonthLastYear { ${weatherAdjustedFields} }
        }
        waterCost { currency prices { quantity pricePerLitre } cost previousCost }
      }
    }
  }
`;

export const TenantForecastsQuery = /* GraphQL */ `
  query TenantForecasts($tenancyId: Int!) {
    tenantForecasts(tenancyId: $tenancyId) {
      quantity horizon firstDay lastDay daysPassed problem soFar expected low high method lastYear price currency
    }
  }
`;
