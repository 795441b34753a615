/**
 * tenantDegreeDays: the heating degree days of a tenancy's property over a period (issue 46 item 1,
 * ADR 0070), read from the property's outdoor meter (ADR 0071). The weather is the property's, so
 * the days are not cut to the tenancy; the tenancy is checked all the same (unitScopeOf).
 */

import { addDays, type DayRange, dayKeyOf, daysBetween, daysOfWallPeriod } from "@common/calendar";
import type { NormalYearSource as NormalYearSourceEnum } from "@common/graphql-enums.generated";
import {
  type DegreeDayResolution,
  degreeDayPeriod,
  type NormalYearSource,
  normalYearHistoryDays,
  normalYearOf,
} from "../../weather/degree-day-period";
import { outdoorDayMeans } from "../../weather/outdoor-store";
import type { ServiceContext } from "../context";
import { badUserInput } from "../errors";
import { parseResolution, parseWall } from "./arguments";
import { dayCache } from "./day-cache";
import { unitScopeOf } from "./unit-scope";

interface DegreeDaysArgs {
  input: { tenancyId: number; periodBegin: string; periodEnd: string; resolution: string };
}

/** Most days a period of degree days may have (DAILY's limit, about three years). */
export const MAX_DEGREE_DAY_SPAN_DAYS = 1_100;

const sourceNames: Readonly<Record<NormalYearSource, NormalYearSourceEnum>> = {
  "own-history": "OWN_HISTORY",
  "country-table": "COUNTRY_TABLE",
};

/**
 * A property's normal year is read from up to 30 years of its days (normalYearHistoryDays) and
 * changes only with the year: kept per property and day, so a page of degree days reads only its
 * own days, not the whole history on every request.
 */
const normalYearCache = dayCache<ReturnType<typeof normalYearOf>>();

export async function tenantDegreeDays(_: unknown, { input }: DegreeDaysArgs, ctx: ServiceContext) {
  const resolution = degreeDayResolution(input.resolution);
  const days = degreeDayDays(input.periodBegin, input.periodEnd);
  const scope = await unitScopeOf(ctx, input.tenancyId);
  const propertyId = scope.property.id;
  const today = dayKeyOf(ctx.now.getTime());
  const country = scope.property.country;
  const [means, normal] = await Promise.all([
    outdoorDayMeans(ctx.db, propertyId, days.fromDay, days.endDay),
    normalYearCache(ctx, [propertyId, country], async () => {
      const history = normalYearHistoryDays(today);
      return normalYearOf(await outdoorDayMeans(ctx.db, propertyId, history.fromDay, history.endDay), today, country);
    }),
  ]);
  const period = degreeDayPeriod(means, normal?.normal ?? null, resolution, days);
  return {
    firstDay: period.fromDay,
    lastDay: addDays(period.endDay, -1),
    degreeDays: period.degreeDays,
    days: period.days,
    daysWithData: period.daysWithData,
    normalDegreeDays: period.normalDegreeDays,
    normalYearSource: normal === null ? null : sourceNames[normal.source],
    normalYearCountry: normal?.country ?? null,
    buckets: period.buckets.map((bucket) => ({
      firstDay: bucket.fromDay,
      lastDay: addDays(bucket.endDay, -1),
      partial: bucket.partial,
      degreeDays: bucket.degreeDays,
      days: bucket.days,
      daysWithData: bucket.daysWithData,
      normalDegreeDays: bucket.normalDegreeDays,
    })),
  };
}

function degreeDayResolution(value: string): DegreeDayResolution {
  const resolution = parseResolution(value);
  if (resolution === "HOURLY") {
    throw badUserInput("Degree days are per day: resolution must be DAILY, WEEKLY, MONTHLY or YEARLY", "resolution");
  }
  return resolution;
}

/** The whole days of the API's periodBegin/periodEnd, as the other queries read them, at most MAX_DEGREE_DAY_SPAN_DAYS. */
function degreeDayDays(periodBegin: string, periodEnd: string): DayRange {
  const period = {
    beginWall: parseWall(periodBegin, "periodBegin", false),
    endWall: parseWall(periodEnd, "periodEnd", true),
  };
  if (period.endWall <= period.beginWall) throw badUserInput("periodEnd must be after periodBegin", "periodEnd");
  const days = daysOfWallPeriod(period);
  const count = daysBetween(days.fromDay, days.endDay);
  if (count > MAX_DEGREE_DAY_SPAN_DAYS) {
    throw badUserInput(
      `A period of degree days may span at most ${MAX_DEGREE_DAY_SPAN_DAYS} days; this one spans ${count}`,
      "periodEnd",
    );
  }
  return days;
}
