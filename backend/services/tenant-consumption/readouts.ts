/** readoutMinMax and meterReadouts: a meter's register readings at the ends of a period. */
import { formatInstant, fromWall } from "@common/calendar";
import type { ServiceContext } from "../context";
import { badUserInput, forbidden } from "../errors";
import { parseQuantity, parseWall } from "./arguments";
import { type UnitScope, unitScopeOf } from "./unit-scope";

interface ReadoutArgs {
  tenancyId: number;
  meterNumber: string;
  quantity: string;
  fromDate: string;
  toDate: string;
}

export async function readoutMinMax(_: unknown, args: ReadoutArgs, ctx: ServiceContext) {
  const quantity = parseQuantity(args.quantity);
  const from = parseWall(args.fromDate, "fromDate", false);
  const to = parseWall(args.toDate, "toDate", true);
  if (to < from) throw badUserInput("toDate must not be before fromDate", "toDate");
  const scope = await unitScopeOf(ctx, args.tenancyId);
  const meter = scope.meters.find((candidate) => candidate.number === args.meterNumber);
  if (meter === undefined) throw forbidden();
  if (meter.quantity !== quantity)
    throw badUserInput(`Meter ${meter.number} measures ${meter.quantity}, not ${quantity}`, "quantity");

  return { meterNumber: meter.number, quantity, ...(await readoutsBetween(ctx, scope, meter.id, from, to)) };
}

interface Readouts {
  firstReadoutTimestamp: string | null;
  firstReadoutValue: number | null;
  lastReadoutTimestamp: string | null;
  lastReadoutValue: number | null;
}

/** A meter's first and last raw reading within [from, to] (local wall times), clamped to the tenancy. */
async function readoutsBetween(
  ctx: ServiceContext,
  scope: UnitScope,
  meterId: number,
  from: number,
  to: number,
): Promise<Readouts> {
  const fromS = Math.max(Math.ceil(fromWall(from) / 1000), scope.window.fromS);
  const toS = Math.min(Math.floor(fromWall(to) / 1000), scope.window.toS);
  const empty = {
    firstReadoutTimestamp: null,
    firstReadoutValue: null,
    lastReadoutTimestamp: null,
    lastReadoutValue: null,
  };
  if (fromS > toS) return empty;
  const query = ctx.db
    .selectFrom("meter_readings")
    .select(["ts", "value"])
    .where("meter_id", "=", meterId)
    .where("ts", ">=", fromS)
    .where("ts", "<=", toS);
  const [first, last] = await Promise.all([
    query.orderBy("ts", "asc").limit(1).executeTakeFirst(),
    query.orderBy("ts", "desc").limit(1).executeTakeFirst(),
  ]);
  if (first === undefined || last === undefined) return empty;
  return {
    firstReadoutTimestamp: formatInstant(first.ts * 1000),
    firstReadoutValue: first.value,
    lastReadoutTimestamp: formatInstant(last.ts * 1000),
    lastReadoutValue: last.value,
  };
}

/**
 * meterReadouts (the meter list): every meter of the tenancy's unit with its first and
 * last reading within [fromDate, toDate] and its latest reading of the tenancy, in one call.
 */
export async function meterReadouts(
  _: unknown,
  args: { tenancyId: number; fromDate: string; toDate: string },
  ctx: ServiceContext,
) {
  const from = parseWall(args.fromDate, "fromDate", false);
  const to = parseWall(args.toDate, "toDate", true);
  if (to < from) throw badUserInput("toDate must not be before fromDate", "toDate");
  const scope = await unitScopeOf(ctx, args.tenancyId);
  return Promise.all(
    scope.meters.map(async (meter) => {
      const [period, latest] = await Promise.all([
        readoutsBetween(ctx, scope, meter.id, from, to),
        latestReadout(ctx, scope, meter.id),
      ]);
      return {
        id: String(meter.id),
        meterNumber: meter.number,
        quantity: meter.quantity,
        roomName: meter.roomName,
        ...period,
        ...latest,
      };
    }),
  );
}

async function latestReadout(ctx: ServiceContext, scope: UnitScope, meterId: number) {
  const row = await ctx.db
    .selectFrom("meter_readings")
    .select(["ts", "value"])
    .where("meter_id", "=", meterId)
    .where("ts", ">=", scope.window.fromS)
    .where("ts", "<=", scope.window.toS)
    .orderBy("ts", "desc")
    .limit(1)
    .executeTakeFirst();
  return { latestReadoutTimestamp: row ? formatInstant(row.ts * 1000) : null, latestReadoutValue: row?.value ?? null };
}
