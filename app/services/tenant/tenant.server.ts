import type { GraphQLService } from "../graphql.server";
import { TenantUnitsQuery } from "./documents";
import { tenantUnitsResponse } from "./schemas";

/** Operations of the tenant data service (spec section 7). */
export function tenantService(gql: GraphQLService) {
  return {
    async tenantUnits() {
      return (await gql.request(TenantUnitsQuery, {}, tenantUnitsResponse, "Invalid tenantUnits response")).tenantUnits;
    },
  };
}

export type TenantService = ReturnType<typeof tenantService>;
