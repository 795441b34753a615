/**
 * Resolvers of the users service (schema/users.graphql), the spec's "second service". Its access
 * tokens carry aud 'users' and are also what the tenant data service accepts.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, UserRow } from "../db/types";
import type { LoginResult, PropertySetting, UsersUser, UserUnit } from "../schema/users.generated";
import { tenancyIdsOfUser, unitsVisibleToUser } from "./access";
import type { ServiceContext } from "./context";
import { badUserInput, invalidToken } from "./errors";
import { renameUser } from "./profile";
import { consumeSingleUseToken, impersonationOfToken } from "./short-lived-tokens";
import { refreshSession, type Session, startSession, verifyCredentials } from "./sign-in";
import { revokeRefreshToken } from "./tokens";

/** The only target resource this back-end signs in for. */
export const tenantTargetResource = "tenant";

const credentialsInput = z.object({
  email: z.string(),
  password: z.string(),
  targetResource: z.literal(tenantTargetResource, {
    error: `targetResource must be '${tenantTargetResource}'`,
  }),
});

function toLoginResult(session: Session): LoginResult {
  return {
    ok: { token: session.access.token, refreshToken: session.refresh.token, expiresAt: session.access.exp },
  };
}

/**
 * Permissions derived from the user's flags. Every active user may read their own tenancies'
 * data; admin and superuser flags add their own entries (their use is not shown in the spec).
 */
export function permissionsOf(user: UserRow): UsersUser["permissions"] {
  const permissions = [{ name: "tenant.read", description: "Read the consumption data of own tenancies" }];
  if (user.is_admin === 1) permissions.push({ name: "admin", description: "Administer tenancies and users" });
  if (user.is_superuser === 1) permissions.push({ name: "superuser", description: "All permissions" });
  return permissions;
}

/** Settings of the given properties, keyed by property id, ordered by kind. */
export async function propertySettingsById(
  db: Kysely<Database>,
  propertyIds: readonly number[],
): Promise<Map<number, PropertySetting[]>> {
  const result = new Map<number, PropertySetting[]>(propertyIds.map((id) => [id, []]));
  if (propertyIds.length === 0) return result;
  const rows = await db
    .selectFrom("property_settings")
    .select(["property_id", "kind"])
    .where("property_id", "in", propertyIds)
    .orderBy("kind")
    .execute();
  for (const row of rows) result.get(row.property_id)?.push({ kind: row.kind });
  return result;
}

export async function toUsersUser(db: Kysely<Database>, user: UserRow): Promise<UsersUser> {
  const tenancyIds = await tenancyIdsOfUser(db, user.id);
  return {
    id: String(user.id),
    name: user.name,
    email: user.email,
    language: user.language,
    permissions: permissionsOf(user),
    accounts: tenancyIds.sort((a, b) => a - b).map((id) => ({ id: String(id) })),
  };
}

export const usersResolvers = {
  Query: {
    async me(_: unknown, __: unknown, ctx: ServiceContext): Promise<UsersUser> {
      return toUsersUser(ctx.db, await ctx.requireCaller());
    },
    async userUnits(_: unknown, __: unknown, ctx: ServiceContext): Promise<UserUnit[]> {
      const user = await ctx.requireCaller();
      const units = await unitsVisibleToUser(ctx.db, user.id);
      const propertyIds = [...new Set(units.map((unit) => unit.property_id))];
      if (propertyIds.length === 0) return [];
      const properties = await ctx.db
        .selectFrom("properties")
        .select(["id", "number"])
        .where("id", "in", propertyIds)
        .execute();
      const propertyById = new Map(properties.map((property) => [property.id, property]));
      const settings = await propertySettingsById(ctx.db, propertyIds);
      return units.map((unit) => {
        const property = propertyById.get(unit.property_id);
        if (property === undefined) throw new Error(`property ${unit.property_id} not found`);
        return {
          unit: { id: String(unit.id), unitUniqueId: unit.unique_id, name: unit.name },
          path: [
            {
              property: {
                id: String(property.id),
                number: property.number,
                settings: settings.get(property.id) ?? [],
              },
            },
          ],
        };
      });
    },
  },
  Mutation: {
    async loginWithEmailAndPassword(
      _: unknown,
      args: { credentials: { email: string; password: string; targetResource: string } },
      ctx: ServiceContext,
    ): Promise<LoginResult> {
      const parsed = credentialsInput.safeParse(args.credentials);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badUserInput(issue?.message ?? "Invalid credentials", issue?.path.join("."));
      }
      const user = await verifyCredentials(ctx.db, parsed.data, {
        secret: ctx.tokens.key,
        now: ctx.now,
        service: "users",
      });
      return toLoginResult(await startSession(ctx.db, ctx.tokens, user, "users", ctx.now));
    },
    async refreshToken(_: unknown, args: { refreshToken: string }, ctx: ServiceContext): Promise<LoginResult> {
      return toLoginResult(await refreshSession(ctx.db, ctx.tokens, args.refreshToken, "users", ctx.now));
    },
    async revokeToken(_: unknown, args: { refreshToken: string }, ctx: ServiceContext): Promise<{ revoked: boolean }> {
      return {
        revoked: await revokeRefreshToken(ctx.db, { token: args.refreshToken, service: "users", now: ctx.now }),
      };
    },
    /** The slt of socialAuth or impersonate (ADR 0009): single use, 60 s, carries the impersonation session on. */
    async loginFromSlt(_: unknown, args: { token: string }, ctx: ServiceContext): Promise<LoginResult> {
      const row = await consumeSingleUseToken(ctx.db, { purpose: "slt", token: args.token, now: ctx.now });
      if (row === null) throw invalidToken();
      const user = await ctx.db.selectFrom("users").selectAll().where("id", "=", row.user_id).executeTakeFirst();
      if (user === undefined || user.is_active !== 1) throw invalidToken();
      const impersonation = impersonationOfToken(row);
      if (impersonation !== null && impersonation.endsAt.getTime() <= ctx.now.getTime()) throw invalidToken();
      return toLoginResult(await startSession(ctx.db, ctx.tokens, user, "users", ctx.now, impersonation));
    },
    /** Profile settings (profile.ts): allowed in a support session. */
    async updateMyName(_: unknown, args: { name: string }, ctx: ServiceContext): Promise<UsersUser> {
      const user = await ctx.requireCaller();
      return toUsersUser(ctx.db, await renameUser(ctx.db, user.id, args.name));
    },
  },
};
