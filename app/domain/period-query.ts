/**
 * The period selector's state in the URL (DESIGN.md section 1, "the URL is the state"):
 * `from` and `to` (inclusive calendar dates) and `compare`. The selector is a GET form; a chosen
 * preset arrives as `preset=…` and is turned into canonical `from`/`to` by a redirect, so every
 * view has one bookmarkable address. Bad parameters never fail the page: the default period is
 * shown with an error, and what was typed is handed back to the form.
 */
import {
  addDays,
  addMonths,
  defaultPeriod,
  type IsoDate,
  isIsoDate,
  matchNamedPeriod,
  type NamedPeriod,
  namedPeriod,
  namedPeriods,
  type Period,
  periodDays,
} from "@common/period";

export const compareChoices = [
  "none",
  "previous-period",
  "previous-year",
  "property-average",
  "efficient-neighbours",
] as const;
export type CompareChoice = (typeof compareChoices)[number];

/**
 * The comparisons with other homes of the property (the property average, ADR 0007, and the
 * efficient neighbours, ADR 0073): figures of the whole home, so not possible per room or meter.
 */
export const homeComparisons = ["property-average", "efficient-neighbours"] as const satisfies readonly CompareChoice[];

export function isHomeComparison(compare: CompareChoice): compare is (typeof homeComparisons)[number] {
  return (homeComparisons as readonly string[]).includes(compare);
}

export const extraPresets = ["since-moving-in", "billing-year"] as const;
export type Preset = NamedPeriod | (typeof extraPresets)[number] | "custom";

/** Longest period a resident can ask for (ten years and a bit): beyond it the chart says nothing. */
export const maxPeriodDays = 3700;

/** The years the back-end keeps dates for (spec section 9 dates are local Copenhagen datetimes). */
export const earliestDate = "2000-01-01";
export const latestDate = "2099-12-31";

export type PeriodError = "invalid-date" | "out-of-range" | "end-before-start" | "too-long";

export interface PeriodContext {
  today: IsoDate;
  tenancyStart: IsoDate;
  tenancyEnd: IsoDate | null;
  billingPeriod: { start: IsoDate | null; end: IsoDate | null } | null;
  /** previous-period on room and meter pages (spec section 3), none elsewhere. */
  defaultCompare: CompareChoice;
}

export interface PeriodQuery {
  period: Period;
  compare: CompareChoice;
  /** The preset the period equals, for the selector; custom otherwise. */
  preset: Preset;
  error: PeriodError | null;
  /** What the resident typed, to put back into the date fields when it was not usable. */
  typed: { from: string; to: string };
  /** Set when the URL named a preset: the canonical search to redirect to. */
  redirectSearch: string | null;
}

export function isCompareChoice(value: unknown): value is CompareChoice {
  return typeof value === "string" && (compareChoices as readonly string[]).includes(value);
}

function isNamedPeriod(value: unknown): value is NamedPeriod {
  return typeof value === "string" && (namedPeriods as readonly string[]).includes(value);
}

/** Since moving in: the tenancy's first day until today (or its last day if it has ended). */
export function sinceMovingIn(context: Pick<PeriodContext, "today" | "tenancyStart" | "tenancyEnd">): Period {
  const to = context.tenancyEnd && context.tenancyEnd < context.today ? context.tenancyEnd : context.today;
  return { from: context.tenancyStart, to: to < context.tenancyStart ? context.tenancyStart : to };
}

/** The billing year when the tenancy has one with both ends. */
export function billingYear(context: Pick<PeriodContext, "billingPeriod">): Period | null {
  const billing = context.billingPeriod;
  if (!billing?.start || !billing.end || billing.end < billing.start) return null;
  return { from: billing.start, to: billing.end };
}

function presetPeriod(preset: string, context: PeriodContext): Period | null {
  if (isNamedPeriod(preset)) return namedPeriod(preset, context.today);
  if (preset === "since-moving-in") return sinceMovingIn(context);
  if (preset === "billing-year") return billingYear(context);
  return null;
}

/** Which preset a period is, for showing it selected. */
export function presetOf(period: Period, context: PeriodContext): Preset {
  const named = matchNamedPeriod(period, context.today);
  if (named) return named;
  const moving = sinceMovingIn(context);
  if (moving.from === period.from && moving.to === period.to) return "since-moving-in";
  const billing = billingYear(context);
  if (billing && billing.from === period.from && billing.to === period.to) return "billing-year";
  return "custom";
}

/** The search parameters (without `?`) of a period and comparison, keeping `keep` (tab, view …). */
export function periodSearch(
  period: Period,
  compare: CompareChoice,
  keep: Record<string, string | null | undefined> = {},
): string {
  const params = new URLSearchParams({ from: period.from, to: period.to, compare });
  for (const [name, value] of Object.entries(keep)) if (value) params.set(name, value);
  return params.toString();
}

/** Parameters that are view state besides the period, kept across period changes. */
export const keptParams = ["tab", "view", "per", "group", "resolution"] as const;

function kept(search: URLSearchParams): Record<string, string | null> {
  return Object.fromEntries(keptParams.map((name) => [name, search.get(name)]));
}

/** Reads the period, comparison and preset from a URL's search parameters. */
export function readPeriodQuery(search: URLSearchParams, context: PeriodContext): PeriodQuery {
  const compareParam = search.get("compare");
  const compare = isCompareChoice(compareParam) ? compareParam : context.defaultCompare;
  const typed = { from: search.get("from") ?? "", to: search.get("to") ?? "" };

  // A preset chosen in the selector (unless its date fields' own button was used).
  const preset = search.get("preset");
  if (preset && preset !== "custom" && search.get("apply") !== "dates") {
    const period = presetPeriod(preset, context);
    if (period) {
      return {
        period,
        compare,
        preset: presetOf(period, context),
        error: null,
        typed: { from: period.from, to: period.to },
        redirectSearch: periodSearch(period, compare, kept(search)),
      };
    }
  }

  const fallback = (error: PeriodError | null): PeriodQuery => {
    const period = defaultPeriod(context.today);
    return { period, compare, preset: presetOf(period, context), error, typed, redirectSearch: null };
  };
  if (!typed.from && !typed.to) return fallback(null);
  if (!isIsoDate(typed.from) || !isIsoDate(typed.to)) return fallback("invalid-date");
  if (typed.from < earliestDate || typed.to > latestDate) return fallback("out-of-range");
  const period = { from: typed.from, to: typed.to };
  if (period.to < period.from) return fallback("end-before-start");
  if (periodDays(period) > maxPeriodDays) return fallback("too-long");
  // A resubmitted selector (apply=dates or preset=custom) is redirected to its canonical address.
  const redirectSearch =
    search.has("preset") || search.has("apply") ? periodSearch(period, compare, kept(search)) : null;
  return { period, compare, preset: presetOf(period, context), error: null, typed, redirectSearch };
}

/** The first day with data can be no earlier than this: the stepper does not go before moving in. */
export function canStepBack(period: Period, context: Pick<PeriodContext, "tenancyStart">): boolean {
  return period.from > context.tenancyStart;
}

/** Stepping forward stops at the period holding today. */
export function canStepForward(period: Period, context: Pick<PeriodContext, "today">): boolean {
  return period.to < context.today;
}

/**
 * The dates a comparison is taken over (ADR 0018), for the legend to name them: the same number of
 * days just before the period, or the same dates a year earlier (29 February → 28 February). Null
 * when the comparison has no dates of its own (the property average covers the period's dates) or
 * there is none.
 */
export function comparedPeriod(period: Period, compare: CompareChoice): Period | null {
  if (compare === "previous-period") {
    const days = periodDays(period);
    return { from: addDays(period.from, -days), to: addDays(period.to, -days) };
  }
  if (compare === "previous-year") return { from: addMonths(period.from, -12), to: addMonths(period.to, -12) };
  return null;
}
