/**
 * Alarms and notifications of the tenant data service (issue 14; contract in
 * docs/design/issue-14-alarms-contract.md; rules in common/alarms.ts). The spec names no calls
 * for them: these follow the style of the service's other calls. Every call needs a users-service
 * access token and answers only for the caller's own alarms and notifications on a tenancy they
 * hold. Errors: FORBIDDEN (not a member of the tenancy); ALARM_NOT_FOUND / NOTIFICATION_NOT_FOUND
 * (a missing id, another user's or another tenancy's: the same answer, so ids cannot be probed);
 * ALARM_INVALID with extensions.field ("quantity", "type", "frequency" or "level"),
 * extensions.reason (an alarms.error.* translation key) and extensions.values (the message's
 * numbers); TENANCY_ENDED (alarms of an ended tenancy can be read and deleted, not created or changed).
 */
export const tenantAlarmTypeDefs = /* GraphQL */ `
  extend type Query {
    "The caller's own alarms on a tenancy they hold, newest first."
    alarms(tenancyId: Int!): [Alarm!]!
    "One of the caller's alarms. ALARM_NOT_FOUND for a missing id, another user's or another tenancy's."
    alarm(tenancyId: Int!, alarmId: Int!): Alarm!
    "The caller's notifications on the tenancy: unread first, then newest first; at most first (default 100, max 500)."
    notifications(tenancyId: Int!, first: Int): NotificationPage!
    "One of the caller's notifications. NOTIFICATION_NOT_FOUND as for alarms."
    notification(tenancyId: Int!, notificationId: Int!): Notification!
    "How many of the caller's notifications on the tenancy are unread (the side menu's count)."
    unreadNotificationCount(tenancyId: Int!): Int!
  }

  extend type Mutation {
    """
    Creates an alarm for the caller on input.tenancyId. The quantity must be one the unit measures
    (it has a meter of it) and take the type (alarmTypesFor); the level must meet levelRule.
    Evaluation starts with the period the alarm is created in.
    """
    createAlarm(input: AlarmInput!): Alarm!
    """
    Changes one of the caller's alarms (input.tenancyId must be the alarm's tenancy). The changed
    alarm is evaluated as a new one from the period it is changed in; its notifications stay.
    """
    updateAlarm(alarmId: Int!, input: AlarmInput!): Alarm!
    "Deletes one of the caller's alarms; its notifications stay (without the link to it). True when deleted."
    deleteAlarm(tenancyId: Int!, alarmId: Int!): Boolean!
    "Marks one of the caller's notifications read (idempotent: readAt is the first time)."
    markNotificationRead(tenancyId: Int!, notificationId: Int!): Notification!
    "Marks every unread notification of the caller on the tenancy read; returns how many."
    markAllNotificationsRead(tenancyId: Int!): Int!
  }

  input AlarmInput {
    tenancyId: Int!
    "A quantity identifier of spec section 3, e.g. heat-energy or indoor-relative-humidity."
    quantity: String!
    type: AlarmType!
    frequency: AlarmFrequency!
    "In the quantity's unit (a percentage for COMPARISON); ignored and stored as 0 for ZERO."
    level: Float
    enabled: Boolean = true
  }

  """
  THRESHOLD: the period's total above level (label Total); COMPARISON: the total at least level %
  above the previous period of the same length (label Increase); ZERO: the total above 0;
  MINIMUM / MAXIMUM (indoor climate): the period's average of the hourly values below / above level.
  """
  enum AlarmType {
    THRESHOLD
    COMPARISON
    ZERO
    MINIMUM
    MAXIMUM
  }

  "Calendar periods in Europe/Copenhagen; weeks start on Monday."
  enum AlarmFrequency {
    DAY
    WEEK
    MONTH
    YEAR
  }

  "Spec section 3's notification kinds."
  enum NotificationKind {
    HIGH_CONSUMPTION
    ZERO_CONSUMPTION
    INDOOR_CLIMATE
    CONSUMPTION_REPORT
  }

  enum NotificationDirection {
    ABOVE
    BELOW
    INCREASE
  }

  type Alarm {
    id: Int!
    tenancyId: Int!
    quantity: String!
    "Spec section 3's metric type, e.g. heating, water, electricity, temperature, humidity."
    metricType: String!
    type: AlarmType!
    frequency: AlarmFrequency!
    level: Float!
    enabled: Boolean!
    "ISO 8601 instants."
    createdAt: String!
    updatedAt: String!
    "When this alarm last made a notification, and for which period (local dates, inclusive); null if never."
    lastFiredAt: String
    lastFiredPeriodStart: String
    lastFiredPeriodEnd: String
  }

  type Notification {
    id: Int!
    tenancyId: Int!
    "Null for a consumption report, or when the alarm has been deleted."
    alarmId: Int
    kind: NotificationKind!
    quantity: String
    metricType: String
    alarmType: AlarmType
    frequency: AlarmFrequency
    direction: NotificationDirection
    "The alarm's level when it fired (a percentage for INCREASE)."
    threshold: Float
    "The period's total or average; for INCREASE the increase in %."
    value: Float
    "INCREASE only: the previous period's total."
    comparedValue: Float
    "Local Copenhagen dates, inclusive."
    periodStart: String!
    periodEnd: String!
    "CONSUMPTION_REPORT only: the report's code."
    reportCode: String
    createdAt: String!
    read: Boolean!
    readAt: String
  }

  type NotificationPage {
    items: [Notification!]!
    unreadCount: Int!
    totalCount: Int!
  }
`;
