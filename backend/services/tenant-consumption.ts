/**
 * Resolvers of the consumption queries of the tenant data service (schema/tenant.graphql):
 * tenantGraph, tenantTable, unitQuantityKpis, readoutMinMax, quantityPrices, consumptionRating,
 * tenantDegreeDays, tenantForecasts.
 * Each lives in tenant-consumption/ with what it alone needs.
 *
 * Each tenancy-scoped resolver starts the same way: the caller (UNAUTHENTICATED), their
 * membership of the tenancy (FORBIDDEN), then the tenancy's data window: nothing before its
 * start, after its end or in the future is ever read of the unit's meters (tenantDegreeDays reads
 * the property's outdoor meter, whose weather is no tenancy's, over the days asked). Arguments are
 * checked first and rejected with BAD_USER_INPUT and a message naming the problem.
 */

import { tenantDegreeDays } from "./tenant-consumption/degree-days";
import { tenantForecasts } from "./tenant-consumption/forecasts";
import { tenantGraph } from "./tenant-consumption/graph";
import { unitQuantityKpis } from "./tenant-consumption/kpis";
import { quantityPrices } from "./tenant-consumption/prices";
import { consumptionRating } from "./tenant-consumption/rating";
import { meterReadouts, readoutMinMax } from "./tenant-consumption/readouts";
import { tenantTable } from "./tenant-consumption/table";

export const tenantConsumptionQueries = {
  tenantGraph,
  tenantTable,
  unitQuantityKpis,
  readoutMinMax,
  meterReadouts,
  quantityPrices,
  consumptionRating,
  tenantDegreeDays,
  tenantForecasts,
};

// What the monthly report reads with the pages' own figures.
export { kpisOfScope, totalOfScope } from "./tenant-consumption/kpis";
export { scopeOfTenancy } from "./tenant-consumption/unit-scope";
