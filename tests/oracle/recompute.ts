/**
 * An independent recomputation of the figures a consumption page shows ("your own
 * oracle"), from raw meter readings only: no rollups, no code of backend/consumption or app/.
 *
 * The definitions are the lead's (ADR 0018, what a figure covers):
 * - P = [from, to], calendar dates in the tenancy's time zone, clamped to the tenancy.
 * - Buckets (day, ISO week, calendar month) are clipped to P; a clipped one is partial.
 * - A total is the total over exactly P (an hour-weighted mean for average quantities).
 * - Previous period: f(d) = d − n days, n = the days of P, for every resolution.
 * - Previous year: f(d) = the same calendar date a year earlier (29 Feb → 28 Feb); a bucket's
 *   comparison is the image of its clipped dates, the total the image of P.
 * - Hourly rows of a daylight-saving day are matched by clock time: the spring-forward row
 *   01:00–03:00 compares with the compared day's 01:00 and 02:00 hours; the autumn day's second
 *   02:00 row (winter time) has no comparison; a normal day's 02:00 row takes both 02:00 hours of
 *   an autumn compared day and nothing of a spring one; comparison totals cover the whole
 *   compared day.
 * - Previous year as a set of dates: a compared 29 February is never counted.
 * - Like with like (issue 25): n counts P's days of the tenancy (P is clamped first). A P that runs
 *   past now is compared only as far as its values go: E = the end of the latest hour with a value
 *   (a register's latest reading, rounded up to the hour; a sample's hour end), or the start of the
 *   current hour without any. Every comparison (rows, legend, cards) stops at the compared
 *   instant of E: the first instant of E's compared date whose local clock reads E's hour or later.
 * - Property average: per bucket the mean over the property's other units with data for the
 *   quantity, none where fewer than three have data.
 *
 * Readings come through the Readings interface: register meters (addition quantities) hold the
 * cumulative register at an instant, sample meters (average quantities) the sample of the hour
 * starting at the instant. memoryReadings() implements it over arrays (unit tests); the end-to-end
 * test reads the e2e database (sqlite-source.ts).
 */

export type IsoDate = string;
export type Aggregation = "addition" | "average";
export type Span = "hour" | "day" | "week" | "month";
export type Compare = "none" | "previous-period" | "previous-year" | "property-average";

export interface Reading {
  ts: number;
  value: number;
}

/** Raw readings of meters. Instants are epoch seconds. */
export interface Readings {
  /** Register advance of the meters between s and e: per meter the last reading in [s, e] minus the first; null if no meter has two. */
  consumption(meterIds: readonly number[], s: number, e: number): number | null;
  /** Sum and number of the samples of the meters with s ≤ ts < e. */
  samples(meterIds: readonly number[], s: number, e: number): { sum: number; count: number };
  /** The latest reading's instant of the meters with s ≤ ts ≤ e, or null. */
  latest(meterIds: readonly number[], s: number, e: number): number | null;
}

// ---------------------------------------------------------------------------------------------
// Calendar dates and the tenancy's local clock

const DAY = 86_400;

function dayNumber(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 1000 / DAY;
}
function fromDayNumber(n: number): IsoDate {
  return new Date(n * DAY * 1000).toISOString().slice(0, 10);
}
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(dayNumber(date) + days);
}
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}
/** 0 = Monday … 6 = Sunday. */
export function weekday(date: IsoDate): number {
  return (((dayNumber(date) + 3) % 7) + 7) % 7;
}
/** The same calendar date a year earlier; 29 February becomes 28 February. */
export function yearEarlier(date: IsoDate): IsoDate {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, "0");
  const monthDay = date.slice(5);
  return monthDay === "02-29" ? `${year}-02-28` : `${year}-${monthDay}`;
}
/** ISO 8601 week and week-year of a date. */
export function isoWeek(date: IsoDate): { week: number; year: number } {
  const thursday = addDays(date, 3 - weekday(date));
  const year = Number(thursday.slice(0, 4));
  const jan4 = `${year}-01-04`;
  const firstThursday = addDays(jan4, 3 - weekday(jan4));
  return { week: 1 + daysBetween(firstThursday, thursday) / 7, year };
}
function lastOfMonth(date: IsoDate): IsoDate {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return fromDayNumber(Date.UTC(y, m, 1) / 1000 / DAY - 1);
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** Local date and hour of an instant in a time zone. */
export function localClock(ts: number, timeZone: string): { date: IsoDate; hour: number; minute: number } {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ts * 1000)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** Epoch seconds of local midnight at the start of a date. */
const midnights = new Map<string, number>();
export function localMidnight(date: IsoDate, timeZone: string): number {
  const key = `${timeZone}|${date}`;
  const known = midnights.get(key);
  if (known !== undefined) return known;
  const ts = findLocalMidnight(date, timeZone);
  midnights.set(key, ts);
  return ts;
}

function findLocalMidnight(date: IsoDate, timeZone: string): number {
  const naive = dayNumber(date) * DAY;
  for (const offsetHours of [
    0, 1, 2, -1, 3, -2, 4, -3, 5, 6, 7, 8, 9, 10, 11, 12, -4, -5, -6, -7, -8, -9, -10, -11, -12, 13, 14,
  ]) {
    const ts = naive - offsetHours * 3600;
    const clock = localClock(ts, timeZone);
    if (clock.date === date && clock.hour === 0 && clock.minute === 0) return ts;
  }
  throw new Error(`no local midnight for ${date} in ${timeZone}`);
}

// ---------------------------------------------------------------------------------------------
// Periods, buckets and their comparisons

export interface DateRange {
  from: IsoDate;
  to: IsoDate;
}

export interface Tenancy {
  start: IsoDate;
  end: IsoDate | null;
}

/** A range intersected with the tenancy, or null when nothing is left. */
export function clampToTenancy(range: DateRange, tenancy: Tenancy): DateRange | null {
  const from = range.from < tenancy.start ? tenancy.start : range.from;
  const to = tenancy.end && range.to > tenancy.end ? tenancy.end : range.to;
  return from <= to ? { from, to } : null;
}

export interface DateBucket {
  span: Exclude<Span, "hour">;
  /** The dates of the bucket inside P. */
  range: DateRange;
  /** The bucket's whole calendar span (the day, ISO week or month). */
  calendar: DateRange;
  partial: boolean;
}

/** The day, week or month buckets of P, clipped to P. */
export function dateBuckets(p: DateRange, span: Exclude<Span, "hour">): DateBucket[] {
  const buckets: DateBucket[] = [];
  let cursor = p.from;
  while (cursor <= p.to) {
    const calendar =
      span === "day"
        ? { from: cursor, to: cursor }
        : span === "week"
          ? { from: addDays(cursor, -weekday(cursor)), to: addDays(cursor, 6 - weekday(cursor)) }
          : { from: `${cursor.slice(0, 7)}-01`, to: lastOfMonth(cursor) };
    const range = { from: cursor, to: calendar.to < p.to ? calendar.to : p.to };
    buckets.push({ span, range, calendar, partial: range.from !== calendar.from || range.to !== calendar.to });
    cursor = addDays(range.to, 1);
  }
  return buckets;
}

/** The image of a range under a comparison's date mapping (previous period: n days back). */
export function comparedRange(range: DateRange, compare: "previous-period" | "previous-year", n: number): DateRange {
  if (compare === "previous-period") return { from: addDays(range.from, -n), to: addDays(range.to, -n) };
  return { from: yearEarlier(range.from), to: yearEarlier(range.to) };
}

/**
 * The image of a range as a set of dates, in contiguous pieces. A year back no date maps to a
 * 29 February (29 Feb → 28 Feb, and the year after a leap year has none), so a compared leap day
 * is cut out.
 */
export function comparedRanges(range: DateRange, compare: "previous-period" | "previous-year", n: number): DateRange[] {
  const image = comparedRange(range, compare, n);
  if (compare === "previous-period") return [image];
  const pieces: DateRange[] = [];
  let from = image.from;
  for (let year = Number(image.from.slice(0, 4)); year <= Number(image.to.slice(0, 4)); year++) {
    const leapDay = `${String(year).padStart(4, "0")}-02-29`;
    const isLeap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
    if (!isLeap || leapDay < from || leapDay > image.to) continue;
    if (from < leapDay) pieces.push({ from, to: addDays(leapDay, -1) });
    from = addDays(leapDay, 1);
  }
  if (from <= image.to) pieces.push({ from, to: image.to });
  return pieces;
}

export interface HourRow {
  /** Epoch seconds of the row's first instant and of its end. */
  s: number;
  e: number;
  /** Local clock hours the row stands for: [1, 2] for the spring-forward row 01:00–03:00. */
  clockHours: number[];
  /** On the autumn day, which of the two 02:00 hours. */
  repeated?: "summer" | "winter";
}

/** The hour rows of a day, by the local clock. */
export function hourRows(date: IsoDate, timeZone: string): HourRow[] {
  const start = localMidnight(date, timeZone);
  const end = localMidnight(addDays(date, 1), timeZone);
  const rows: HourRow[] = [];
  const seen = new Set<number>();
  for (let s = start; s < end; s += 3600) {
    const hour = localClock(s, timeZone).hour;
    const next = s + 3600 >= end ? 24 : localClock(s + 3600, timeZone).hour;
    const clockHours: number[] = [];
    for (let h = hour; h < (next > hour ? next : hour + 1); h++) clockHours.push(h);
    const row: HourRow = { s, e: s + 3600, clockHours };
    if (next === hour) row.repeated = "summer";
    else if (seen.has(hour)) row.repeated = "winter";
    seen.add(hour);
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Values

export interface Series {
  meterIds: readonly number[];
  aggregation: Aggregation;
}

/** The value of a series over [s, e): the consumption, or the mean of the samples. */
export function valueOver(readings: Readings, series: Series, s: number, e: number): number | null {
  if (series.meterIds.length === 0 || e <= s) return null;
  if (series.aggregation === "addition") return readings.consumption(series.meterIds, s, e);
  const { sum, count } = readings.samples(series.meterIds, s, e);
  return count === 0 ? null : sum / count;
}

/** The value over whole dates (local midnights), or null for no range. */
export function valueOverDates(
  readings: Readings,
  series: Series,
  range: DateRange | null,
  timeZone: string,
): number | null {
  return valueOverRanges(readings, series, range ? [range] : [], timeZone);
}

/** The value over several pieces of dates together: the sum, or the mean of all their samples. */
export function valueOverRanges(
  readings: Readings,
  series: Series,
  ranges: readonly DateRange[],
  timeZone: string,
): number | null {
  return valueOverRangesBefore(readings, series, ranges, timeZone, null);
}

/** valueOverRanges of the part of the dates before an instant (null: all of them). */
export function valueOverRangesBefore(
  readings: Readings,
  series: Series,
  ranges: readonly DateRange[],
  timeZone: string,
  before: number | null,
): number | null {
  const spans = ranges
    .map((r) => [localMidnight(r.from, timeZone), localMidnight(addDays(r.to, 1), timeZone)] as const)
    .map(([s, e]) => [s, before === null ? e : Math.min(e, before)] as const)
    .filter(([s, e]) => s < e);
  if (spans.length === 0 || series.meterIds.length === 0) return null;
  if (series.aggregation === "addition") {
    const parts = spans
      .map(([s, e]) => readings.consumption(series.meterIds, s, e))
      .filter((v): v is number => v !== null);
    return parts.length === 0 ? null : parts.reduce((a, b) => a + b, 0);
  }
  let sum = 0;
  let count = 0;
  for (const [s, e] of spans) {
    const part = readings.samples(series.meterIds, s, e);
    sum += part.sum;
    count += part.count;
  }
  return count === 0 ? null : sum / count;
}

/** The mean over the other units with data; null where fewer than three have data. */
export function propertyAverage(values: readonly (number | null)[], minimumUnits = 3): number | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return present.length < minimumUnits ? null : present.reduce((a, b) => a + b, 0) / present.length;
}

export interface PageRequest {
  /** The period as the URL names it (before clamping to the tenancy). */
  period: DateRange;
  span: Span;
  compare: Compare;
  tenancy: Tenancy;
  timeZone: string;
  /** The unit's meters of the quantity. */
  series: Series;
  /** The meters of each other unit of the property with this quantity (property average). */
  otherUnits: readonly Series[];
  /** When the page was read (epoch seconds); without it every period counts as elapsed. */
  now?: number;
}

/**
 * Where a period's values end (epoch seconds), when it runs past `now`: the end of the latest hour
 * with a value, else the start of the current hour; null for a period that has elapsed.
 */
export function valuesEnd(
  readings: Readings,
  series: Series,
  p: DateRange,
  timeZone: string,
  now: number,
): number | null {
  const start = localMidnight(p.from, timeZone);
  const end = localMidnight(addDays(p.to, 1), timeZone);
  if (end <= now) return null;
  const latest = series.meterIds.length === 0 ? null : readings.latest(series.meterIds, start, now);
  const hourEnd =
    latest === null
      ? Math.floor(now / 3600) * 3600
      : series.aggregation === "addition"
        ? Math.ceil(latest / 3600) * 3600
        : Math.floor(latest / 3600) * 3600 + 3600;
  return Math.min(hourEnd, end);
}

/** The compared instant of E: on E's compared date, the first instant at E's local hour or later. */
export function comparedCut(
  e: number,
  compare: "previous-period" | "previous-year",
  n: number,
  timeZone: string,
): number {
  const clock = localClock(e, timeZone);
  const date = comparedRange({ from: clock.date, to: clock.date }, compare, n).from;
  const next = localMidnight(addDays(date, 1), timeZone);
  for (let s = localMidnight(date, timeZone); s < next; s += 3600) {
    if (localClock(s, timeZone).hour >= clock.hour) return s;
  }
  return next;
}

export interface ExpectedRow {
  /** The bucket: its dates (day, week, month) or its hour. */
  bucket: DateBucket | (HourRow & { span: "hour"; date: IsoDate });
  value: number | null;
  comparison: number | null;
  /** How many real hours an hourly row's comparison covers, when that is not one (issue 25). */
  comparedHours?: number;
}

export interface ExpectedFigures {
  period: DateRange;
  /**
   * Where the compared days end, as the comparison's name must say (previous period or year):
   * the last compared date, and the hour inside it ("14:00") when the comparison is cut there.
   */
  comparedEnd: { lastDate: IsoDate; until: string | null } | null;
  rows: ExpectedRow[];
  total: number | null;
  comparisonTotal: number | null;
  cards: {
    total: number | null;
    previousPeriod: number | null;
    previousYear: number | null;
    propertyAverage: number | null;
  };
}

function propertyAverageOver(readings: Readings, request: PageRequest, s: number, e: number): number | null {
  return propertyAverage(request.otherUnits.map((unit) => valueOver(readings, unit, s, e)));
}

/** Every figure of a consumption page, recomputed from the raw readings. */
export function expectedFigures(readings: Readings, request: PageRequest): ExpectedFigures | null {
  const { tenancy, timeZone, series, compare } = request;
  const p = clampToTenancy(request.period, tenancy);
  if (!p) return null;
  const n = daysBetween(p.from, p.to) + 1;
  const midnight = (date: IsoDate) => localMidnight(date, timeZone);
  const overDates = (range: DateRange | null) =>
    valueOverDates(readings, series, range ? clampToTenancy(range, tenancy) : null, timeZone);
  const e = request.now === undefined ? null : valuesEnd(readings, series, p, timeZone, request.now);
  const cutOf = (kind: "previous-period" | "previous-year") => (e === null ? null : comparedCut(e, kind, n, timeZone));
  const overImage = (range: DateRange, kind: "previous-period" | "previous-year") =>
    valueOverRangesBefore(
      readings,
      series,
      comparedRanges(range, kind, n).flatMap((piece) => clampToTenancy(piece, tenancy) ?? []),
      timeZone,
      cutOf(kind),
    );
  const image = (range: DateRange, kind: "previous-period" | "previous-year") => comparedRange(range, kind, n);
  const propertyOverDates = (range: DateRange) =>
    propertyAverageOver(readings, request, midnight(range.from), midnight(addDays(range.to, 1)));

  const rows: ExpectedRow[] = [];
  if (request.span === "hour") {
    if (n !== 1) throw new Error("hour rows are recomputed for single days only");
    const comparedDay =
      compare === "previous-period" || compare === "previous-year" ? clampToTenancy(image(p, compare), tenancy) : null;
    const comparedHours = comparedDay ? hourRows(comparedDay.from, timeZone) : [];
    for (const row of hourRows(p.from, timeZone)) {
      let comparison: number | null = null;
      let hoursCompared: number | undefined;
      if (compare === "property-average") comparison = propertyAverageOver(readings, request, row.s, row.e);
      else if (comparedDay && row.repeated !== "winter") {
        // Compared hours that start at one of the row's clock hours: the spring row 01:00–03:00
        // takes 01:00 and 02:00 of a normal day, a normal 02:00 row both 02:00 hours of an autumn
        // day, and none of a spring day (its 02:00 does not exist; that time is in 01:00–03:00).
        const cut = compare === "none" ? null : cutOf(compare);
        const matched = comparedHours.filter(
          (hour) => row.clockHours.includes(hour.clockHours[0]!) && (cut === null || hour.s < cut),
        );
        if (matched.length > 0) comparison = valueOver(readings, series, matched[0]!.s, matched.at(-1)!.e);
        if (comparison !== null && matched.length > 1) hoursCompared = matched.length;
      }
      rows.push({
        bucket: { ...row, span: "hour", date: p.from },
        value: valueOver(readings, series, row.s, row.e),
        comparison,
        ...(hoursCompared === undefined ? {} : { comparedHours: hoursCompared }),
      });
    }
  } else {
    for (const bucket of dateBuckets(p, request.span)) {
      const comparison =
        compare === "none"
          ? null
          : compare === "property-average"
            ? propertyOverDates(bucket.range)
            : overImage(bucket.range, compare);
      rows.push({ bucket, value: overDates(bucket.range), comparison });
    }
  }

  const cards = {
    total: overDates(p),
    previousPeriod: overImage(p, "previous-period"),
    previousYear: overImage(p, "previous-year"),
    propertyAverage: propertyOverDates(p),
  };
  const comparisonTotal =
    compare === "none"
      ? null
      : compare === "property-average"
        ? cards.propertyAverage
        : compare === "previous-period"
          ? cards.previousPeriod
          : cards.previousYear;
  let comparedEnd: ExpectedFigures["comparedEnd"] = null;
  if (compare === "previous-period" || compare === "previous-year") {
    const cut = cutOf(compare);
    const clock = cut === null ? null : localClock(cut, timeZone);
    if (clock === null) comparedEnd = { lastDate: comparedRange(p, compare, n).to, until: null };
    else if (clock.hour === 0 && clock.minute === 0) comparedEnd = { lastDate: addDays(clock.date, -1), until: null };
    else comparedEnd = { lastDate: clock.date, until: `${String(clock.hour).padStart(2, "0")}:00` };
  }
  return { period: p, comparedEnd, rows, total: cards.total, comparisonTotal, cards };
}

// ---------------------------------------------------------------------------------------------
// Readings in memory

/** Readings held in arrays per meter (sorted by time here). */
export function memoryReadings(byMeter: ReadonlyMap<number, readonly Reading[]>): Readings {
  const sorted = new Map([...byMeter].map(([id, list]) => [id, [...list].sort((a, b) => a.ts - b.ts)]));
  const firstAtOrAfter = (list: readonly Reading[], ts: number) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.ts < ts) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    consumption(meterIds, s, e) {
      let total: number | null = null;
      for (const id of meterIds) {
        const list = sorted.get(id) ?? [];
        const i = firstAtOrAfter(list, s);
        const j = firstAtOrAfter(list, e + 1) - 1;
        if (i < list.length && j > i) total = (total ?? 0) + list[j]!.value - list[i]!.value;
      }
      return total;
    },
    samples(meterIds, s, e) {
      let sum = 0;
      let count = 0;
      for (const id of meterIds) {
        const list = sorted.get(id) ?? [];
        for (let i = firstAtOrAfter(list, s); i < list.length && list[i]!.ts < e; i++) {
          sum += list[i]!.value;
          count++;
        }
      }
      return { sum, count };
    },
    latest(meterIds, s, e) {
      let latest: number | null = null;
      for (const id of meterIds) {
        const list = sorted.get(id) ?? [];
        const j = firstAtOrAfter(list, e + 1) - 1;
        if (j >= 0 && list[j]!.ts >= s && (latest === null || list[j]!.ts > latest)) latest = list[j]!.ts;
      }
      return latest;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Displayed numbers

/**
 * Whether a displayed number is the expected value to its displayed decimals: the exact value
 * lies within half a unit of the last displayed digit (a hair more for float sums).
 */
export function agreesToDisplayedDecimals(
  displayed: { value: number; decimals: number } | null,
  expected: number | null,
): boolean {
  if (displayed === null || expected === null) return displayed === null && expected === null;
  const half = 0.5 * 10 ** -displayed.decimals;
  return Math.abs(displayed.value - expected) <= half + 1e-9 * Math.max(1, Math.abs(expected));
}
