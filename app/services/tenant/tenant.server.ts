import type { ErrorCode } from "../../../backend/services/error-codes";
import { ApiError, type GraphQLService } from "../graphql.server";
import {
  ConsumptionRatingQuery,
  DashboardQuery,
  QuantityPricesQuery,
  ReadoutMinMaxQuery,
  RenameRoomMutation,
  TenantGraphQuery,
  TenantTableQuery,
  TenantUnitsQuery,
  UnitQuantityKpisQuery,
} from "./documents";
import {
  consumptionRatingResponse,
  dashboardResponse,
  type DashboardData,
  quantityPricesResponse,
  readoutMinMaxResponse,
  renameRoomResponse,
  tenantGraphResponse,
  tenantTableResponse,
  tenantUnitsResponse,
  unitQuantityKpisResponse,
  type ConsumptionRating,
  type QuantityPrice,
  type ReadoutMinMax,
  type ReadoutMinMaxInput,
  type RenameRoomInput,
  type Room,
  type TenantGraphInput,
  type TenantGraphResult,
  type TenantTable,
  type TenantTableInput,
  type UnitQuantityKpis,
  type UnitQuantityKpisInput,
} from "./schemas";

/**
 * The codes renameRoom answers with for a room or a name it refuses (backend/services/error-codes.ts);
 * the route maps them to texts. FORBIDDEN (not a member, or the tenancy has ended) is not among
 * them: graphql.server.ts treats it as "sign in again".
 */
export const roomRenameErrorCodes = ["ROOM_NOT_FOUND", "ROOM_NAME_INVALID", "ROOM_NAME_TAKEN"] as const satisfies readonly ErrorCode[];
export type RoomRenameErrorCode = (typeof roomRenameErrorCodes)[number];

/** Whether an error is renameRoom refusing the room or the new name. */
export function isRoomRenameError(error: unknown): error is ApiError & { code: RoomRenameErrorCode } {
  return error instanceof ApiError && (roomRenameErrorCodes as readonly string[]).includes(error.code);
}

/** Operations of the tenant data service (spec section 7). Queries are memoized per request. */
export function tenantService(gql: GraphQLService) {
  return {
    async tenantUnits() {
      return (await gql.request(TenantUnitsQuery, {}, tenantUnitsResponse, "Invalid tenantUnits response")).tenantUnits;
    },

    /** Values per bucket of one or more quantities of the tenancy's unit, with comparisons. */
    async graph(input: TenantGraphInput): Promise<TenantGraphResult> {
      return (await gql.request(TenantGraphQuery, { graph: input }, tenantGraphResponse, "Invalid tenantGraph response")).tenantGraph;
    },

    /** Totals over a period per unit, room or meter and quantity. */
    async table(input: TenantTableInput): Promise<TenantTable> {
      return (await gql.request(TenantTableQuery, { table: input }, tenantTableResponse, "Invalid tenantTable response")).tenantTable;
    },

    /** Key figures of one quantity over a period: total, comparisons, per room and per meter. */
    async kpis(input: UnitQuantityKpisInput): Promise<UnitQuantityKpis> {
      return (await gql.request(UnitQuantityKpisQuery, { input }, unitQuantityKpisResponse, "Invalid unitQuantityKpis response"))
        .unitQuantityKpis;
    },

    /** The first and last raw readout of a meter within the dates (clamped to the tenancy). */
    async readoutMinMax(input: ReadoutMinMaxInput): Promise<ReadoutMinMax> {
      const { tenancyId, meterNumber, quantity, fromDate, toDate } = input;
      return (
        await gql.request(
          ReadoutMinMaxQuery,
          { tenancyId, meterNumber, quantity, fromDate, toDate },
          readoutMinMaxResponse,
          "Invalid readoutMinMax response",
        )
      ).readoutMinMax;
    },

    /** Prices of each quantity valid at some point in [periodBegin, periodEnd] (YYYY-MM-DD). */
    async quantityPrices(input: { periodBegin: string; periodEnd: string }): Promise<QuantityPrice[]> {
      const { periodBegin, periodEnd } = input;
      return (
        await gql.request(QuantityPricesQuery, { input: { periodBegin, periodEnd } }, quantityPricesResponse, "Invalid quantityPrices response")
      ).quantityPrices;
    },

    /** The rating A+..G of the unit's consumption against the property (letter null without enough data). */
    async consumptionRating(input: { tenancyId: number; quantity: string }): Promise<ConsumptionRating> {
      const { tenancyId, quantity } = input;
      return (
        await gql.request(ConsumptionRatingQuery, { tenancyId, quantity }, consumptionRatingResponse, "Invalid consumptionRating response")
      ).consumptionRating;
    },

    /**
     * Renames a room of the tenancy's unit (never memoized). Refusals reject with an ApiError whose
     * code is ROOM_NOT_FOUND, ROOM_NAME_INVALID (extensions.reason) or ROOM_NAME_TAKEN
     * (extensions.room): see {@link isRoomRenameError}.
     */
    /**
     * The dashboard's figures in one request: the rating of `ratingQuantity` and the unit's totals
     * for the two tables (each left out when null).
     */
    async dashboard(input: {
      tenancyId: number;
      ratingQuantity: string | null;
      consumption: TenantTableInput | null;
      climate: TenantTableInput | null;
    }): Promise<DashboardData> {
      const none: TenantTableInput = { tenancyId: input.tenancyId, quantities: [], periodBegin: "", periodEnd: "" };
      return gql.request(
        DashboardQuery,
        {
          tenancyId: input.tenancyId,
          ratingQuantity: input.ratingQuantity ?? "",
          withRating: input.ratingQuantity !== null,
          consumption: input.consumption ?? none,
          withConsumption: input.consumption !== null,
          climate: input.climate ?? none,
          withClimate: input.climate !== null,
        },
        dashboardResponse,
        "Invalid dashboard response",
      );
    },

    async renameRoom(input: RenameRoomInput): Promise<Room> {
      const { tenancyId, roomName, newName } = input;
      return (await gql.request(RenameRoomMutation, { input: { tenancyId, roomName, newName } }, renameRoomResponse, "Invalid renameRoom response"))
        .renameRoom;
    },
  };
}

export type TenantService = ReturnType<typeof tenantService>;
