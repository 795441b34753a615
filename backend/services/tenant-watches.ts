/**
 * Resolvers of the watches (schema/tenant-alarms.graphql, issue 47 items 1–3, ADR 0075): a
 * resident's own watch settings on a tenancy they hold, and the dashboard suggestion.
 */

import type { Watch, WatchSettings } from "../schema/tenant.generated";
import { callerAndTenancy } from "./access";
import type { ServiceContext } from "./context";

export const watchEnumResolvers = {
  WatchKind: { LEAK: "leak", HEATING_LEFT_ON: "heating_left_on" },
} as const;

export const tenantWatchQueries = {
  async watches(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<WatchSettings> {
    await callerAndTenancy(ctx, args.tenancyId);
    throw new Error("not implemented yet");
  },
};

export const tenantWatchMutations = {
  async setWatch(
    _: unknown,
    args: { tenancyId: number; kind: Watch["kind"]; enabled: boolean },
    ctx: ServiceContext,
  ): Promise<Watch> {
    await callerAndTenancy(ctx, args.tenancyId);
    throw new Error("not implemented yet");
  },
  async dismissWatchSuggestion(_: unknown, args: { tenancyId: number }, ctx: ServiceContext): Promise<boolean> {
    await callerAndTenancy(ctx, args.tenancyId);
    throw new Error("not implemented yet");
  },
};
