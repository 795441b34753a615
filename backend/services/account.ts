/**
 * Resolvers of the account service (schema/account.graphql). Access tokens of this service carry
 * aud 'account'. The account flows (ADR 0009) live in their own modules:
 * account-users.ts (sign-up, social users), activation-codes.ts, password-reset.ts,
 * impersonation.ts, social.ts and short-lived-tokens.ts (slt); tenancy info and its users
 * in tenancy-users.ts; profile settings in profile.ts.
 */

import { statementDownloadPath } from "@common/portal-paths";
import { quantityDefinition, quantityIds } from "@common/quantities";
import type { Kysely } from "kysely";
import { type Database, fromSqlBoolean, type TenancyRow, type UserRow } from "../db/types";
import type {
  AccountUser,
  CreateEmailPasswordUserPayload,
  DateRange,
  ImpersonatePayload,
  SocialAuthPayload,
  Tenancy,
  TokenAuthPayload,
} from "../schema/account.generated";
import { tenanciesOfUser } from "./access";
import type { BackendContext } from "./account-context";
import { createOrSignInEmailPasswordUser, findOrCreateSocialUser } from "./account-users";
import { type ActivationCodeValidation, useActivationCode, validateActivationCode } from "./activation-codes";
import type { ServiceContext } from "./context";
import { badUserInput } from "./errors";
import { assertNotImpersonated, beginImpersonation, isImpersonatedRequest } from "./impersonation";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { profileResolvers, updateAccountSettings } from "./profile";
import { verifyPurposeToken } from "./purpose-tokens";
import { type CredentialAttempt, rateLimitResolvers } from "./rate-limits";
import { issueSingleUseToken } from "./short-lived-tokens";
import { refreshSession, type Session, startSession, verifyCredentials } from "./sign-in";
import { isSocialProvider, verifyAppleIdToken, verifySocialAccessToken } from "./social";
import { tenancyUsersResolvers } from "./tenancy-users";
import { familyStartedAt, revokeRefreshToken, toEpochSeconds } from "./tokens";

async function toTokenAuthResult(db: Kysely<Database>, session: Session): Promise<TokenAuthPayload> {
  const startedAt = await familyStartedAt(db, session.refresh.familyId);
  return {
    token: session.access.token,
    refreshToken: session.refresh.token,
    refreshExpiresIn: toEpochSeconds(session.refresh.expiresAt),
    payload: {
      email: session.user.email,
      exp: session.access.exp,
      origIat: startedAt === null ? session.access.iat : toEpochSeconds(startedAt),
      impersonated: session.refresh.impersonation !== null,
      sessionExpiresAt:
        session.refresh.impersonation === null ? null : toEpochSeconds(session.refresh.impersonation.endsAt),
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

export async function toAccountUser(
  db: Kysely<Database>,
  user: UserRow,
  options: { impersonated?: boolean } = {},
): Promise<AccountUser> {
  const impersonated = options.impersonated ?? false;
  return {
    id: String(user.id),
    email: user.email,
    language: user.language,
    isSuperuser: fromSqlBoolean(user.is_superuser),
    isActive: fromSqlBoolean(user.is_active),
    isAdmin: fromSqlBoolean(user.is_admin),
    userType: user.user_type,
    emailNotifications: fromSqlBoolean(user.email_notifications),
    weeklyUpdate: fromSqlBoolean(user.weekly_update),
    accountHasStatements: await accountHasStatements(db, user.id),
    // Support staff never see the onboarding slides; the user's own flag stays as it is.
    onboarded: impersonated || fromSqlBoolean(user.onboarded),
    impersonated,
  };
}

function dateRange(start: string | null, end: string | null): DateRange | null {
  return start === null && end === null ? null : { start, end };
}

export function parseExpenseTypes(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** Builds the GraphQL Tenancy of each row with a fixed number of queries (no N+1). */
export async function buildTenancies(db: Kysely<Database>, tenancies: TenancyRow[]): Promise<Tenancy[]> {
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
    if (!latestStatementByTenancy.has(statement.tenancy_id))
      latestStatementByTenancy.set(statement.tenancy_id, statement);
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
              // Where the resident downloads it: the portal's page, which streams the file from
              // GET /files/statements/{id} after checking the tenancy (statements/files.ts).
              url: statementDownloadPath(tenancy.id, statement.id),
              periodStartDate: statement.period_start,
              periodEndDate: statement.period_end,
              expenseTypes: parseExpenseTypes(statement.expense_types),
            },
      // In the order of common/quantities.ts, so the portal's menus are stable.
      meterUnits: quantityIds
        .filter((id) => unitQuantities.has(id))
        .map((id) => ({ kind: id, unit: quantityDefinition(id).unit })),
    };
  });
}

export const accountResolvers = {
  Query: {
    async currentUser(_: unknown, __: unknown, ctx: ServiceContext): Promise<AccountUser> {
      const user = await ctx.requireCaller();
      return toAccountUser(ctx.db, user, { impersonated: await isImpersonatedRequest(ctx, "account") });
    },
    async tenancies(_: unknown, __: unknown, ctx: ServiceContext): Promise<Tenancy[]> {
      const user = await ctx.requireCaller();
      return buildTenancies(ctx.db, await tenanciesOfUser(ctx.db, user.id));
    },
    async validateActivationCode(
      _: unknown,
      args: { activationCode: string },
      ctx: ServiceContext,
    ): Promise<ActivationCodeValidation> {
      if (args.activationCode.length > 64) return validateActivationCode(ctx.db, "", ctx.now);
      return validateActivationCode(ctx.db, args.activationCode, ctx.now);
    },
    ...tenancyUsersResolvers.Query,
    ...profileResolvers.Query,
    ...rateLimitResolvers.Query,
  },
  Mutation: {
    async tokenAuth(
      _: unknown,
      args: { email: string; password: string; attempt?: CredentialAttempt | null },
      ctx: ServiceContext,
    ): Promise<TokenAuthPayload> {
      const user = await verifyCredentials(ctx.db, args, {
        secret: ctx.tokens.key,
        now: ctx.now,
        service: "account",
        attempt: args.attempt,
      });
      const session = await startSession(ctx.db, ctx.tokens, user, "account", ctx.now);
      return toTokenAuthResult(ctx.db, session);
    },
    async refreshToken(_: unknown, args: { refreshToken: string }, ctx: ServiceContext): Promise<TokenAuthPayload> {
      const session = await refreshSession(ctx.db, ctx.tokens, args.refreshToken, "account", ctx.now);
      return toTokenAuthResult(ctx.db, session);
    },
    async revokeToken(_: unknown, args: { refreshToken: string }, ctx: ServiceContext): Promise<{ revoked: boolean }> {
      return {
        revoked: await revokeRefreshToken(ctx.db, { token: args.refreshToken, service: "account", now: ctx.now }),
      };
    },
    async createEmailPasswordUser(
      _: unknown,
      args: {
        email: string;
        password: string;
        language?: string | null;
        dataPolicyAcknowledged?: boolean | null;
        attempt?: CredentialAttempt | null;
      },
      ctx: ServiceContext,
    ): Promise<CreateEmailPasswordUserPayload> {
      if (args.email.length > 254) throw badUserInput("email is too long", "email");
      const { user, created } = await createOrSignInEmailPasswordUser(ctx.db, {
        ...args,
        now: ctx.now,
        limitSecret: ctx.tokens.key,
      });
      const session = await startSession(ctx.db, ctx.tokens, user, "account", ctx.now);
      return { ...(await toTokenAuthResult(ctx.db, session)), user: { id: String(user.id) }, created };
    },
    async socialAuth(
      _: unknown,
      args: {
        accessToken: string;
        provider: string;
        language?: string | null;
        dataPolicyAcknowledged?: boolean | null;
        idToken?: string | null;
        nonce?: string | null;
      },
      ctx: BackendContext,
    ): Promise<SocialAuthPayload> {
      if (!isSocialProvider(args.provider)) throw badUserInput("Unknown provider", "provider");
      // Apple has no user-info endpoint: its ID token is verified here (ADR 0056).
      const identity =
        args.provider === "APPLE"
          ? await verifyAppleIdToken({
              idToken: args.idToken,
              nonce: args.nonce,
              verifier: ctx.flows.apple,
              now: ctx.now,
              logger: ctx.logger,
            })
          : await verifySocialAccessToken({
              provider: args.provider,
              accessToken: args.accessToken,
              userinfoUrls: ctx.flows.userinfoUrls,
              fetch: ctx.flows.fetch,
              logger: ctx.logger,
            });
      const { user, created } = await findOrCreateSocialUser(ctx.db, {
        identity,
        language: args.language,
        dataPolicyAcknowledged: args.dataPolicyAcknowledged,
        now: ctx.now,
      });
      const session = await startSession(ctx.db, ctx.tokens, user, "account", ctx.now);
      const { token: slt } = await issueSingleUseToken(ctx.db, { purpose: "slt", userId: user.id, now: ctx.now });
      return {
        ...(await toTokenAuthResult(ctx.db, session)),
        socialProvider: args.provider,
        email: user.email,
        slt,
        user: { id: String(user.id) },
        created,
      };
    },
    async impersonate(_: unknown, args: { token: string }, ctx: BackendContext): Promise<ImpersonatePayload> {
      const { user, session: impersonation } = await beginImpersonation(ctx.db, {
        token: args.token,
        now: ctx.now,
        sessionSeconds: ctx.flows.impersonationSessionSeconds,
      });
      const session = await startSession(ctx.db, ctx.tokens, user, "account", ctx.now, impersonation);
      const { token: slt } = await issueSingleUseToken(ctx.db, {
        purpose: "slt",
        userId: user.id,
        now: ctx.now,
        impersonation,
      });
      return { ...(await toTokenAuthResult(ctx.db, session)), slt, user: { id: String(user.id) } };
    },
    async addTenancy(
      _: unknown,
      args: { activationCode: string },
      ctx: ServiceContext,
    ): Promise<{ ok: boolean; tenancy: Tenancy }> {
      const user = await ctx.requireCaller();
      const tenancy = await useActivationCode(ctx.db, {
        code: args.activationCode.slice(0, 64),
        userId: user.id,
        now: ctx.now,
      });
      const [result] = await buildTenancies(ctx.db, [tenancy]);
      if (result === undefined) throw new Error(`tenancy ${tenancy.id} could not be built`);
      return { ok: true, tenancy: result };
    },
    async requestPasswordReset(_: unknown, args: { email: string }, ctx: BackendContext): Promise<{ ok: boolean }> {
      await requestPasswordReset(ctx.db, {
        email: args.email,
        now: ctx.now,
        mailer: ctx.flows.mailer,
        portalUrl: ctx.flows.portalUrl,
        brand: ctx.flows.brand,
      });
      return { ok: true };
    },
    async passwordReset(
      _: unknown,
      args: { email: string; token: string; newPassword: string },
      ctx: ServiceContext,
    ): Promise<{ ok: boolean }> {
      await assertNotImpersonated(ctx, "account");
      await resetPassword(ctx.db, { ...args, now: ctx.now });
      return { ok: true };
    },
    async markOnboarded(_: unknown, __: unknown, ctx: ServiceContext): Promise<{ ok: boolean }> {
      const user = await ctx.requireCaller();
      if (!(await isImpersonatedRequest(ctx, "account"))) {
        await ctx.db.updateTable("users").set({ onboarded: 1 }).where("id", "=", user.id).execute();
      }
      return { ok: true };
    },
    async updateAccountSettings(
      _: unknown,
      args: { language?: string | null; emailNotifications?: boolean | null; weeklyUpdate?: boolean | null },
      ctx: ServiceContext,
    ): Promise<AccountUser> {
      const user = await updateAccountSettings(ctx.db, await ctx.requireCaller(), args);
      return toAccountUser(ctx.db, user, { impersonated: await isImpersonatedRequest(ctx, "account") });
    },
    async unsubscribeWeeklyUpdate(_: unknown, args: { token: string }, ctx: ServiceContext): Promise<{ ok: boolean }> {
      // No caller: the signed token names the user (ADR 0076), and turns off this e-mail only.
      const userId = verifyPurposeToken(ctx.tokens.key, "weekly-update-unsubscribe", args.token);
      if (userId === null) throw badUserInput("The unsubscribe link is not valid", "token");
      await ctx.db.updateTable("users").set({ weekly_update: 0 }).where("id", "=", userId).execute();
      return { ok: true };
    },
    ...tenancyUsersResolvers.Mutation,
    ...profileResolvers.Mutation,
    ...rateLimitResolvers.Mutation,
  },
};
