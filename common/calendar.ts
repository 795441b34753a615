/**
 * The Europe/Copenhagen calendar, the one place dates and times are computed, for the portal and
 * the back-end alike, imported as `@common/calendar`: its days and times (calendar-days.ts), its
 * ranges, the API's period strings and the back-end's buckets (calendar-ranges.ts), and the
 * comparison shifts of ADR 0018 (calendar-comparisons.ts). Each module says more of its part.
 */
export * from "./calendar-comparisons";
export * from "./calendar-days";
export * from "./calendar-ranges";
