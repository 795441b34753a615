import type { AlarmFrequency, AlarmType, NotificationDirection, NotificationKind } from "@common/alarms";
import type { WatchKind } from "@common/watches";
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
  leak_watch: "LEAK_WATCH",
  heating_left_on: "HEATING_LEFT_ON",
});
const notificationDirections = enumMapping<NotificationDirection, Wire.NotificationDirection>({
  above: "ABOVE",
  below: "BELOW",
  increase: "INCREASE",
});

export const watchKinds = enumMapping<WatchKind, Wire.WatchKind>({
  leak: "LEAK",
  heating_left_on: "HEATING_LEFT_ON",
});
/** Why a watch is not offered, in the domain's words (the page says it in the resident's). */
export type WatchUnavailableReason = "no_hourly_values" | "not_measured" | "no_outdoor_temperature";
const watchUnavailableReasons = enumMapping<WatchUnavailableReason, Wire.WatchUnavailableReason>({
  no_hourly_values: "NO_HOURLY_VALUES",
  not_measured: "NOT_MEASURED",
  no_outdoor_temperature: "NO_OUTDOOR_TEMPERATURE",
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
  watchDays: z.array(z.looseObject({ date: isoDate, value: z.number() })).nullable(),
});

/** A watch as the routes hold it: the generated answer with the domain's enum values. */
export type Watch = Omit<Wire.SetWatchMutation["setWatch"], "kind" | "unavailableReason"> & {
  kind: WatchKind;
  unavailableReason: WatchUnavailableReason | null;
};
export interface WatchSettings {
  watches: Watch[];
  suggestionDismissed: boolean;
}

/** A watch's enums read into the domain's values; a watch not offered always says why. */
const watchRules = z
  .looseObject({
    kind: watchKinds.schema,
    enabled: z.boolean(),
    available: z.boolean(),
    unavailableReason: watchUnavailableReasons.schema.nullable(),
  })
  .refine((watch) => watch.available || watch.unavailableReason !== null, "a watch not offered names its reason");

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
export const watchesResponse = answerRules<Wire.WatchesQuery, { watches: WatchSettings }>()(
  z.looseObject({ watches: z.looseObject({ watches: z.array(watchRules) }) }),
);
export const setWatchResponse = answerRules<Wire.SetWatchMutation, { setWatch: Watch }>()(
  z.looseObject({ setWatch: watchRules }),
);
export const dismissWatchSuggestionResponse = answerRules<Wire.DismissWatchSuggestionMutation>()(z.looseObject({}));
export const tenancyMenuResponse = answerRules<Wire.TenancyMenuQuery>()(z.looseObject({}));
export type TenancyMenu = Wire.TenancyMenuQuery;
