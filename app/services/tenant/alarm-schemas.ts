import type { AlarmFrequency, AlarmType, NotificationDirection, NotificationKind } from "@common/alarms";
import { z } from "zod";
import { answerRules, enumMapping, isoDate } from "../answer-parts";
import type * as Wire from "./graphql.generated";

/** Shapes of the tenant data service's alarm and notification answers (tenant-alarms.graphql). */

/** An instant as the service writes it (non-empty; the routes format it). */
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

type WireAlarm = Wire.AlarmQuery["alarm"];
type WireNotification = Wire.NotificationQuery["notification"];

/** An alarm as the routes hold it: the generated answer with the domain's enum values. */
export type Alarm = Omit<WireAlarm, "type" | "frequency"> & { type: AlarmType; frequency: AlarmFrequency };
/** A notification as the routes hold it: the generated answer with the domain's enum values. */
export type Notification = Omit<WireNotification, "kind" | "alarmType" | "frequency" | "direction"> & {
  kind: NotificationKind;
  alarmType: AlarmType | null;
  frequency: AlarmFrequency | null;
  direction: NotificationDirection | null;
};

/**
 * What an alarm answer must be beyond its generated type (answer-shapes.ts checks that, ADR 0064):
 * instants and dates in their formats; its enums read into the domain's values.
 */
const alarmRules = z.looseObject({
  type: alarmTypes.schema,
  frequency: alarmFrequencies.schema,
  createdAt: instant,
  updatedAt: instant,
  lastFiredAt: instant.nullable(),
  lastFiredPeriodStart: isoDate.nullable(),
  lastFiredPeriodEnd: isoDate.nullable(),
});

/** The same for a notification: its dates and instants, its enums read into the domain's values. */
const notificationRules = z.looseObject({
  kind: notificationKinds.schema,
  alarmType: alarmTypes.schema.nullable(),
  frequency: alarmFrequencies.schema.nullable(),
  direction: notificationDirections.schema.nullable(),
  periodStart: isoDate,
  periodEnd: isoDate,
  createdAt: instant,
  readAt: instant.nullable(),
});

/** An alarm's settings as the routes hold them: the generated input with the domain's enum values. */
export type AlarmInput = Omit<Wire.AlarmInput, "type" | "frequency"> & { type: AlarmType; frequency: AlarmFrequency };

export const alarmsResponse = answerRules<Wire.AlarmsQuery, { alarms: Alarm[] }>()(
  z.looseObject({ alarms: z.array(alarmRules) }),
);
export const alarmResponse = answerRules<Wire.AlarmQuery, { alarm: Alarm }>()(z.looseObject({ alarm: alarmRules }));
export const createAlarmResponse = answerRules<Wire.CreateAlarmMutation, { createAlarm: Alarm }>()(
  z.looseObject({ createAlarm: alarmRules }),
);
export const updateAlarmResponse = answerRules<Wire.UpdateAlarmMutation, { updateAlarm: Alarm }>()(
  z.looseObject({ updateAlarm: alarmRules }),
);
export const deleteAlarmResponse = answerRules<Wire.DeleteAlarmMutation>()(z.looseObject({}));
export const notificationsResponse = answerRules<
  Wire.NotificationsQuery,
  { notifications: Omit<Wire.NotificationsQuery["notifications"], "items"> & { items: Notification[] } }
>()(z.looseObject({ notifications: z.looseObject({ items: z.array(notificationRules) }) }));
export const notificationResponse = answerRules<Wire.NotificationQuery, { notification: Notification }>()(
  z.looseObject({ notification: notificationRules }),
);
export const markNotificationReadResponse = answerRules<
  Wire.MarkNotificationReadMutation,
  { markNotificationRead: Notification }
>()(z.looseObject({ markNotificationRead: notificationRules }));
export const markAllNotificationsReadResponse = answerRules<Wire.MarkAllNotificationsReadMutation>()(z.looseObject({}));
export const tenancyMenuResponse = answerRules<Wire.TenancyMenuQuery>()(z.looseObject({}));
export type TenancyMenu = Wire.TenancyMenuQuery;
