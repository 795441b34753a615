/**
 * The demo seed's named steps, each applied once in its own transaction and recorded in
 * seed_steps (like migrations). To extend the demo, append a step with the next number; existing
 * demo databases then get just the new step on the next start. Never change a released step.
 */

import { hashActivationCode } from "../../services/activation-codes";
import { demoStatementPdf } from "../../statements/demo-statement-pdf";
import { toSqlBoolean } from "../types";
import { dailyOnlyProperty, seedDailyOnlyProperty } from "./daily-only-property";
import type { DemoAccountKey } from "./demo-accounts";
import { demoActivationCodes, demoInvitation, demoPropertyContact, demoTenancyIds } from "./demo-accounts";
import { seedAccountFlows, seedAccountsAndCodes } from "./demo-people";
import {
  demoCo2Factors,
  demoProperty,
  demoPropertySettings,
  planMeters,
  planTenancies,
  planUnits,
  userIdOf,
} from "./demo-plan";
import { moreDemoMeters } from "./more-quantities";
import { demoQuantityPrices } from "./readings";
import { insertChunked, insertMeters, type SeedStep, unitRow } from "./seed-step";

// ---------------------------------------------------------------------------------------------
// Steps

export const demoSeedSteps: readonly SeedStep[] = [
  {
    name: "0001_property_units_meters",
    async run(db) {
      await db.insertInto("properties").values(demoProperty).execute();
      await db
        .insertInto("property_settings")
        .values(demoPropertySettings.map((kind) => ({ property_id: demoProperty.id, kind })))
        .execute();
      await db
        .insertInto("co2_factors")
        .values(
          demoCo2Factors.map((factor) => ({
            property_id: demoProperty.id,
            quantity: factor.quantity,
            gram_per_quantity_unit: factor.gramPerQuantityUnit,
          })),
        )
        .execute();
      const units = planUnits();
      await insertChunked(
        db,
        "units",
        units.map((unit) => unitRow({ ...unit, propertyId: demoProperty.id })),
      );
      await insertMeters(db, planMeters(units));
    },
  },
  {
    name: "0002_tenancies",
    async run(db) {
      await insertChunked(
        db,
        "tenancies",
        planTenancies(planUnits()).map((tenancy) => ({
          id: tenancy.id,
          unit_id: tenancy.unitId,
          tenant_name: tenancy.tenantName,
          start_date: tenancy.startDate,
          end_date: tenancy.endDate,
          use_new_backend: toSqlBoolean(tenancy.useNewBackend),
          billing_period_start: tenancy.billingPeriod.start,
          billing_period_end: tenancy.billingPeriod.end,
          data_availability_start: tenancy.dataAvailability?.start ?? null,
          data_availability_end: tenancy.dataAvailability?.end ?? null,
        })),
      );
    },
  },
  {
    name: "0003_accounts_and_codes",
    run: seedAccountsAndCodes,
  },
  {
    name: "0004_allocation_statements",
    async run(db) {
      await db.insertInto("allocation_statements").values(jensStatement(1, 2025)).execute();
    },
  },
  {
    // Prices in force per quantity (quantityPrices). Readings and hourly market prices depend on
    // the current hour, so they are not a step: seed/readings.ts topUpDemoReadings writes them.
    name: "0005_quantity_prices",
    async run(db) {
      await insertChunked(
        db,
        "quantity_prices",
        demoQuantityPrices.map((price) => ({
          quantity: price.quantity,
          price: price.price,
          currency: "DKK",
          valid_from: price.validFrom,
          valid_to: price.validTo,
        })),
      );
    },
  },
  {
    // Account flows (ADR 0009): an admin-portal account, a user with admin rights, an
    // expired activation code; the existing demo accounts have seen the onboarding slides.
    name: "0006_account_flows",
    run: seedAccountFlows,
  },
  {
    // The spec's other quantities (ADR 0022): a district-heating unit with heat volume,
    // flow and return temperature, heat cooling, backflow and an error count, and a unit with
    // cooling (seed/more-quantities.ts). Their readings come with the others' (seed/readings.ts).
    name: "0007_more_quantities",
    async run(db) {
      await insertMeters(db, moreDemoMeters);
    },
  },
  {
    // Alarms (ADR 0025): Anna's weekly heating limit fires on the demo readings of every
    // November week since it was set (the back-end's job makes the notifications and the e-mail at
    // start-up), so a newcomer sees real ones; a monthly cold-water comparison; a disabled one of Jens.
    name: "0008_demo_alarms",
    async run(db) {
      await db
        .insertInto("alarms")
        .values([
          {
            ...demoAlarmOf("anna", demoTenancyIds.anna),
            quantity: "heat-energy",
            type: "threshold",
            frequency: "week",
            level: 40,
          },
          {
            ...demoAlarmOf("anna", demoTenancyIds.anna),
            quantity: "cold-water-volume",
            type: "comparison",
            frequency: "month",
            level: 20,
          },
          {
            ...demoAlarmOf("jens", demoTenancyIds.jensFirst),
            quantity: "indoor-temperature",
            type: "minimum",
            frequency: "day",
            level: 19,
            enabled: 0,
          },
        ])
        .execute();
    },
  },
  {
    // Alarms of every notification kind: Jens's home was damp in early November (weekly
    // humidity average above 50 %), its heating rose by more than 5 % in the third week, and a
    // zero-consumption alarm on the gas stove fires in every week it was used. The job makes the
    // notifications at start-up from the demo readings.
    name: "0009_demo_alarms_of_every_kind",
    async run(db) {
      const jens = demoAlarmOf("jens", demoTenancyIds.jensFirst);
      await db
        .insertInto("alarms")
        .values([
          { ...jens, quantity: "indoor-relative-humidity", type: "maximum", frequency: "week", level: 50 },
          { ...jens, quantity: "heat-energy", type: "comparison", frequency: "week", level: 5 },
          { ...jens, quantity: "gas-volume", type: "zero", frequency: "week", level: 0 },
        ])
        .execute();
    },
  },
  {
    // Allocation statements as real PDF files: the one of step 0004 and the year before
    // it, for Jens's first home. The files are written below the back-end's files directory; the
    // statement's url column is the path there.
    name: "0010_statement_files",
    async run(db, context) {
      await db.insertInto("allocation_statements").values(jensStatement(2, 2024)).execute();
      const statements = await db.selectFrom("allocation_statements").selectAll().orderBy("id").execute();
      for (const statement of statements) {
        const year = Number(statement.period_start.slice(0, 4));
        const pdf = await demoStatementPdf({
          tenancyAddress: "Nørrebrogade 148B, 4. tv.",
          unitId: jensStatementUnit,
          periodStart: statement.period_start,
          periodEnd: statement.period_end,
          lines: [
            { label: "Varme", onAccount: 9600, share: 8734.5 + (year - 2024) * 611.75 },
            { label: "Vand", onAccount: 3000, share: 3412.25 - (year - 2024) * 207.5 },
          ],
        });
        await context.writeFile(statement.url, pdf);
      }
    },
  },
  {
    // Tenancy info: the property's contact, and an open invitation on Jens's first home
    // (he is its admin) so its users list shows one; the code is stored hashed like every other.
    name: "0011_property_contacts",
    async run(db) {
      await db
        .updateTable("properties")
        .set({
          contact_name: demoPropertyContact.name,
          contact_email: demoPropertyContact.email,
          contact_phone: demoPropertyContact.phone,
        })
        .where("id", "=", demoProperty.id)
        .execute();
      await db
        .insertInto("activation_codes")
        .values({
          id: 4,
          code_hash: hashActivationCode(demoActivationCodes.invitation),
          tenancy_id: demoInvitation.tenancyId,
          expires_at: "2099-12-31T22:59:59.000Z",
          used_at: null,
          used_by_user_id: null,
        })
        .execute();
      await db
        .insertInto("tenancy_invitations")
        .values({
          id: demoInvitation.id,
          tenancy_id: demoInvitation.tenancyId,
          email: demoInvitation.email,
          language: demoInvitation.language,
          activation_code_id: 4,
          invited_by_user_id: userIdOf("jens"),
          created_at: demoInvitation.createdAt,
        })
        .execute();
    },
  },
  {
    // A second property without the hourly-values setting, with one home and its resident Ida
    // (seed/daily-only-property.ts): hourly values are neither offered nor served there.
    name: "0012_property_without_hourly_values",
    run: seedDailyOnlyProperty,
  },
  {
    // Each demo property's outdoor temperature meter (ADR 0071): its samples are the outdoor model
    // that already drives the demo's heat, written with the other readings (seed/readings.ts).
    name: "0013_outdoor_meters",
    async run(db) {
      await db
        .insertInto("outdoor_meters")
        .values(demoOutdoorMeters.map((meter) => ({ ...meter })))
        .execute();
    },
  },
  {
    // The watches (issue 47 items 1-3, ADR 0075), each on for Jens where the demo readings give it
    // something to find at the first start: the leak watch on his second home, whose toilet runs
    // from 22 November 2026 (seed/reading-model.ts RUNNING_TOILET), and the heating-left-on watch on
    // his first home, which heats through the demo's warm week of 19-26 July 2026 (outdoor means of
    // 17 °C and more). `since` is where each was switched on: the job's first run looks back from it
    // (CONTEXT_DAYS: the leak watch to the toilet's first night, 22 November).
    name: "0014_demo_watches",
    async run(db) {
      const jens = userIdOf("jens");
      await db
        .insertInto("watches")
        .values([
          {
            user_id: jens,
            tenancy_id: demoTenancyIds.jensSecond,
            kind: "leak",
            enabled: 1,
            since: "2026-11-26",
            evaluated_through: null,
            updated_at: "2026-11-26T08:00:00.000Z",
          },
          {
            user_id: jens,
            tenancy_id: demoTenancyIds.jensFirst,
            kind: "heating_left_on",
            enabled: 1,
            since: "2026-07-20",
            evaluated_through: null,
            updated_at: "2026-07-20T08:00:00.000Z",
          },
        ])
        .execute();
    },
  },
  {
    // Anna has the weekly update e-mail on (issue 47 item 4, ADR 0076): at the demo's first start
    // the schedule sends her last week's, so it is in the outbox with its List-Unsubscribe headers.
    name: "0015_weekly_update_of_anna",
    async run(db) {
      await db.updateTable("users").set({ weekly_update: 1 }).where("id", "=", userIdOf("anna")).execute();
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Rows that more than one step writes (the steps run after this module has loaded)

/** The demo properties' outdoor meters, numbered like the demo's meters (prefix 95: outdoor temperature). */
export const demoOutdoorMeters = [
  { id: 1, property_id: demoProperty.id, number: "95000001" },
  { id: 2, property_id: dailyOnlyProperty.id, number: "95000002" },
] as const;

/** The unit of Jens's first home, whose allocation statements the demo has. */
const jensStatementUnit = "DK1042-0403";

/** The allocation statement of Jens's first home for the year from 1 May `year`. */
function jensStatement(id: number, year: number) {
  const [start, end] = [`${year}-05-01`, `${year + 1}-04-30`];
  return {
    id,
    tenancy_id: demoTenancyIds.jensFirst,
    file_name: `Fordelingsregnskab ${year}-${year + 1} ${jensStatementUnit}.pdf`,
    url: `/statements/1042/${jensStatementUnit}/${start}_${end}.pdf`,
    period_start: start,
    period_end: end,
    expense_types: JSON.stringify(["heating", "water"]),
  };
}

/** What the demo's alarms of a user on a tenancy share: enabled, set on 2 November 2026. */
function demoAlarmOf(user: DemoAccountKey, tenancyId: number) {
  const set = "2026-11-02T08:00:00.000Z";
  return { user_id: userIdOf(user), tenancy_id: tenancyId, enabled: 1 as 0 | 1, created_at: set, updated_at: set };
}
