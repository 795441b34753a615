/**
 * The weekly update e-mail (issue 47 item 4, ADR 0076): one per resident and week, in the
 * resident's language, with a section per current tenancy: last week's total per quantity against
 * the week before and the same week last year (weather-adjusted for heat), the highest day, this
 * month's forecast and a link to the quantity's page; then the watches' open findings, one tip from
 * the help texts, and the footer with the unsubscribe link (the same address as the
 * List-Unsubscribe header, RFC 8058) and the profile's e-mail settings.
 *
 * Figures are formatted as every e-mail formats them (formatQuantity, formatPercent), dates as
 * the notifications' (formatCalendarDate, formatDateRange). Plain text and HTML of one content.
 */
import { formatDateRange } from "@common/bucket-labels";
import { addDays, type DayKey, isoWeekOf } from "@common/calendar";
import { formatCalendarDate, formatMonth } from "@common/format";
import type { Language } from "@common/languages";
import { metricTypeName } from "@common/notification-text";
import {
  consumptionPath,
  helpPath,
  notificationLink,
  portalLink,
  profilePath,
  weeklyUpdateUnsubscribeLink,
} from "@common/portal-paths";
import { formatPercent, formatQuantity, formatQuantityNumber } from "@common/quantity-format";
import type { TenancyWeekFigures } from "../reports/week-figures";
import { helpTexts, portalTexts } from "./i18n";
import type { MailMessage } from "./mailer";
import { type MailBlock, type MailPart, type MailRecipient, mailSetting, oneLine, renderMail } from "./templates";

/** A watch's finding of the last 7 days (a LEAK_WATCH or HEATING_LEFT_ON notification). */
export interface WatchFinding {
  id: number;
  tenancyId: number;
  kind: "leak_watch" | "heating_left_on";
  quantity: string | null;
  periodStart: DayKey;
  periodEnd: DayKey;
}

/** The help texts a tip is taken from (locales/{lng}/help.json), all in every language. */
export const weeklyTips = [
  "sections.save-energy.p1",
  "sections.save-heating.p1",
  "sections.save-airing.p1",
  "sections.save-hot-water.item1",
  "sections.save-hot-water.item2",
  "sections.save-hot-water.item3",
  "sections.save-hot-water.item4",
  "sections.save-hot-water.item5",
] as const;

/** The tip of a week: the next one each week, by the ISO week number. */
export function tipOfWeek(week: DayKey): (typeof weeklyTips)[number] {
  const { week: number, year } = isoWeekOf(week);
  return weeklyTips[(year * 53 + number) % weeklyTips.length]!;
}

export const listUnsubscribePost = "List-Unsubscribe=One-Click";

export interface WeeklyUpdateMailInput extends MailRecipient {
  portalUrl: string;
  /** The Monday of the week reported. */
  week: DayKey;
  tenancies: readonly TenancyWeekFigures[];
  findings: readonly WatchFinding[];
  /** The signed unsubscribe token (purpose-tokens.ts) of the resident. */
  unsubscribeToken: string;
}

/** A change as the e-mail says it: "12 % more", "5 % less", "the same". */
function changeText(t: ReturnType<typeof mailSetting>["t"], language: Language, change: number): string {
  const percent = Math.round(Math.abs(change) * 100);
  if (percent === 0) return t("weekly.same");
  return t(change > 0 ? "weekly.more" : "weekly.less", { percent: formatPercent(percent, language) });
}

function relative(total: number | null, compared: number | null): number | null {
  if (total === null || compared === null || compared === 0) return null;
  return (total - compared) / compared;
}

function tenancySection(
  input: WeeklyUpdateMailInput,
  setting: ReturnType<typeof mailSetting>,
  tenancy: TenancyWeekFigures,
): MailBlock[] {
  const { t, language } = setting;
  const common = portalTexts(language);
  const blocks: MailBlock[] = [{ lines: [oneLine(tenancy.home)], strong: true }];
  if (tenancy.quantities.length === 0) {
    blocks.push({ lines: [t("weekly.no_quantities")] });
    return blocks;
  }
  for (const figures of tenancy.quantities) {
    const { quantity } = figures;
    const format = (value: number) => formatQuantity(value, quantity, language);
    const name = metricTypeName(quantity, language, (key) => common(key));
    const lines: string[] = [
      figures.total === null
        ? t("weekly.total_none", { name })
        : t("weekly.total", { name, value: format(figures.total) }),
    ];
    const compare = (key: "week_before" | "last_year", compared: number | null) => {
      if (compared === null) return;
      const change = relative(figures.total, compared);
      lines.push(
        t(`weekly.${key}`, { value: format(compared) }) +
          (change === null ? "" : `: ${changeText(t, language, change)}`),
      );
    };
    compare("week_before", figures.weekBefore);
    const adjusted = (
      key: "adjusted_week_before" | "adjusted_last_year",
      figure: typeof figures.weatherAdjustedWeekBefore,
    ) => {
      if (figure === null || figure.problem !== null || figure.adjustedCompared === null || figure.change === null)
        return;
      lines.push(
        `${t(`weekly.${key}`, { value: format(figure.adjustedCompared) })}: ${changeText(t, language, figure.change)}`,
      );
    };
    adjusted("adjusted_week_before", figures.weatherAdjustedWeekBefore);
    compare("last_year", figures.sameWeekLastYear);
    adjusted("adjusted_last_year", figures.weatherAdjustedLastYear);
    if (figures.highestDay !== null) {
      lines.push(
        t("weekly.highest_day", {
          day: formatCalendarDate(figures.highestDay.day, language),
          value: format(figures.highestDay.value),
        }),
      );
    }
    const forecast = figures.forecast;
    if (forecast !== null) {
      const month = formatMonth(forecast.firstDay.slice(0, 7), language);
      lines.push(
        forecast.problem === null && forecast.low !== null && forecast.high !== null
          ? t("weekly.forecast", {
              month,
              // "620–806 kWh": the unit once, after the range.
              low: formatQuantityNumber(forecast.low, quantity, language),
              high: format(forecast.high),
            })
          : t("weekly.forecast_none", { month }),
      );
    }
    blocks.push([
      { lines },
      {
        action: t("weekly.open_quantity", { name }),
        link: portalLink(input.portalUrl, consumptionPath(tenancy.tenancyId, quantity)),
        plain: true,
      },
    ]);
  }
  return blocks;
}

export function weeklyUpdateMail(input: WeeklyUpdateMailInput): MailMessage {
  const mail = mailSetting(input);
  const { t, language } = mail;
  const common = portalTexts(language);
  const period = formatDateRange(input.week, addDays(input.week, 6), language);
  const unsubscribe = weeklyUpdateUnsubscribeLink(input.portalUrl, input.unsubscribeToken, language);
  const firstTenancy = input.tenancies[0]?.tenancyId ?? null;
  const body: MailBlock[] = [{ lines: [t("weekly.intro", { period })] }];
  for (const tenancy of input.tenancies) body.push(...tenancySection(input, mail, tenancy));
  if (input.findings.length > 0) {
    const findings: MailPart = {
      list: input.findings.map((finding) => {
        const what = t(`weekly.finding.${finding.kind}`);
        const name =
          finding.quantity === null ? null : metricTypeName(finding.quantity, language, (key) => common(key));
        const when = formatDateRange(finding.periodStart, finding.periodEnd, language);
        return {
          line: name === null ? `${what} (${when})` : `${name}, ${when}: ${what}`,
          link: notificationLink(input.portalUrl, finding.tenancyId, finding.id),
        };
      }),
      open: t("notifications.open"),
    };
    body.push([{ lines: [t("weekly.findings")], strong: true }, findings]);
  }
  const tip = helpTexts(language)(tipOfWeek(input.week));
  const tipBlock: MailPart[] = [{ lines: [t("weekly.tip"), tip] }];
  if (firstTenancy !== null)
    tipBlock.push({
      action: t("weekly.more_tips"),
      link: portalLink(input.portalUrl, helpPath(firstTenancy)),
      plain: true,
    });
  body.push(tipBlock);
  body.push([
    { lines: [t("weekly.why")] },
    { action: t("weekly.unsubscribe"), link: unsubscribe, plain: true },
    { action: t("weekly.settings"), link: portalLink(input.portalUrl, profilePath(firstTenancy)), plain: true },
  ]);
  const message = renderMail({ ...mail, to: input.to, subject: t("weekly.subject", { period }), body });
  return {
    ...message,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": listUnsubscribePost },
  };
}
