/**
 * Access control by tenancy. A user sees a tenancy when they are a member of it whose invitation
 * is not pending, and sees a unit when they hold (or held) a tenancy in it. Every resolver that
 * takes or returns a tenancy or a unit goes through these helpers:
 *
 *   const tenancy = await assertTenancyMember(db, caller.id, args.tenancyId); // throws FORBIDDEN
 *   const window = tenancyDataWindow(tenancy); // never show data from outside the tenancy
 */
import type { Kysely } from "kysely";
import type { Database, IsoDate, TenancyRow, UnitRow, UserRow } from "../db/types";
import type { ServiceContext } from "./context";
import { forbidden } from "./errors";

/** Members whose access is effective (invitation accepted): the tenancy ids a user may see. */
export function activeMemberships(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("tenancy_members")
    .select("tenancy_members.tenancy_id")
    .where("tenancy_members.user_id", "=", userId)
    .where("tenancy_members.invitation_pending", "=", 0);
}

/** Every tenancy the user holds, current or ended, ordered by start date then id. */
export function tenanciesOfUser(db: Kysely<Database>, userId: number): Promise<TenancyRow[]> {
  return db
    .selectFrom("tenancies")
    .selectAll("tenancies")
    .where("tenancies.id", "in", activeMemberships(db, userId))
    .orderBy("tenancies.start_date")
    .orderBy("tenancies.id")
    .execute();
}

/** Ids of the tenancies the user holds. */
export async function tenancyIdsOfUser(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await activeMemberships(db, userId).execute();
  return rows.map((row) => row.tenancy_id);
}

/** Whether the user is an effective member of the tenancy. */
export async function isTenancyMember(db: Kysely<Database>, userId: number, tenancyId: number): Promise<boolean> {
  const row = await activeMemberships(db, userId)
    .where("tenancy_members.tenancy_id", "=", tenancyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An id as given (a number, or digits in a string); FORBIDDEN for anything else, like an id not there. */
/** A tenancy or unit id from the API, or FORBIDDEN when it cannot be one (ids are not probed). */
export function idOrForbidden(value: number | string): number {
  const id = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw forbidden();
  return id;
}

/**
 * Returns the tenancy when the user is a member of it; otherwise throws FORBIDDEN (also for a
 * tenancy id that does not exist, so ids cannot be probed).
 */
export async function assertTenancyMember(
  db: Kysely<Database>,
  userId: number,
  tenancyId: number | string,
): Promise<TenancyRow> {
  const id = idOrForbidden(tenancyId);
  const tenancy = await db
    .selectFrom("tenancies")
    .selectAll("tenancies")
    .where("tenancies.id", "=", id)
    .where("tenancies.id", "in", activeMemberships(db, userId))
    .executeTakeFirst();
  if (tenancy === undefined) throw forbidden();
  return tenancy;
}

/**
 * Where a resident's call on a tenancy starts: the caller (UNAUTHENTICATED without one) and the
 * tenancy, when they are a member of it (FORBIDDEN otherwise).
 */
export async function callerAndTenancy(
  ctx: ServiceContext,
  tenancyId: number | string,
): Promise<{ caller: UserRow; tenancy: TenancyRow }> {
  const caller = await ctx.requireCaller();
  return { caller, tenancy: await assertTenancyMember(ctx.db, caller.id, tenancyId) };
}

/** Returns the membership when the user is an admin of the tenancy; otherwise throws FORBIDDEN. */
export async function assertTenancyAdmin(db: Kysely<Database>, userId: number, tenancyId: number): Promise<TenancyRow> {
  const tenancy = await assertTenancyMember(db, userId, tenancyId);
  const membership = await db
    .selectFrom("tenancy_members")
    .select("is_admin")
    .where("tenancy_id", "=", tenancy.id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (membership?.is_admin !== 1) throw forbidden();
  return tenancy;
}

/** The units of the user's tenancies (distinct), ordered by unique id. */
export function unitsVisibleToUser(db: Kysely<Database>, userId: number): Promise<UnitRow[]> {
  return db
    .selectFrom("units")
    .selectAll("units")
    .where(
      "units.id",
      "in",
      db.selectFrom("tenancies").select("tenancies.unit_id").where("tenancies.id", "in", activeMemberships(db, userId)),
    )
    .orderBy("units.unique_id")
    .execute();
}

/** Returns the unit when the user holds a tenancy in it; otherwise throws FORBIDDEN. */
export async function assertUnitVisible(
  db: Kysely<Database>,
  userId: number,
  unitId: number | string,
): Promise<UnitRow> {
  const id = idOrForbidden(unitId);
  const unit = (await unitsVisibleToUser(db, userId)).find((candidate) => candidate.id === id);
  if (unit === undefined) throw forbidden();
  return unit;
}

/** The user's tenancies in one unit, newest first (to pick e.g. the tenant name they may see). */
export async function tenanciesOfUserInUnit(
  db: Kysely<Database>,
  userId: number,
  unitId: number,
): Promise<TenancyRow[]> {
  return db
    .selectFrom("tenancies")
    .selectAll("tenancies")
    .where("tenancies.unit_id", "=", unitId)
    .where("tenancies.id", "in", activeMemberships(db, userId))
    .orderBy("tenancies.start_date", "desc")
    .execute();
}

/**
 * The dates whose data a tenancy may see: from its start (or later data availability start) to
 * its end (or earlier data availability end); `to` null means open-ended. Readings outside it
 * belong to another tenant and must never be returned.
 */
export function tenancyDataWindow(tenancy: TenancyRow): { from: IsoDate; to: IsoDate | null } {
  const from =
    tenancy.data_availability_start !== null && tenancy.data_availability_start > tenancy.start_date
      ? tenancy.data_availability_start
      : tenancy.start_date;
  const ends = [tenancy.end_date, tenancy.data_availability_end].filter((date): date is string => date !== null);
  const to = ends.length === 0 ? null : ends.reduce((a, b) => (a < b ? a : b));
  return { from, to };
}
