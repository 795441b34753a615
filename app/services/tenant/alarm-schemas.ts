import type { AlarmFrequency, AlarmType, NotificationDirection, NotificationKind } from "@common/alarms";
import { z } from "zod";
import {
  answerSchema,
  enumMapping,
  fieldAnswer,
  isoDate,
  propertySettings,
  nullableValue as value,
} from "../answer-parts";
import type * as Wire from "./graphql.generated";

/** Shapes of the tenant data service's alarm and notification answers (tenant-alarms.graphql). */

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

export const alarmsResponse = fieldAnswer<Wire.AlarmsQuery>()("alarms", z.array(alarmSchema));
export const alarmResponse = fieldAnswer<Wire.AlarmQuery>()("alarm", alarmSchema);
export const createAlarmResponse = fieldAnswer<Wire.CreateAlarmMutation>()("createAlarm", alarmSchema);
export const updateAlarmResponse = fieldAnswer<Wire.UpdateAlarmMutation>()("updateAlarm", alarmSchema);
export const deleteAlarmResponse = fieldAnswer<Wire.DeleteAlarmMutation>()("deleteAlarm", z.boolean());
export const notificationsResponse = fieldAnswer<Wire.NotificationsQuery>()(
  "notifications",
  z.object({
    items: z.array(notificationSchema),
    unreadCount: z.number().int(),
    totalCount: z.number().int(),
  }),
);
export const notificationResponse = fieldAnswer<Wire.NotificationQuery>()("notification", notificationSchema);
export const markNotificationReadResponse = fieldAnswer<Wire.MarkNotificationReadMutation>()(
  "markNotificationRead",
  notificationSchema,
);
export const markAllNotificationsReadResponse = fieldAnswer<Wire.MarkAllNotificationsReadMutation>()(
  "markAllNotificationsRead",
  z.number().int(),
);
export const tenancyMenuResponse = answerSchema<Wire.TenancyMenuQuery>()(
  z.object({
    unreadNotificationCount: z.number().int(),
    propertySettings,
  }),
);
export type TenancyMenu = z.infer<typeof tenancyMenuResponse>;
