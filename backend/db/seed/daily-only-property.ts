/**
 * A second demo property without the hourly-values setting (spec section 3, property settings):
 * one home on Jagtvej with heat, hot and cold water, and Ida, its resident. Its residents see
 * daily, weekly, monthly and yearly values only, and the back-end refuses them hourly ones
 * (HOURLY_VALUES_DISABLED), so the demo and the end-to-end tests show the setting at work.
 */
import type { Transaction } from "kysely";
import { type Database, toSqlBoolean, type UserType } from "../types";
import { insertMeters, type SeedContext, type SeedMeter } from "./seed-step";

export const dailyOnlyProperty = {
  id: 2,
  number: "2077",
  address: "Jagtvej 52",
  zipcode: "2200",
  city: "København N",
  country: "DK",
} as const;

/** Ida's home: the property's only unit in the demo. */
export const dailyOnlyUnit = {
  id: 201,
  property_id: dailyOnlyProperty.id,
  unique_id: "DK2077-0101",
  name: "Jagtvej 52, 1. th.",
  apartment: "1. th.",
  address: "Jagtvej 52, 1. th.",
  floor_area: 68,
  rooms: 2,
} as const;

export const dailyOnlyTenancyId = 8001;

/** Ida's account (DEMO_PASSWORD, onboarded like every seeded account). */
export const dailyOnlyAccount = { id: 30, email: "ida@demo.test", name: "Ida Dahl", language: "da" } as const;

export const dailyOnlyMeters: readonly SeedMeter[] = [
  { id: 30_001, unitId: dailyOnlyUnit.id, number: "61900001", roomName: null, quantity: "heat-energy" },
  { id: 30_002, unitId: dailyOnlyUnit.id, number: "31900001", roomName: "Bad", quantity: "hot-water-volume" },
  { id: 30_003, unitId: dailyOnlyUnit.id, number: "32900001", roomName: "Bad", quantity: "cold-water-volume" },
];

/** The seed step's work: the property (no settings rows), its unit, meters, tenancy and resident. */
export async function seedDailyOnlyProperty(db: Transaction<Database>, context: SeedContext): Promise<void> {
  await db.insertInto("properties").values(dailyOnlyProperty).execute();
  await db.insertInto("units").values(dailyOnlyUnit).execute();
  await insertMeters(db, dailyOnlyMeters);
  await db
    .insertInto("tenancies")
    .values({
      id: dailyOnlyTenancyId,
      unit_id: dailyOnlyUnit.id,
      tenant_name: dailyOnlyAccount.name,
      start_date: "2024-03-01",
      end_date: null,
      use_new_backend: toSqlBoolean(true),
      billing_period_start: "2026-01-01",
      billing_period_end: "2026-12-31",
      data_availability_start: "2024-03-01",
      data_availability_end: null,
    })
    .execute();
  await db
    .insertInto("users")
    .values({
      id: dailyOnlyAccount.id,
      email: dailyOnlyAccount.email,
      password_hash: await context.demoPasswordHash(),
      name: dailyOnlyAccount.name,
      language: dailyOnlyAccount.language,
      is_superuser: 0,
      is_active: 1,
      is_admin: 0,
      email_notifications: 1,
      user_type: "EMAIL_PASSWORD" satisfies UserType,
      created_at: "2024-03-02T18:00:00.000Z",
      onboarded: 1,
    })
    .execute();
  await db
    .insertInto("tenancy_members")
    .values({
      tenancy_id: dailyOnlyTenancyId,
      user_id: dailyOnlyAccount.id,
      is_admin: 1,
      invitation_pending: 0,
      created_at: "2024-03-02T18:00:00.000Z",
    })
    .execute();
}
