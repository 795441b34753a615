/**
 * Resolvers of the account service (schema/account.ts). Access tokens of this service carry
 * aud 'account'.
 */
import type { Kysely } from "kysely";
import { quantityDefinition, quantityIds } from "../../app/domain/quantities";
import { fromSqlBoolean, type Database, type TenancyRow, type UserRow } from "../db/types";
import { tenanciesOfUser } from "./access";
import type { ServiceContext } from "./context";
import { refreshSession, startSession, verifyCredentials, type Session } from "./sign-in";
import { familyStartedAt, revokeRefreshToken, toEpochSeconds } from "./tokens";

export interface AccountUserResult {
  id: string;
  email: string;
  language: string;
  isSuperuser: boolean;
  isActive: boolean;
  isAdmin: boolean;
  userType: string;
  emailNotifications: boolean;
  accountHasStatements: boolean;
}

export interface TokenAuthResult {
  token: string;
  refreshToken: string;
  refreshExpiresIn: number;
  payload: { email: string; exp: number; origIat: number };
}

export interface DateRangeResult {
  start: string | null;
  end: string | null;
}

export interface AllocationStatementResult {
  fileName: string;
  url: string;
  periodStartDate: string;
  periodEndDate: string;
  expenseTypes: string[];
}

export interface TenancyResult {
  id: string;
  propertyNumber: string;
  tenancyId: number;
  tenant: string;
  start: string;
  end: string | null;
  useNewBackend: boolean;
  dataAvailability: DateRangeResult | null;
  billingPeriod: DateRangeResult | null;
  apartment: {
    apartmentInfo: { city: string; zipcode: string };
    uniqueId: string;
    apartment: string;
    address: string;
  };
  latestAllocationStatement: AllocationStatementResult | null;
  meterUnits: { kind: string; unit: string }[];
}

async function toTokenAuthResult(db: Kysely<Database>, session: Session): Promise<TokenAuthResult> {
  const startedAt = await familyStartedAt(db, session.refresh.familyId);
  return {
    token: session.access.token,
    refreshToken: session.refresh.token,
    refreshExpiresIn: toEpochSeconds(session.refresh.expiresAt),
    payload: {
      email: session.user.email,
      exp: session.access.exp,
      origIat: startedAt === null ? session.access.iat : toEpochSeconds(startedAt),
    },
  };
}

export async function accountHasStatements(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("allocation_statements")
    .innerJoin("tenancy_members", "tenancy_members.tenancy_id", "allocation_statements.tenancy_id")
    .select("allocation_statements.id")
    .where("tenancy_members.user_id", "=", userId)
    .where("tenancy_members.invitation_pending", "=", 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function toAccountUser(db: Kysely<Database>, user: UserRow): Promise<AccountUserResult> {
  return {
    id: String(user.id),
    email: user.email,
    language: user.language,
    isSuperuser: fromSqlBoolean(user.is_superuser),
    isActive: fromSqlBoolean(user.is_active),
    isAdmin: fromSqlBoolean(user.is_admin),
    userType: user.user_type,
    emailNotifications: fromSqlBoolean(user.email_notifications),
    accountHasStatements: await accountHasStatements(db, user.id),
  };
}

function dateRange(start: string | null, end: string | null): DateRangeResult | null {
  return start === null && end === null ? null : { start, end };
}

function parseExpenseTypes(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Builds the GraphQL Tenancy of each row with a fixed number of queries (no N+1). */
export async function buildTenancies(db: Kysely<Database>, tenancies: TenancyRow[]): Promise<TenancyResult[]> {
  if (tenancies.length === 0) return [];
  const tenancyIds = tenancies.map((tenancy) => tenancy.id);
  const unitIds = [...new Set(tenancies.map((tenancy) => tenancy.unit_id))];

  const units = await db
    .selectFrom("units")
    .innerJoin("properties", "properties.id", "units.property_id")
    .select([
      "units.id as unitId",
      "units.unique_id as uniqueId",
      "units.apartment as apartment",
      "units.address as address",
      "properties.number as propertyNumber",
      "properties.city as city",
      "properties.zipcode as zipcode",
    ])
    .where("units.id", "in", unitIds)
    .execute();
  const unitById = new Map(units.map((unit) => [unit.unitId, unit]));

  const quantities = await db
    .selectFrom("meters")
    .select(["unit_id", "quantity"])
    .distinct()
    .where("unit_id", "in", unitIds)
    .execute();

  // Newest statement per tenancy by period end (ties: highest id).
  const statements = await db
    .selectFrom("allocation_statements")
    .selectAll()
    .where("tenancy_id", "in", tenancyIds)
    .orderBy("period_end", "desc")
    .orderBy("id", "desc")
    .execute();
  const latestStatementByTenancy = new Map<number, (typeof statements)[number]>();
  for (const statement of statements) {
    if (!latestStatementByTenancy.has(statement.tenancy_id)) latestStatementByTenancy.set(statement.tenancy_id, statement);
  }

  return tenancies.map((tenancy) => {
    const unit = unitById.get(tenancy.unit_id);
    if (unit === undefined) throw new Error(`unit ${tenancy.unit_id} of tenancy ${tenancy.id} not found`);
    const statement = latestStatementByTenancy.get(tenancy.id);
    const unitQuantities = new Set(
      quantities.filter((row) => row.unit_id === tenancy.unit_id).map((row) => row.quantity),
    );
    return {
      id: String(tenancy.id),
      propertyNumber: unit.propertyNumber,
      tenancyId: tenancy.id,
      tenant: tenancy.tenant_name,
      start: tenancy.start_date,
      end: tenancy.end_date,
      useNewBackend: fromSqlBoolean(tenancy.use_new_backend),
      dataAvailability: dateRange(tenancy.data_availability_start, tenancy.data_availability_end),
      billingPeriod: dateRange(tenancy.billing_period_start, tenancy.billing_period_end),
      apartment: {
        apartmentInfo: { city: unit.city, zipcode: unit.zipcode },
        uniqueId: unit.uniqueId,
        apartment: unit.apartment,
        address: unit.address,
      },
      latestAllocationStatement:
        statement === undefined
          ? null
          : {
              fileName: statement.file_name,
              url: statement.url,
              periodStartDate: statement.period_start,
              periodEndDate: statement.period_end,
              expenseTypes: parseExpenseTypes(statement.expense_types),
            },
      // In the order of app/domain/quantities.ts, so the portal's menus are stable.
      meterUnits: quantityIds
        .filter((id) => unitQuantities.has(id))
        .map((id) => ({ kind: id, unit: quantityDefinition(id).unit })),
    };
  });
}

export const accountResolvers = {
  Query: {
    async currentUser(_: unknown, __: unknown, ctx: ServiceContext): Promise<AccountUserResult> {
      const user = await ctx.requireCaller();
      return toAccountUser(ctx.db, user);
    },
    async tenancies(_: unknown, __: unknown, ctx: ServiceContext): Promise<TenancyResult[]> {
      const user = await ctx.requireCaller();
      return buildTenancies(ctx.db, await tenanciesOfUser(ctx.db, user.id));
    },
  },
  Mutation: {
    async tokenAuth(
      _: unknown,
      args: { email: string; password: string },
      ctx: ServiceContext,
    ): Promise<TokenAuthResult> {
      const user = await verifyCredentials(ctx.db, args);
      const session = await startSession(ctx.db, ctx.tokens, user, "account", ctx.now);
      return toTokenAuthResult(ctx.db, session);
    },
    async refreshToken(
      _: unknown,
      args: { refreshToken: string },
      ctx: ServiceContext,
    ): Promise<TokenAuthResult> {
      const session = await refreshSession(ctx.db, ctx.tokens, args.refreshToken, "account", ctx.now);
      return toTokenAuthResult(ctx.db, session);
    },
    async revokeToken(
      _: unknown,
      args: { refreshToken: string },
      ctx: ServiceContext,
    ): Promise<{ revoked: boolean }> {
      return { revoked: await revokeRefreshToken(ctx.db, { token: args.refreshToken, service: "account", now: ctx.now }) };
    },
  },
};
