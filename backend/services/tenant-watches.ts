/**
 * Resolvers of the watches (schema/tenant-alarms.graphql, issue 47 items 1–3, ADR 0075): a
 * resident's own watch settings on a tenancy they hold, off by default, and the dashboard's
 * suggestion to turn them on. Every call checks the caller holds the tenancy first (FORBIDDEN).
 */

import { todayInCopenhagen } from "@common/calendar";
import { type WatchKind, watchKinds } from "@common/watches";
import type { Kysely } from "kysely";
import type { Database, TenancyRow } from "../db/types";
import type { Watch, WatchSettings } from "../schema/tenant.generated";
import { watchOffers } from "../watches/offers";
import { callerAndTenancy } from "./access";
import type { ServiceContext } from "./context";
import { serviceError } from "./errors";

/** The wire's WatchKind (LEAK) and the domain's (leak), mapped here and nowhere else. */
export const watchEnumResolvers = {
  WatchKind: { LEAK: "leak", HEATING_LEFT_ON: "heating_left_on" },
} as const satisfies { WatchKind: Record<string, WatchKind> };

/** The caller's watches on the tenancy, both kinds in watchKinds' order (LEAK first). */
async function watchesOf(db: Kysely<Database>, userId: number, tenancy: TenancyRow): Promise<Watch[]> {
  const [offers, rows] = await Promise.all([
    watchOffers(db, [tenancy]),
    db
      .selectFrom("watches")
      .select(["kind", "enabled"])
      .where("user_id", "=", userId)
      .where("tenancy_id", "=", tenancy.id)
      .execute(),
  ]);
  const offer = offers.get(tenancy.id)!;
  return watchKinds.map((kind) => {
    const { available, reason } = offer[kind];
    const on = rows.some((row) => row.kind === kind && row.enabled === 1);
    return { kind, enabled: available && on, available, unavailableReason: reason };
  });
}

export const tenantWatchQueries = {
  async watches(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<WatchSettings> {
    const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
    const [watches, dismissed] = await Promise.all([
      watchesOf(ctx.db, caller.id, tenancy),
      ctx.db
        .selectFrom("watch_suggestions")
        .select("dismissed_at")
        .where("user_id", "=", caller.id)
        .where("tenancy_id", "=", tenancy.id)
        .executeTakeFirst(),
    ]);
    return { watches, suggestionDismissed: dismissed !== undefined || watches.some((watch) => watch.enabled) };
  },
};

export const tenantWatchMutations = {
  async setWatch(
    _: unknown,
    args: { tenancyId: number; kind: WatchKind; enabled: boolean },
    ctx: ServiceContext,
  ): Promise<Watch> {
    const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
    const offer = (await watchOffers(ctx.db, [tenancy])).get(tenancy.id)![args.kind];
    if (args.enabled && !offer.available) throw serviceError("WATCH_UNAVAILABLE", undefined, { reason: offer.reason });
    const at = ctx.now.toISOString();
    const key = { user_id: caller.id, tenancy_id: tenancy.id, kind: args.kind };
    const existing = await ctx.db
      .selectFrom("watches")
      .select("enabled")
      .where("user_id", "=", key.user_id)
      .where("tenancy_id", "=", key.tenancy_id)
      .where("kind", "=", key.kind)
      .executeTakeFirst();
    if (args.enabled && existing?.enabled !== 1) {
      // Switched on: judged from today (with the few days before it a run needs), as a new watch.
      const fresh = { enabled: 1, since: todayInCopenhagen(ctx.now), evaluated_through: null, updated_at: at };
      await ctx.db
        .insertInto("watches")
        .values({ ...key, ...fresh })
        .onConflict((oc) => oc.columns(["user_id", "tenancy_id", "kind"]).doUpdateSet(fresh))
        .execute();
    } else if (!args.enabled && existing?.enabled === 1) {
      await ctx.db
        .updateTable("watches")
        .set({ enabled: 0, updated_at: at })
        .where("user_id", "=", key.user_id)
        .where("tenancy_id", "=", key.tenancy_id)
        .where("kind", "=", key.kind)
        .execute();
    }
    return {
      kind: args.kind,
      enabled: args.enabled && offer.available,
      available: offer.available,
      unavailableReason: offer.reason,
    };
  },

  async dismissWatchSuggestion(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<boolean> {
    const { caller, tenancy } = await callerAndTenancy(ctx, args.tenancyId);
    await ctx.db
      .insertInto("watch_suggestions")
      .values({ user_id: caller.id, tenancy_id: tenancy.id, dismissed_at: ctx.now.toISOString() })
      .onConflict((oc) => oc.columns(["user_id", "tenancy_id"]).doNothing())
      .execute();
    return true;
  },
};
