import type { ErrorCode } from "@common/error-codes";
import { ApiError, type GraphQLService, oneFieldRequests } from "../graphql.server";
import {
  type Alarm,
  type AlarmInput,
  alarmFrequencies,
  alarmResponse,
  alarmsResponse,
  alarmTypes,
  createAlarmResponse,
  deleteAlarmResponse,
  dismissWatchSuggestionResponse,
  markAllNotificationsReadResponse,
  markNotificationReadResponse,
  type Notification,
  notificationResponse,
  notificationsResponse,
  setWatchResponse,
  type TenancyMenu,
  tenancyMenuResponse,
  updateAlarmResponse,
  type Watch,
  type WatchSettings,
  watchesResponse,
  watchKinds,
} from "./alarm-schemas";
import {
  type AllocationStatement,
  allocationStatementsResponse,
  type ConsumptionReportAnswer,
  consumptionReportResponse,
  type MeterReadout,
  meterReadoutsResponse,
} from "./document-schemas";
import {
  AlarmDocument,
  AlarmsDocument,
  AllocationStatementsDocument,
  ConsumptionRatingDocument,
  ConsumptionReportDocument,
  CreateAlarmDocument,
  DashboardDocument,
  DeleteAlarmDocument,
  DismissWatchSuggestionDocument,
  MarkAllNotificationsReadDocument,
  MarkNotificationReadDocument,
  MeterReadoutsDocument,
  NotificationDocument,
  NotificationsDocument,
  QuantityPricesDocument,
  ReadoutMinMaxDocument,
  RenameRoomDocument,
  SetWatchDocument,
  TenancyMenuDocument,
  TenantDegreeDaysDocument,
  TenantGraphDocument,
  TenantTableDocument,
  TenantUnitsDocument,
  UnitQuantityKpisDocument,
  UpdateAlarmDocument,
  WatchesDocument,
} from "./graphql.generated";
import {
  type ConsumptionRating,
  consumptionRatingResponse,
  type DashboardData,
  dashboardResponse,
  type QuantityPrice,
  quantityPricesResponse,
  type ReadoutMinMax,
  type ReadoutMinMaxInput,
  type RenameRoomInput,
  type Room,
  readoutMinMaxResponse,
  renameRoomResponse,
  type TenantDegreeDays,
  type TenantDegreeDaysInput,
  type TenantGraphInput,
  type TenantGraphResult,
  type TenantTable,
  type TenantTableInput,
  tenantDegreeDaysResponse,
  tenantGraphResponse,
  tenantTableResponse,
  tenantUnitsResponse,
  type UnitQuantityKpis,
  type UnitQuantityKpisInput,
  unitQuantityKpisResponse,
} from "./schemas";

/**
 * The codes renameRoom answers with for a room or a name it refuses (common/error-codes.ts);
 * the route maps them to texts. FORBIDDEN (not a member, or the tenancy has ended) is not among
 * them: graphql.server.ts treats it as "sign in again".
 */
export const roomRenameErrorCodes = [
  "ROOM_NOT_FOUND",
  "ROOM_NAME_INVALID",
  "ROOM_NAME_TAKEN",
] as const satisfies readonly ErrorCode[];
export type RoomRenameErrorCode = (typeof roomRenameErrorCodes)[number];

/** Whether an error is renameRoom refusing the room or the new name. */
export function isRoomRenameError(error: unknown): error is ApiError & { code: RoomRenameErrorCode } {
  return error instanceof ApiError && (roomRenameErrorCodes as readonly string[]).includes(error.code);
}

/**
 * The codes the alarm calls answer with for an id that is not the caller's (or does not exist),
 * settings they refuse, or a tenancy that has ended; the routes map them to pages and texts.
 */
export const alarmErrorCodes = [
  "ALARM_NOT_FOUND",
  "NOTIFICATION_NOT_FOUND",
  "ALARM_INVALID",
  "TENANCY_ENDED",
  "WATCH_UNAVAILABLE",
] as const satisfies readonly ErrorCode[];
export type AlarmErrorCode = (typeof alarmErrorCodes)[number];

export function isAlarmError(error: unknown, code?: AlarmErrorCode): error is ApiError & { code: AlarmErrorCode } {
  return (
    error instanceof ApiError &&
    (code === undefined ? (alarmErrorCodes as readonly string[]).includes(error.code) : error.code === code)
  );
}

/** The tenant service's mutations: never started on a guess (api.server.ts). */
export const tenantMutationNames = [
  "renameRoom",
  "createAlarm",
  "updateAlarm",
  "deleteAlarm",
  "markNotificationRead",
  "markAllNotificationsRead",
  "setWatch",
  "dismissWatchSuggestion",
] as const;

function alarmInputOnWire(input: AlarmInput) {
  return { ...input, type: alarmTypes.toWire(input.type), frequency: alarmFrequencies.toWire(input.frequency) };
}

/** Operations of the tenant data service (spec section 7). Queries are memoized per request. */
export function tenantService(gql: GraphQLService) {
  const field = oneFieldRequests(gql);
  return {
    async tenantUnits() {
      return field(TenantUnitsDocument, {}, tenantUnitsResponse);
    },

    /** Values per bucket of one or more quantities of the tenancy's unit, with comparisons. */
    async graph(input: TenantGraphInput): Promise<TenantGraphResult> {
      return field(TenantGraphDocument, { graph: input }, tenantGraphResponse);
    },

    /** Totals over a period per unit, room or meter and quantity. */
    async table(input: TenantTableInput): Promise<TenantTable> {
      return field(TenantTableDocument, { table: input }, tenantTableResponse);
    },

    /** Key figures of one quantity over a period: total, comparisons, per room and per meter. */
    async kpis(input: UnitQuantityKpisInput): Promise<UnitQuantityKpis> {
      return field(UnitQuantityKpisDocument, { input }, unitQuantityKpisResponse);
    },

    /** Heating degree days of the tenancy's property over a period, in buckets of a resolution (ADR 0070). */
    async degreeDays(input: TenantDegreeDaysInput): Promise<TenantDegreeDays> {
      return field(TenantDegreeDaysDocument, { input }, tenantDegreeDaysResponse);
    },

    /** The first and last raw readout of a meter within the dates (clamped to the tenancy). */
    async readoutMinMax(input: ReadoutMinMaxInput): Promise<ReadoutMinMax> {
      const { tenancyId, meterNumber, quantity, fromDate, toDate } = input;
      return field(
        ReadoutMinMaxDocument,
        { tenancyId, meterNumber, quantity, fromDate, toDate },
        readoutMinMaxResponse,
      );
    },

    /** Prices of each quantity valid at some point in [periodBegin, periodEnd] (YYYY-MM-DD). */
    async quantityPrices(input: { periodBegin: string; periodEnd: string }): Promise<QuantityPrice[]> {
      const { periodBegin, periodEnd } = input;
      return field(QuantityPricesDocument, { input: { periodBegin, periodEnd } }, quantityPricesResponse);
    },

    /** The rating A+..G of the unit's consumption against the property (letter null without enough data). */
    async consumptionRating(input: { tenancyId: number; quantity: string }): Promise<ConsumptionRating> {
      const { tenancyId, quantity } = input;
      return field(ConsumptionRatingDocument, { tenancyId, quantity }, consumptionRatingResponse);
    },

    /**
     * The dashboard's figures in one request: the rating of `ratingQuantity` (with the efficient
     * neighbours), the unit's totals for the two tables (each left out when null) and the forecasts.
     */
    async dashboard(input: {
      tenancyId: number;
      ratingQuantity: string | null;
      consumption: TenantTableInput | null;
      climate: TenantTableInput | null;
      /** This month's, this year's and the billing year's forecasts (ADR 0072) of the unit's quantities. */
      forecasts: boolean;
    }): Promise<DashboardData> {
      const none: TenantTableInput = { tenancyId: input.tenancyId, quantities: [], periodBegin: "", periodEnd: "" };
      return gql.request(
        DashboardDocument,
        {
          tenancyId: input.tenancyId,
          ratingQuantity: input.ratingQuantity ?? "",
          withRating: input.ratingQuantity !== null,
          consumption: input.consumption ?? none,
          withConsumption: input.consumption !== null,
          climate: input.climate ?? none,
          withClimate: input.climate !== null,
          withForecasts: input.forecasts,
        },
        dashboardResponse,
        "Invalid dashboard response",
      );
    },

    /** A monthly report by its code (no token needed): AVAILABLE with the report, GONE or NOT_FOUND. */
    async consumptionReport(code: string): Promise<ConsumptionReportAnswer> {
      return field(ConsumptionReportDocument, { code }, consumptionReportResponse);
    },

    /** Every meter of the unit with its readouts in the range and its latest one (the meter list). */
    async meterReadouts(input: { tenancyId: number; fromDate: string; toDate: string }): Promise<MeterReadout[]> {
      const { tenancyId, fromDate, toDate } = input;
      return field(MeterReadoutsDocument, { tenancyId, fromDate, toDate }, meterReadoutsResponse);
    },

    /** The tenancy's allocation statements, newest period first. */
    async allocationStatements(tenancyId: number): Promise<AllocationStatement[]> {
      return field(AllocationStatementsDocument, { tenancyId }, allocationStatementsResponse);
    },

    /** The caller's alarms on the tenancy, newest first. */
    async alarms(tenancyId: number): Promise<Alarm[]> {
      return field(AlarmsDocument, { tenancyId }, alarmsResponse);
    },

    /** One of the caller's alarms; ALARM_NOT_FOUND (an ApiError) for any other id. */
    async alarm(tenancyId: number, alarmId: number): Promise<Alarm> {
      return field(AlarmDocument, { tenancyId, alarmId }, alarmResponse);
    },

    /** The caller's notifications on the tenancy, unread first, with the counts. */
    async notifications(tenancyId: number, first = 100) {
      return field(NotificationsDocument, { tenancyId, first }, notificationsResponse);
    },

    async notification(tenancyId: number, notificationId: number): Promise<Notification> {
      return field(NotificationDocument, { tenancyId, notificationId }, notificationResponse);
    },

    /**
     * The side menu's unread count and the property's settings, in one call, shared with the
     * token's other requests for a few seconds (api.server.ts, ADR 0026).
     */
    async tenancyMenu(tenancyId: number): Promise<TenancyMenu> {
      return gql.request(TenancyMenuDocument, { tenancyId }, tenancyMenuResponse, "Invalid tenancyMenu response", {
        shared: true,
      });
    },

    async createAlarm(input: AlarmInput): Promise<Alarm> {
      return field(CreateAlarmDocument, { input: alarmInputOnWire(input) }, createAlarmResponse);
    },

    async updateAlarm(alarmId: number, input: AlarmInput): Promise<Alarm> {
      return field(UpdateAlarmDocument, { alarmId, input: alarmInputOnWire(input) }, updateAlarmResponse);
    },

    async deleteAlarm(tenancyId: number, alarmId: number): Promise<boolean> {
      return field(DeleteAlarmDocument, { tenancyId, alarmId }, deleteAlarmResponse);
    },

    async markNotificationRead(tenancyId: number, notificationId: number): Promise<Notification> {
      return field(MarkNotificationReadDocument, { tenancyId, notificationId }, markNotificationReadResponse);
    },

    /** Marks every unread notification of the caller on the tenancy read; how many. */
    async markAllNotificationsRead(tenancyId: number): Promise<number> {
      return field(MarkAllNotificationsReadDocument, { tenancyId }, markAllNotificationsReadResponse);
    },

    /** The caller's watches on the tenancy (both kinds, leak first) and whether the dashboard's suggestion is done with. */
    async watches(tenancyId: number): Promise<WatchSettings> {
      return field(WatchesDocument, { tenancyId }, watchesResponse);
    },

    /** Turns one of the caller's watches on or off; WATCH_UNAVAILABLE (an ApiError) when it is not offered. */
    async setWatch(tenancyId: number, kind: Watch["kind"], enabled: boolean): Promise<Watch> {
      return field(SetWatchDocument, { tenancyId, kind: watchKinds.toWire(kind), enabled }, setWatchResponse);
    },

    /** The dashboard's suggestion to turn the watches on is not shown again to the caller on the tenancy. */
    async dismissWatchSuggestion(tenancyId: number): Promise<boolean> {
      return field(DismissWatchSuggestionDocument, { tenancyId }, dismissWatchSuggestionResponse);
    },

    /**
     * Renames a room of the tenancy's unit (never memoized). Refusals reject with an ApiError whose
     * code is ROOM_NOT_FOUND, ROOM_NAME_INVALID (extensions.reason) or ROOM_NAME_TAKEN
     * (extensions.room): see {@link isRoomRenameError}.
     */
    async renameRoom(input: RenameRoomInput): Promise<Room> {
      const { tenancyId, roomName, newName } = input;
      return field(RenameRoomDocument, { input: { tenancyId, roomName, newName } }, renameRoomResponse);
    },
  };
}

export type TenantService = ReturnType<typeof tenantService>;
