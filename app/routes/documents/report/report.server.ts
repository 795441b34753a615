/**
 * The monthly report behind `/report/{code}` and its PDF (ADR 0028): read without a
 * session (the code is the credential), in the request's language, with failed codes limited per
 * client address so codes cannot be found by trying.
 */

import { brandFor } from "@common/brands";
import type { Language } from "@common/languages";
import { todayInCopenhagen } from "@common/period";
import { type AppLoadContext, data } from "@remix-run/node";
import { languageOf, translatorFor } from "~/i18n/i18n.server";
import { limitPerAddress } from "~/security/limits.server";
import { type ReportView, reportView } from "./report-view";

/**
 * At most this many reports are computed at once (each is one back-end call of a few dozen
 * totals); the rest wait their turn without using the machine, so a burst of report downloads
 * (an e-mail to a whole estate) never starves the portal's other pages (ADR 0028).
 */
export const REPORTS_AT_ONCE = 1;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than REPORTS_AT_ONCE reports are being computed. */
export async function inReportTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished turn is handed straight to the next in line (running stays the same).
  if (running >= REPORTS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export type ReportResult = { language: Language } & (
  | { status: "available"; view: ReportView }
  | { status: "gone" | "not-found"; view: null }
);

/**
 * The report's view, or why there is none. Throws the localized 429 when the client has failed
 * too often (before looking the code up, so a limited client learns nothing more): 30 unknown or
 * ended codes per 15 minutes per client address, counted by the back-end for every portal instance
 * (rule REPORT_CODE_FAILURES_PER_ADDRESS, ADR 0010). A resident mistyping a link is never near
 * it; someone trying codes gets 120 an hour against 2^144 codes.
 */
export async function loadReport(
  request: Request,
  context: AppLoadContext,
  code: string | undefined,
): Promise<ReportResult> {
  const failures = await limitPerAddress(context, "reportCode");
  const [answer, language] = await Promise.all([
    code
      ? inReportTurn(() => context.publicApi.tenant.consumptionReport(code))
      : ({ availability: "NOT_FOUND", report: null } as const),
    languageOf(request),
  ]);
  if (answer.availability !== "AVAILABLE") {
    await failures.count();
    return { language, status: answer.availability === "GONE" ? "gone" : "not-found", view: null };
  }
  const t = await translatorFor(request);
  const brand = brandFor(context.config.brand);
  const view = reportView(answer.report, {
    language,
    t: (key, values) => t(key, values),
    brand: { appName: brand.appName[language], appStores: brand.appStores },
    today: todayInCopenhagen(),
  });
  return { language, status: "available", view };
}

/** The status of an unavailable report: 410 for one that existed and has ended, else 404. */
export function unavailableStatus(result: ReportResult): number {
  return result.status === "gone" ? 410 : 404;
}

/** Pages and files of a report are private to whoever holds the link: never stored by a cache. */
export const reportHeaders = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

export function reportData<T>(value: T, status = 200) {
  return data(value, { status, headers: reportHeaders });
}
