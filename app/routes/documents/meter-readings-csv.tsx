import { attachmentDisposition } from "@common/content-disposition";
import { periodDays, toApiRange } from "@common/period";
import { metersPath } from "@common/portal-paths";
import { isQuantityId } from "@common/quantities";
import { unitLabel } from "@common/quantity-format";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { type CsvResolution, csvDialect, readingsCsv, readingsFileName } from "~/domain/readings-csv";
import { messagePage, thrownAsMessagePage } from "~/http/message-page.server";
import { loadConsumptionPage } from "~/routes/consumption/consumption-page.server";
import { ApiError } from "~/services/graphql.server";

/** The back-end's limit for hourly values (TenantGraphInput: HOURLY at most 370 days). */
const maxHourlyDays = 370;

/**
 * /t/{tenancyId}/meters/readings.csv?from&to&resolution=hour|day&format=local|plain (
 * "download my readings"): the unit's consumption per hour or day in the period, one column per
 * meter, in the resident's spreadsheet format or plain CSV (app/domain/readings-csv.ts).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  let page;
  try {
    page = await loadConsumptionPage(request, params, context, { defaultCompare: "none" });
  } catch (error) {
    // A back-end that is down: a small localized page (a resource route has no error boundary).
    return thrownAsMessagePage(request, error, {
      href: metersPath(encodeURIComponent(params.tenancyId ?? "")),
      labelKey: "meters.title",
    });
  }
  const url = new URL(request.url);
  const resolution: CsvResolution = url.searchParams.get("resolution") === "hour" ? "hour" : "day";
  const dialect = csvDialect(url.searchParams.get("format") === "plain" ? "plain" : "local", page.language);
  const period = page.query.period;
  const back = {
    href: `${metersPath(page.tenancy.id)}${url.search.replace(/&?(resolution|format)=[^&]*/g, "")}`,
    labelKey: "meters.title",
  };
  // Hourly values only where the property has them (spec section 4): the back-end refuses them too.
  if (resolution === "hour" && !page.hourlyValues) return messagePage(request, 400, "meters.csv_no_hourly", back);
  if (resolution === "hour" && periodDays(period) > maxHourlyDays)
    return messagePage(request, 400, "meters.csv_too_long", back);

  const meters = page.unit.meters.filter((meter) => isQuantityId(meter.quantity));
  let series;
  try {
    series = await Promise.all(
      meters.map((meter) =>
        context.api.tenant.graph({
          tenancyId: page.tenancy.tenancyId,
          quantities: [meter.quantity],
          resolution: resolution === "hour" ? "HOURLY" : "DAILY",
          ...toApiRange(period),
          meterNumber: meter.number,
        }),
      ),
    );
  } catch (error) {
    // The property's setting changed since the unit was read.
    if (error instanceof ApiError && error.code === "HOURLY_VALUES_DISABLED")
      return messagePage(request, 400, "meters.csv_no_hourly", back);
    if (error instanceof ApiError && error.code === "BAD_USER_INPUT")
      return messagePage(request, 400, "meters.csv_too_long", back);
    return thrownAsMessagePage(request, error, back);
  }
  const timestamps = series[0]?.timestamps ?? [];
  const columns = meters.map((meter, index) => {
    const quantity = meter.quantity as Parameters<typeof unitLabel>[0];
    const unit = unitLabel(quantity, page.language, { value: 2 });
    const room = meter.roomName ? ` – ${meter.roomName}` : "";
    return {
      header: `${page.t(`quantity.${quantity}`)} ${meter.number}${room}${unit ? ` (${unit})` : ""}`,
      values: series[index]?.graphs[0]?.consumption.values ?? [],
    };
  });
  const csv = readingsCsv(page.t("meters.csv_time"), timestamps, columns, dialect);
  const fileName = readingsFileName(page.tenancy.apartment.uniqueId, period.from, period.to, resolution);
  return new Response(csv, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": attachmentDisposition(fileName),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
