/**
 * Resolvers of the alarms and notifications calls (schema/tenant-alarms.graphql). A resident
 * sees and changes only their own alarms and notifications, only on tenancies they hold, only for
 * quantities their unit measures. Every id that is not the caller's on that tenancy answers
 * ALARM_NOT_FOUND or NOTIFICATION_NOT_FOUND and changes nothing.
 */

import {
  type AlarmFrequency,
  type AlarmType,
  alarmTypesFor,
  isAlarmFrequency,
  isAlarmType,
  levelErrorReason,
  metricTypeOf,
  type NotificationDirection,
  type NotificationKind,
  validateLevelNumber,
} from "@common/alarms";
import type { AlarmInvalidReason } from "@common/graphql-enums.generated";
import { isQuantityId } from "@common/quantities";
import type { Kysely, Selectable } from "kysely";
import { metersForQuantity } from "../consumption/engine";
import type { AlarmsTable, Database, NotificationsTable, TenancyRow } from "../db/types";
import type { Alarm, AlarmInput, Notification, WatchDay } from "../schema/tenant.generated";
import { callerAndTenancy } from "./access";
import type { ServiceContext } from "./context";
import { serviceError } from "./errors";
import { hasEnded } from "./tenant-rooms";

type AlarmRow = Selectable<AlarmsTable>;
type NotificationRow = Selectable<NotificationsTable>;

/**
 * The one place the GraphQL enums meet the domain's values: graphql-tools answers and parses the
 * wire names (THRESHOLD) while every resolver sees and returns the domain's (threshold).
 */
export const alarmEnumResolvers = {
  AlarmType: { THRESHOLD: "threshold", COMPARISON: "comparison", ZERO: "zero", MINIMUM: "minimum", MAXIMUM: "maximum" },
  AlarmFrequency: { DAY: "day", WEEK: "week", MONTH: "month", YEAR: "year" },
  NotificationKind: {
    HIGH_CONSUMPTION: "high_consumption",
    ZERO_CONSUMPTION: "zero_consumption",
    INDOOR_CLIMATE: "indoor_climate",
    CONSUMPTION_REPORT: "consumption_report",
    LEAK_WATCH: "leak_watch",
    HEATING_LEFT_ON: "heating_left_on",
  },
  NotificationDirection: { ABOVE: "above", BELOW: "below", INCREASE: "increase" },
} as const satisfies {
  AlarmType: Record<string, AlarmType>;
  AlarmFrequency: Record<string, AlarmFrequency>;
  NotificationKind: Record<string, NotificationKind>;
  NotificationDirection: Record<string, NotificationDirection>;
};

function metricTypeOrNull(quantity: string | null): string | null {
  return quantity !== null && isQuantityId(quantity) ? metricTypeOf(quantity) : quantity;
}

interface LastFired {
  created_at: string;
  period_start: string;
  period_end: string;
}

function alarmResult(row: AlarmRow, last: LastFired | undefined): Alarm {
  return {
    id: row.id,
    tenancyId: row.tenancy_id,
    quantity: row.quantity,
    metricType: metricTypeOrNull(row.quantity) ?? row.quantity,
    type: row.type,
    frequency: row.frequency,
    level: row.level,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastFiredAt: last?.created_at ?? null,
    lastFiredPeriodStart: last?.period_start ?? null,
    lastFiredPeriodEnd: last?.period_end ?? null,
  };
}

/** A watch notification's nights or days as stored (a JSON array of {date, value}); null for other kinds. */
function watchDaysOf(stored: string | null): WatchDay[] | null {
  if (stored === null) return null;
  const days = JSON.parse(stored) as { date: string; value: number }[];
  return days.map(({ date, value }) => ({ date, value }));
}

export function notificationResult(row: NotificationRow): Notification {
  return {
    id: row.id,
    tenancyId: row.tenancy_id,
    alarmId: row.alarm_id,
    kind: row.kind,
    quantity: row.quantity,
    metricType: metricTypeOrNull(row.quantity),
    alarmType: row.alarm_type !== null && isAlarmType(row.alarm_type) ? row.alarm_type : null,
    frequency: row.frequency !== null && isAlarmFrequency(row.frequency) ? row.frequency : null,
    direction: row.direction,
    threshold: row.threshold,
    value: row.value,
    comparedValue: row.compared_value,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    reportCode: row.report_code,
    watchDays: watchDaysOf(row.watch_days),
    createdAt: row.created_at,
    read: row.read_at !== null,
    readAt: row.read_at,
  };
}

/** The newest notification of each alarm (when it last fired). */
async function lastFiredOf(db: Kysely<Database>, alarmIds: number[]): Promise<Map<number, LastFired>> {
  if (alarmIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("notifications")
    .select(["alarm_id", "created_at", "period_start", "period_end"])
    .where("alarm_id", "in", alarmIds)
    .orderBy("period_start", "desc")
    .orderBy("id", "desc")
    .execute();
  const last = new Map<number, LastFired>();
  for (const row of rows) if (row.alarm_id !== null && !last.has(row.alarm_id)) last.set(row.alarm_id, row);
  return last;
}

const alarmNotFound = () => serviceError("ALARM_NOT_FOUND");
const notificationNotFound = () => serviceError("NOTIFICATION_NOT_FOUND");
/** ALARM_INVALID: the field, the reason's code (never the portal's text) and the limits it names. */
const invalid = (field: string, reason: AlarmInvalidReason, values?: Record<string, number>) =>
  serviceError("ALARM_INVALID", undefined, { field, reason, ...(values === undefined ? {} : { values }) });

/** A positive integer id, or null (a forged id is simply not found). */
function idOf(value: number): number | null {
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * The caller's own alarm or notification on the tenancy, or undefined: another user's, another
 * tenancy's and a forged id are all simply not found.
 */
async function ownRow<T extends "alarms" | "notifications">(
  ctx: ServiceContext,
  table: T,
  userId: number,
  tenancyId: number,
  rowId: number,
): Promise<Selectable<Database[T]> | undefined> {
  const id = idOf(rowId);
  if (id === null) return undefined;
  // Kysely cannot type a query over a table named by a type parameter: the query is typed over
  // both tables (they share these columns) and its row is the named table's.
  const row = await ctx.db
    .selectFrom(table as "alarms" | "notifications")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("tenancy_id", "=", tenancyId)
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/**
 * The caller's own alarm in the tenancy, with the tenancy, the caller's membership checked first
 * (callerAndTenancy); ALARM_NOT_FOUND for anyone else's.
 */
async function callersAlarm(
  ctx: ServiceContext,
  tenancyId: number,
  alarmId: number,
): Promise<{ tenancy: TenancyRow; alarm: AlarmRow }> {
  const { caller, tenancy } = await callerAndTenancy(ctx, tenancyId);
  const alarm = await ownRow(ctx, "alarms", caller.id, tenancy.id, alarmId);
  if (alarm === undefined) throw alarmNotFound();
  return { tenancy, alarm };
}

/**
 * The caller's own notification in the tenancy, the caller's membership checked first
 * (callerAndTenancy); NOTIFICATION_NOT_FOUND for anyone else's.
 */
async function callersNotification(
  ctx: ServiceContext,
  tenancyId: number,
  notificationId: number,
): Promise<NotificationRow> {
  const { caller, tenancy } = await callerAndTenancy(ctx, tenancyId);
  const row = await ownRow(ctx, "notifications", caller.id, tenancy.id, notificationId);
  if (row === undefined) throw notificationNotFound();
  return row;
}

/** The alarm's settings as stored, or ALARM_INVALID naming the field and the reason. */
async function validInput(
  db: Kysely<Database>,
  tenancy: TenancyRow,
  input: AlarmInput,
): Promise<{ quantity: string; type: AlarmType; frequency: AlarmFrequency; level: number; enabled: 0 | 1 }> {
  const { type, frequency } = input;
  if (!isAlarmType(type)) throw invalid("type", "TYPE_REQUIRED");
  if (!isAlarmFrequency(frequency)) throw invalid("frequency", "FREQUENCY_REQUIRED");
  if (!isQuantityId(input.quantity)) throw invalid("quantity", "QUANTITY_NOT_MEASURED");
  const meters = await db
    .selectFrom("meters")
    .select(["id", "quantity"])
    .where("unit_id", "=", tenancy.unit_id)
    .execute();
  if (metersForQuantity(meters, input.quantity).length === 0) throw invalid("quantity", "QUANTITY_NOT_MEASURED");
  if (!alarmTypesFor(input.quantity).includes(type)) throw invalid("type", "TYPE_NOT_FOR_QUANTITY");
  const level = validateLevelNumber(type, input.quantity, input.level);
  if (!level.ok)
    throw invalid("level", levelErrorReason(level.error), "values" in level.error ? level.error.values : undefined);
  return { quantity: input.quantity, type, frequency, level: level.level, enabled: input.enabled === false ? 0 : 1 };
}

/** Only a tenancy that has not ended can have its alarms created or changed. */
function assertNotEnded(tenancy: TenancyRow, now: Date): void {
  if (hasEnded(tenancy, now)) throw serviceError("TENANCY_ENDED");
}

const maxNotificationsPerPage = 500;

export const tenantAlarmQueries = {
  async alarms(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<Alarm[]> {
    const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
    const rows = await ctx.db
      .selectFrom("alarms")
      .selectAll()
      .where("user_id", "=", caller.id)
      .where("tenancy_id", "=", tenancy.id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const last = await lastFiredOf(
      ctx.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => alarmResult(row, last.get(row.id)));
  },

  async alarm(_: unknown, args: { tenancyId: number; alarmId: number }, ctx: ServiceContext): Promise<Alarm> {
    const { alarm: row } = await callersAlarm(ctx, args.tenancyId, args.alarmId);
    return alarmResult(row, (await lastFiredOf(ctx.db, [row.id])).get(row.id));
  },

  async notifications(
    _: unknown,
    args: { tenancyId: number; first?: number | null },
    ctx: ServiceContext,
  ): Promise<{ items: Notification[]; unreadCount: number; totalCount: number }> {
    const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
    const first = Math.min(Math.max(Math.trunc(args.first ?? 100), 0), maxNotificationsPerPage);
    const mine = ctx.db
      .selectFrom("notifications")
      .where("user_id", "=", caller.id)
      .where("tenancy_id", "=", tenancy.id);
    const [rows, counts] = await Promise.all([
      mine
        .selectAll()
        // Unread first, then newest first.
        .orderBy((eb) => eb.case().when("read_at", "is", null).then(0).else(1).end())
        .orderBy("created_at", "desc")
        .orderBy("period_start", "desc")
        .orderBy("id", "desc")
        .limit(first)
        .execute(),
      mine
        .select((eb) => [
          eb.fn.countAll<number>().as("total"),
          eb.fn.sum<number>(eb.case().when("read_at", "is", null).then(1).else(0).end()).as("unread"),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map(notificationResult),
      unreadCount: Number(counts.unread ?? 0),
      totalCount: Number(counts.total),
    };
  },

  async notification(
    _: unknown,
    args: { tenancyId: number; notificationId: number },
    ctx: ServiceContext,
  ): Promise<Notification> {
    return notificationResult(await callersNotification(ctx, args.tenancyId, args.notificationId));
  },

  async unreadNotificationCount(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<number> {
    const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
    const row = await ctx.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("unread"))
      .where("user_id", "=", caller.id)
      .where("tenancy_id", "=", tenancy.id)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.unread);
  },
};

export const tenantAlarmMutations = {
  async createAlarm(_: unknown, { input }: { input: AlarmInput }, ctx: ServiceContext): Promise<Alarm> {
    const { caller, tenancy } = await callerAndTenancy(ctx, input.tenancyId);
    assertNotEnded(tenancy, ctx.now);
    const settings = await validInput(ctx.db, tenancy, input);
    const at = ctx.now.toISOString();
    const row = await ctx.db
      .insertInto("alarms")
      .values({ user_id: caller.id, tenancy_id: tenancy.id, ...settings, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return alarmResult(row, undefined);
  },

  async updateAlarm(
    _: unknown,
    { alarmId, input }: { alarmId: number; input: AlarmInput },
    ctx: ServiceContext,
  ): Promise<Alarm> {
    const { tenancy, alarm: existing } = await callersAlarm(ctx, input.tenancyId, alarmId);
    assertNotEnded(tenancy, ctx.now);
    const settings = await validInput(ctx.db, tenancy, input);
    return ctx.db.transaction().execute(async (trx) => {
      // Changed settings are a new rule: it is evaluated from the period it is changed in
      // (updated_at), never retroactively over the periods the old rule already judged.
      await trx.deleteFrom("alarm_evaluations").where("alarm_id", "=", existing.id).execute();
      const row = await trx
        .updateTable("alarms")
        .set({ ...settings, updated_at: ctx.now.toISOString() })
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return alarmResult(row, (await lastFiredOf(trx, [row.id])).get(row.id));
    });
  },

  async deleteAlarm(_: unknown, args: { tenancyId: number; alarmId: number }, ctx: ServiceContext): Promise<boolean> {
    const { alarm: existing } = await callersAlarm(ctx, args.tenancyId, args.alarmId);
    const result = await ctx.db.deleteFrom("alarms").where("id", "=", existing.id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  async markNotificationRead(
    _: unknown,
    args: { tenancyId: number; notificationId: number },
    ctx: ServiceContext,
  ): Promise<Notification> {
    const existing = await callersNotification(ctx, args.tenancyId, args.notificationId);
    if (existing.read_at !== null) return notificationResult(existing);
    const row = await ctx.db
      .updateTable("notifications")
      .set({ read_at: ctx.now.toISOString() })
      .where("id", "=", existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return notificationResult(row);
  },

  async markAllNotificationsRead(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<number> {
    const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
    const result = await ctx.db
      .updateTable("notifications")
      .set({ read_at: ctx.now.toISOString() })
      .where("user_id", "=", caller.id)
      .where("tenancy_id", "=", tenancy.id)
      .where("read_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
