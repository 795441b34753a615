import type { SpanType } from "@common/span";
import type { TFunction } from "i18next";
import type { PeriodContext, PeriodQuery } from "~/domain/period-query";
import type { Tenancy } from "~/services/account/schemas";
import type { TenantUnit } from "~/services/tenant/schemas";

/**
 * What every consumption page loader starts with (spec section 2, tenancy area): the guard, the
 * resident's unit with its meters, the quantity from the URL (404 in the resident's language when
 * the unit has no meter for it), and the period and comparison from the search parameters.
 * A module of its own so that the modules loadConsumptionPage calls can name it without importing
 * consumption-page.server.ts back.
 */
export interface ConsumptionPage {
  tenancy: Tenancy;
  unit: TenantUnit;
  language: string;
  t: TFunction;
  periodContext: PeriodContext;
  query: PeriodQuery;
  hourlyValues: boolean;
  span: SpanType;
}
