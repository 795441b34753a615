/**
 * Whether an alarm fires on a period's figures (docs/design/issue-14-alarms-contract.md).
 * Pure: the job reads the figures, this decides.
 */
import type { AlarmType } from "@common/alarms";

export interface PeriodFigures {
  /** The counted days' total (consumption quantities), or null when no value was read. */
  total: number | null;
  /** The counted days' average of the hourly values (indoor climate), or null. */
  average: number | null;
  /** A comparison's previous period total, or null. */
  previousTotal?: number | null;
}

export type Verdict = { fires: false } | { fires: true; value: number; comparedValue: number | null };

/**
 * threshold: total above the level; comparison: total at least `level` % above a previous total
 * above 0 (value = the increase in %); zero: total above 0; minimum / maximum: the average below /
 * above the level. Without a figure nothing fires: a period without readings is not "zero".
 */
export function evaluateAlarm(type: AlarmType, level: number, figures: PeriodFigures): Verdict {
  switch (type) {
    case "threshold":
      return figures.total !== null && figures.total > level
        ? { fires: true, value: figures.total, comparedValue: null }
        : { fires: false };
    case "zero":
      return figures.total !== null && figures.total > 0
        ? { fires: true, value: figures.total, comparedValue: null }
        : { fires: false };
    case "comparison": {
      const previous = figures.previousTotal ?? null;
      if (figures.total === null || previous === null || previous <= 0) return { fires: false };
      const increase = (figures.total / previous - 1) * 100;
      // Rounded to 6 places, so 25 % more is 25 % and not 24.999999999999996.
      const rounded = Math.round(increase * 1e6) / 1e6;
      return rounded >= level ? { fires: true, value: rounded, comparedValue: previous } : { fires: false };
    }
    case "minimum":
      return figures.average !== null && figures.average < level
        ? { fires: true, value: figures.average, comparedValue: null }
        : { fires: false };
    case "maximum":
      return figures.average !== null && figures.average > level
        ? { fires: true, value: figures.average, comparedValue: null }
        : { fires: false };
  }
}
