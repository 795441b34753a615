import { formatDateTime } from "@common/bucket-labels";
import { toApiRange } from "@common/period";
import { consumptionMeterPath, meterReadingsCsvPath, metersPath } from "@common/portal-paths";
import { isQuantityId, type QuantityId, quantityIds } from "@common/quantities";
import { formatQuantity } from "@common/quantity-format";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { DataTable, TableScroll } from "~/components/data-table";
import { HelpDialog } from "~/components/help";
import { PageHeading } from "~/components/page-heading";
import { PeriodSelector } from "~/components/period-selector";
import { LabelledSelect } from "~/components/select-options";
import { pageMeta } from "~/i18n/meta";
import { unlessRefused } from "~/routes/consumption/chart/chart-view.server";
import { loadConsumptionPage, periodSelectorState } from "~/routes/consumption/consumption-page.server";
import { pageInputsFromUrl } from "~/routes/consumption/page-inputs.server";
import { menuPageCrumb } from "../tenancy/tenancy-handle";

export const handle = menuPageCrumb("meters.title", metersPath);

/**
 * /t/{tenancyId}/meters (the meter list named by the spec's texts): every meter of the
 * unit, grouped by quantity: its number, room, latest reading with its time, and its readings at
 * the start and end of the selected period (the "last readout of period" help), each linking to
 * the meter's consumption page.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const guess = pageInputsFromUrl(request, params, { defaultCompare: "none" });
  if (guess) context.api.prefetch.tenant.meterReadouts({ tenancyId: guess.tenancyId, ...readoutRange(guess.period) });
  const page = await loadConsumptionPage(request, params, context, { defaultCompare: "none" });
  const readouts = await unlessRefused(
    context.api.tenant.meterReadouts({ tenancyId: page.tenancy.tenancyId, ...readoutRange(page.query.period) }),
  );
  const language = page.language;
  const reading = (value: number | null, at: string | null, quantity: QuantityId) =>
    value === null || at === null
      ? null
      : { value: formatQuantity(value, quantity, language), at: formatDateTime(at, language) };
  const meters = (readouts ?? []).flatMap((meter) => {
    if (!isQuantityId(meter.quantity)) return [];
    const quantity = meter.quantity;
    return [
      {
        id: meter.id,
        number: meter.meterNumber,
        quantity,
        room: meter.roomName,
        latest: reading(meter.latestReadoutValue, meter.latestReadoutTimestamp, quantity),
        first: reading(meter.firstReadoutValue, meter.firstReadoutTimestamp, quantity),
        last: reading(meter.lastReadoutValue, meter.lastReadoutTimestamp, quantity),
      },
    ];
  });
  const groups = quantityIds
    .map((quantity) => ({ quantity, meters: meters.filter((meter) => meter.quantity === quantity) }))
    .filter((group) => group.meters.length > 0);
  return {
    tenancyId: page.tenancy.id,
    selector: periodSelectorState(page, request),
    groups,
    refused: readouts === null,
    search: new URL(request.url).search,
    // Hourly values only where the property has them (spec section 4); the file refuses them too.
    hourlyValues: page.hourlyValues,
  };
}

/** The period's whole days as readoutMinMax takes them. */
function readoutRange(period: { from: string; to: string }) {
  const range = toApiRange(period);
  return { fromDate: range.periodBegin, toDate: range.periodEnd };
}

/** The three reading columns, in the order of their cells. */
const readingColumns = ["meters.col_start", "meters.col_end", "meters.col_latest"] as const;

export default function Meters() {
  const { t } = useTranslation();
  const { tenancyId, selector, groups, refused, search, hourlyValues } = useLoaderData<typeof loader>();
  const keep = new URLSearchParams(search);
  const periodSearch = ["from", "to"].every((name) => keep.has(name))
    ? `?from=${keep.get("from")}&to=${keep.get("to")}`
    : "";
  return (
    <div className="consumption-page meters-page">
      <PageHeading title={t("meters.title")} help="readout" />
      <PeriodSelector state={selector} withCompare={false} />
      {refused ? <p className="notice">{t("chart.refused")}</p> : null}
      {groups.length === 0 && !refused ? <p className="empty-state">{t("meters.empty")}</p> : null}
      {groups.map((group) => (
        <Card key={group.quantity} id={`meters-${group.quantity}`} heading={t(`quantity.${group.quantity}`)}>
          <TableScroll label={t("meters.scroll_region", { quantity: t(`quantity.${group.quantity}`) })}>
            <DataTable
              className="data-table meter-table"
              columns={[
                t("meters.col_meter"),
                t("meters.col_room"),
                t("meters.col_start"),
                t("meters.col_end"),
                t("meters.col_latest"),
              ]}
              stacked
            >
              {group.meters.map((meter) => (
                <tr key={meter.id}>
                  <th scope="row">
                    <Link to={`${consumptionMeterPath(tenancyId, meter.quantity, meter.id)}${periodSearch}`}>
                      {meter.number}
                    </Link>
                  </th>
                  <td data-label={t("meters.col_room")}>{meter.room ?? "–"}</td>
                  {[meter.first, meter.last, meter.latest].map((reading, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: always the same three cells in the same order
                    <td key={index} data-label={t(readingColumns[index]!)}>
                      {reading ? (
                        <>
                          <span className="reading-value">{reading.value}</span>{" "}
                          <span className="reading-time">{reading.at}</span>
                        </>
                      ) : (
                        "–"
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </DataTable>
          </TableScroll>
        </Card>
      ))}
      {groups.length > 0 ? (
        <Card id="csv-heading" heading={t("meters.csv_heading")}>
          <p>{t(hourlyValues ? "meters.csv_intro" : "meters.csv_intro_daily")}</p>
          {/* A file, not a page: a plain GET form the browser downloads from (no client-side navigation). */}
          <Form method="get" action={meterReadingsCsvPath(tenancyId)} reloadDocument className="inline-form">
            <input type="hidden" name="from" value={selector.period.from} />
            <input type="hidden" name="to" value={selector.period.to} />
            {hourlyValues ? (
              <LabelledSelect
                label={t("meters.csv_resolution")}
                name="resolution"
                defaultValue="day"
                values={["day", "hour"]}
                optionLabel={(resolution) => t(resolution === "hour" ? "meters.csv_hour" : "meters.csv_day")}
              />
            ) : (
              <input type="hidden" name="resolution" value="day" />
            )}
            <LabelledSelect
              label={t("meters.csv_format")}
              name="format"
              defaultValue="local"
              values={["local", "plain"]}
              optionLabel={(format) => t(format === "plain" ? "meters.csv_plain" : "meters.csv_local")}
            />
            <button type="submit" className="button button-small">
              {t("meters.csv_download")}
            </button>
          </Form>
        </Card>
      ) : null}
      <HelpDialog topics={["readout"]} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "meters.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
