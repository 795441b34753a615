import { toApiRange } from "@common/period";
import { indoorClimatePath } from "@common/portal-paths";
import { indoorClimateQuantityIds } from "@common/quantities";
import { formatQuantity } from "@common/quantity-format";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChartFigure } from "~/components/chart-figure";
import { HelpDialog } from "~/components/help";
import { PageHeading } from "~/components/page-heading";
import { PeriodSelector } from "~/components/period-selector";
import { Separator } from "~/components/separator";
import { Smiley } from "~/components/smiley";
import { type CompareChoice, isHomeComparison } from "~/domain/period-query";
import { indoorClimateBands, indoorClimateSmiley } from "~/domain/smileys";
import { pageMeta } from "~/i18n/meta";
import { loadPageChart, unlessRefused } from "~/routes/consumption/chart/chart-view.server";
import {
  loadConsumptionPage,
  measuredQuantities,
  periodSelectorState,
} from "~/routes/consumption/consumption-page.server";
import { type PageInputs, pageInputsFromUrl, pageInputsOf, startChart } from "~/routes/consumption/page-inputs.server";
import { titleCrumb } from "../tenancy/tenancy-handle";

export const handle = titleCrumb("indoor_climate.title", indoorClimatePath);

/**
 * /t/{tenancyId}/consumption/indoor-climate (spec section 2): temperature and relative humidity
 * over the period with the smiley bands of spec section 4, per room, and the indoor-climate tips
 * (ideal about 21 °C; one degree lower saves 5-6 % energy).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Both quantities' charts and figures need only the URL: asked while the guard asks (ADR 0021).
  const guess = pageInputsFromUrl(request, params, { defaultCompare: "none" });
  if (guess) {
    for (const quantity of indoorClimateQuantityIds) {
      startChart(context, guess, { quantity, compare: climateCompare(guess.compare) });
      context.api.prefetch.tenant.kpis(kpisInput(guess, quantity));
    }
  }
  const page = await loadConsumptionPage(request, params, context, { defaultCompare: "none" });
  const measured = measuredQuantities(page.unit);
  const quantities = indoorClimateQuantityIds.filter((q) => measured.includes(q));
  if (quantities.length === 0) throw data({ error: "quantity_not_measured" }, { status: 404 });
  const inputs = pageInputsOf(page);
  const sections = await Promise.all(
    quantities.map(async (quantity) => {
      const compare = climateCompare(page.query.compare);
      const [chart, kpis] = await Promise.all([
        loadPageChart(page, context, { quantity, compare, idPrefix: quantity }),
        unlessRefused(context.api.tenant.kpis(kpisInput(inputs, quantity))),
      ]);
      const smiley = (value: number | null) =>
        indoorClimateSmiley(quantity as "indoor-temperature" | "indoor-relative-humidity", value);
      const face = smiley(kpis?.total ?? null);
      return {
        quantity,
        chart,
        average: formatQuantity(kpis?.total ?? null, quantity, page.language),
        face,
        rooms: (kpis?.rooms ?? []).map((room) => ({
          label: room.label,
          value: formatQuantity(room.value, quantity, page.language),
          face: smiley(room.value),
        })),
      };
    }),
  );
  return { selector: periodSelectorState(page, request), sections };
}

/** Other homes' figures of indoor climate are not shown: comparisons here are with time only. */
function climateCompare(compare: CompareChoice): CompareChoice {
  return isHomeComparison(compare) ? "none" : compare;
}

function kpisInput(inputs: PageInputs, quantity: string) {
  return { tenancyId: inputs.tenancyId, quantity, ...toApiRange(inputs.period) };
}

export default function IndoorClimate() {
  const { t } = useTranslation();
  const { selector, sections } = useLoaderData<typeof loader>();
  const { temperature, humidity } = indoorClimateBands;
  return (
    <div className="consumption-page">
      <PageHeading title={t("indoor_climate.title")} help="indoor-climate" helpLabel={t("indoor_climate.tips_link")} />
      <PeriodSelector state={selector} />
      {sections.map((section) => (
        <section key={section.quantity} className="card" aria-labelledby={`${section.quantity}-heading`}>
          <h2 id={`${section.quantity}-heading`}>{t(`quantity.${section.quantity}`)}</h2>
          <p className="climate-average">
            {t("indoor_climate.average", { value: section.average })}
            {section.face ? <Separator text="," /> : null}{" "}
            {section.face ? <Smiley kind={section.face} label={t(`smiley.${section.face}`)} /> : null}
          </p>
          <ChartFigure chart={section.chart} />
          {section.rooms.length > 0 ? (
            <ul className="value-list">
              {section.rooms.map((room) => (
                <li key={room.label}>
                  <span>{room.label}</span>
                  <Separator text=": " />
                  <span className="value">
                    {room.value}
                    {room.face ? (
                      <>
                        <Separator />
                        <Smiley kind={room.face} label={t(`smiley.${room.face}`)} hideLabel />
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <HelpDialog
        topics={["indoor-climate"]}
        values={{
          happyFrom: temperature.happy[0],
          happyTo: temperature.happy[1],
          humidityFrom: humidity.happy[0],
          humidityTo: humidity.happy[1],
        }}
      />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "indoor_climate.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
