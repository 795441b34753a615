/**
 * Test helpers for the monthly report: the demo back-end with the readings its figures come from,
 * and the consumption pages' own figures for a month, to hold the report's against.
 */
import type { Backend } from "../app";
import { demoAccounts, demoTenancyIds } from "../db/seed/demo-accounts";
import { topUpDemoReadings } from "../db/seed/readings";
import { daysOfMonth } from "../reports/month-figures";
import { graphqlData, signInToUsers } from "./graphql";
import { createDemoBackend } from "./setup";

/** The units whose figures Anna's report compares: hers, her staircase's neighbours and one more. */
const reportUnitIds = [101, 102, 103, 104, 109];

/** A demo back-end at `now` with hourly readings of the report's units from `fromDay`, and Anna's users token. */
export async function reportBackend(now: Date, fromDay: string): Promise<{ backend: Backend; token: string }> {
  const backend = await createDemoBackend({ now: () => now });
  await topUpDemoReadings(backend.db, now, { unitIds: reportUnitIds, fromDay });
  return { backend, token: (await signInToUsers(backend, demoAccounts.anna.email)).token };
}

export interface MonthKpis {
  total: number | null;
  previousYear: number | null;
  propertyComparison: number | null;
}

/** The key figures the consumption page of Anna's tenancy shows for one calendar month (`mode`: the schema's default). */
export async function monthKpisOfAnna(
  backend: Pick<Backend, "fetch">,
  token: string,
  quantity: string,
  month: string,
  mode?: string,
): Promise<MonthKpis> {
  const { first, last } = daysOfMonth(month);
  const data = await graphqlData<{ unitQuantityKpis: MonthKpis }>(
    backend,
    "tenant",
    `query ($i: UnitQuantityKpisInput!) { unitQuantityKpis(input: $i) { total previousYear propertyComparison } }`,
    {
      token,
      variables: {
        i: {
          tenancyId: demoTenancyIds.anna,
          quantity,
          periodBegin: `${first}T00:00:00`,
          periodEnd: `${last}T23:59:00`,
          ...(mode === undefined ? {} : { mode }),
        },
      },
    },
  );
  return data.unitQuantityKpis;
}
