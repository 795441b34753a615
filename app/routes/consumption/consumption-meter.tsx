import { formatDateTime } from "@common/bucket-labels";
import { metersOfQuantity } from "@common/meters";
import { toApiRange } from "@common/period";
import { consumptionMeterPath } from "@common/portal-paths";
import { isQuantityId } from "@common/quantities";
import { formatQuantity } from "@common/quantity-format";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { ChartFigure } from "~/components/chart-figure";
import { HelpDialog, HelpLink } from "~/components/help";
import { pageMeta } from "~/i18n/meta";
import { loadPageChart, unlessRefused } from "~/routes/consumption/chart/chart-view.server";
import { loadConsumptionPage, requireMeasuredQuantity } from "~/routes/consumption/consumption-page.server";
import { meterLabel } from "~/routes/consumption/kpi/kpis.server";
import { meterHint, pageInputsFromUrl, startChart } from "~/routes/consumption/page-inputs.server";
import { quantityItemCrumb } from "../tenancy/tenancy-handle";

export const handle = quantityItemCrumb(
  "consumption.meter_crumb",
  { placeholder: "number", dataField: "meterNumber", param: "meterId" },
  consumptionMeterPath,
);

/**
 * /t/{tenancyId}/consumption/{quantity}/meter/{meterId} (spec section 2): one meter's consumption,
 * compared by default with the previous period, and the last readout of the period
 * (readoutMinMax). A meter that is not the unit's, or measures something else, is 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The chart and the readout need the meter's number, which the URL does not carry: guessed from
  // the numbers this instance has seen, they are asked while the guard asks (ADR 0021).
  const guess = pageInputsFromUrl(request, params, { defaultCompare: "previous-period" });
  const hint = meterHint(params.meterId);
  if (guess && hint && isQuantityId(hint.quantity)) {
    startChart(context, guess, { quantity: hint.quantity, meterNumber: hint.number });
    const guessedRange = toApiRange(guess.period);
    context.api.prefetch.tenant.readoutMinMax({
      tenancyId: guess.tenancyId,
      meterNumber: hint.number,
      quantity: hint.quantity,
      fromDate: guessedRange.periodBegin,
      toDate: guessedRange.periodEnd,
    });
  }

  const page = await loadConsumptionPage(request, params, context, { defaultCompare: "previous-period" });
  const quantity = requireMeasuredQuantity(page.unit, params.quantity);
  const meter = metersOfQuantity(page.unit.meters, quantity).find((candidate) => candidate.id === params.meterId);
  if (!meter || !isQuantityId(meter.quantity)) throw data({ error: "meter_not_found" }, { status: 404 });
  const meterQuantity = meter.quantity;
  const range = toApiRange(page.query.period);
  const [chart, readout] = await Promise.all([
    loadPageChart(page, context, { quantity: meterQuantity, meterNumber: meter.number, idPrefix: "meter" }),
    unlessRefused(
      context.api.tenant.readoutMinMax({
        tenancyId: page.tenancy.tenancyId,
        meterNumber: meter.number,
        quantity: meterQuantity,
        fromDate: range.periodBegin,
        toDate: range.periodEnd,
      }),
    ),
  ]);
  const language = page.language;
  return {
    meterNumber: meter.number,
    label: meterLabel(meter, page.t),
    chart,
    lastReadout:
      readout && readout.lastReadoutTimestamp !== null && readout.lastReadoutValue !== null
        ? {
            value: formatQuantity(readout.lastReadoutValue, meterQuantity, language),
            at: formatDateTime(readout.lastReadoutTimestamp, language),
          }
        : null,
  };
}

export default function ConsumptionMeter() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <h2 className="subpage-heading">
        {d.label} <HelpLink topic="meter" />
      </h2>
      <Card id="readout-heading" heading={t("consumption.last_readout")} help="readout">
        {d.lastReadout ? (
          <p className="readout">
            <strong>{d.lastReadout.value}</strong>{" "}
            <span className="hint">{t("consumption.read_at", { at: d.lastReadout.at })}</span>
          </p>
        ) : (
          <p className="empty-state">{t("states.data_not_yet_available")}</p>
        )}
      </Card>
      <ChartFigure chart={d.chart} />
      <HelpDialog topics={["meter", "readout"]} />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "consumption.per_meter");

export { RouteError as ErrorBoundary } from "~/components/route-error";
