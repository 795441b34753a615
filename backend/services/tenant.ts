/**
 * Resolvers of the tenant data service (schema/tenant.graphql). Every call needs a users-service
 * access token (aud 'users') and answers only for the units of the caller's tenancies.
 */

import type { PropertySetting, TenantUnit } from "../schema/tenant.generated";
import { callerAndTenancy, tenanciesOfUser, unitsVisibleToUser } from "./access";
import type { ServiceContext } from "./context";
import { alarmEnumResolvers, tenantAlarmMutations, tenantAlarmQueries } from "./tenant-alarms";
import { tenantConsumptionQueries } from "./tenant-consumption";
import { tenantReportQueries } from "./tenant-reports";
import { roomsOfMeters, tenantRoomMutations } from "./tenant-rooms";
import { tenantStatementQueries } from "./tenant-statements";
import { tenantWatchMutations, tenantWatchQueries, watchEnumResolvers } from "./tenant-watches";
import { propertySettingsById } from "./users";

export type { ObjectKind } from "@common/graphql-enums.generated";

export const tenantResolvers = {
  ...alarmEnumResolvers,
  ...watchEnumResolvers,
  Mutation: {
    ...tenantRoomMutations,
    ...tenantAlarmMutations,
    ...tenantWatchMutations,
  },
  Query: {
    ...tenantWatchQueries,
    ...tenantConsumptionQueries,
    ...tenantAlarmQueries,
    ...tenantStatementQueries,
    ...tenantReportQueries,
    async propertySettings(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<PropertySetting[]> {
      const { tenancy } = await callerAndTenancy(ctx, args.tenancyId);
      const unit = await ctx.db
        .selectFrom("units")
        .select("property_id")
        .where("id", "=", tenancy.unit_id)
        .executeTakeFirstOrThrow();
      return (await propertySettingsById(ctx.db, [unit.property_id])).get(unit.property_id) ?? [];
    },
    async tenantUnits(_: unknown, __: unknown, ctx: ServiceContext): Promise<TenantUnit[]> {
      const user = await ctx.requireCaller();
      const units = await unitsVisibleToUser(ctx.db, user.id);
      if (units.length === 0) return [];
      const unitIds = units.map((unit) => unit.id);
      const propertyIds = [...new Set(units.map((unit) => unit.property_id))];

      const [properties, settings, co2Factors, meters, tenancies] = await Promise.all([
        ctx.db.selectFrom("properties").selectAll().where("id", "in", propertyIds).execute(),
        propertySettingsById(ctx.db, propertyIds),
        ctx.db
          .selectFrom("co2_factors")
          .selectAll()
          .where("property_id", "in", propertyIds)
          .orderBy("quantity")
          .execute(),
        ctx.db.selectFrom("meters").selectAll().where("unit_id", "in", unitIds).orderBy("id").execute(),
        // The caller's own tenancies: the tenant name shown is never another tenant's.
        tenanciesOfUser(ctx.db, user.id),
      ]);
      const propertyById = new Map(properties.map((property) => [property.id, property]));

      return units.map((unit) => {
        const property = propertyById.get(unit.property_id);
        const unitMeters = meters
          .filter((meter) => meter.unit_id === unit.id)
          .map((meter) => ({
            id: String(meter.id),
            number: meter.number,
            roomName: meter.room_name,
            quantity: meter.quantity,
          }));
        if (property === undefined) throw new Error(`property ${unit.property_id} not found`);
        const ownTenancy = tenancies
          .filter((tenancy) => tenancy.unit_id === unit.id)
          .sort((a, b) => b.start_date.localeCompare(a.start_date))[0];
        return {
          objectDetails: {
            id: String(unit.id),
            kind: "UNIT",
            property: {
              id: String(property.id),
              number: property.number,
              address: property.address,
              city: property.city,
              zipcode: property.zipcode,
            },
            unit: {
              id: String(unit.id),
              unitUniqueId: unit.unique_id,
              name: unit.name,
              tenantName: ownTenancy?.tenant_name ?? null,
              floorArea: unit.floor_area,
              rooms: unit.rooms,
            },
            group: null,
            measurementPoint: null,
          },
          path: {
            property: {
              id: String(property.id),
              number: property.number,
              settings: settings.get(property.id) ?? [],
              co2Factors: co2Factors
                .filter((factor) => factor.property_id === property.id)
                .map((factor) => ({ quantity: factor.quantity, gramPerQuantityUnit: factor.gram_per_quantity_unit })),
            },
          },
          meters: unitMeters,
          rooms: roomsOfMeters(unitMeters),
        };
      });
    },
  },
};
