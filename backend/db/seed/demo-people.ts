/**
 * The demo's people: accounts, memberships and activation codes, and the accounts of the account
 * flows (ADR 0009). Two steps of the demo seed (demo-steps.ts).
 */
import type { Transaction } from "kysely";
import { hashActivationCode } from "../../services/activation-codes";
import { type Database, toSqlBoolean, type UserType } from "../types";
import { demoAccounts, demoActivationCodes, demoSpecialAccounts, demoTenancyIds } from "./demo-accounts";
import { plannedMemberships, plannedUsers, userIdOf } from "./demo-plan";
import type { SeedContext } from "./seed-step";

/** The demo accounts, their memberships and the activation codes. */
export async function seedAccountsAndCodes(db: Transaction<Database>, context: SeedContext): Promise<void> {
  const passwordHash = await context.demoPasswordHash();
  await db
    .insertInto("users")
    .values(
      plannedUsers.map((user) => {
        const account = demoAccounts[user.key];
        return {
          id: user.id,
          email: account.email,
          password_hash: user.hasPassword ? passwordHash : null,
          name: account.name,
          language: account.language,
          is_superuser: 0,
          is_active: toSqlBoolean(user.isActive),
          is_admin: 0,
          user_type: "EMAIL_PASSWORD" satisfies UserType,
          email_notifications: 1,
          created_at: user.createdAt,
        };
      }),
    )
    .execute();
  await db
    .insertInto("tenancy_members")
    .values(
      plannedMemberships.map((membership) => ({
        tenancy_id: membership.tenancyId,
        user_id: userIdOf(membership.user),
        is_admin: toSqlBoolean(membership.isAdmin),
        invitation_pending: toSqlBoolean(membership.invitationPending),
        created_at: membership.createdAt,
      })),
    )
    .execute();
  await db
    .insertInto("activation_codes")
    .values([
      {
        id: 1,
        code_hash: hashActivationCode(demoActivationCodes.used),
        tenancy_id: demoTenancyIds.anna,
        expires_at: "2023-12-31T22:59:59.000Z",
        used_at: "2023-08-03T09:15:00.000Z",
        used_by_user_id: userIdOf("anna"),
      },
      {
        id: 2,
        code_hash: hashActivationCode(demoActivationCodes.unused),
        tenancy_id: demoTenancyIds.activationTarget,
        expires_at: "2099-12-31T22:59:59.000Z",
        used_at: null,
        used_by_user_id: null,
      },
    ])
    .execute();
}

/** Account flows (ADR 0009): an admin-portal account, a user with admin rights, an expired activation code; the existing demo accounts have seen the onboarding slides. */
export async function seedAccountFlows(db: Transaction<Database>, context: SeedContext): Promise<void> {
  const passwordHash = await context.demoPasswordHash();
  await db
    .insertInto("users")
    .values([
      {
        id: 8,
        email: demoSpecialAccounts.adminPortal.email,
        password_hash: passwordHash,
        name: demoSpecialAccounts.adminPortal.name,
        language: demoSpecialAccounts.adminPortal.language,
        is_superuser: 0,
        is_active: 1,
        is_admin: 0,
        email_notifications: 1,
        user_type: "ADMIN_PORTAL" satisfies UserType,
        created_at: "2019-11-01T09:00:00.000Z",
        onboarded: 1,
      },
      {
        id: 9,
        email: demoSpecialAccounts.staff.email,
        password_hash: passwordHash,
        name: demoSpecialAccounts.staff.name,
        language: demoSpecialAccounts.staff.language,
        is_superuser: 0,
        is_active: 1,
        is_admin: 1,
        email_notifications: 1,
        user_type: "EMAIL_PASSWORD" satisfies UserType,
        created_at: "2020-01-06T08:30:00.000Z",
        onboarded: 1,
      },
    ])
    .execute();
  await db
    .updateTable("users")
    .set({ onboarded: 1 })
    .where(
      "id",
      "in",
      plannedUsers.map((user) => user.id),
    )
    .execute();
  await db
    .insertInto("activation_codes")
    .values({
      id: 3,
      code_hash: hashActivationCode(demoActivationCodes.expired),
      tenancy_id: 7014,
      expires_at: "2024-12-31T22:59:59.000Z",
      used_at: null,
      used_by_user_id: null,
    })
    .execute();
}
