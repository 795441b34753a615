import { formatCalendarDate } from "@common/format";
import { toApiRange } from "@common/period";
import { consumptionPricePath } from "@common/portal-paths";
import { co2FactorsFor, marketPricedQuantities, pricedQuantitiesOf } from "@common/price-view";
import { isQuantityId } from "@common/quantities";
import { currencyLabel, formatNumber, formatQuantity, unitLabel } from "@common/quantity-format";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { ChartFigure } from "~/components/chart-figure";
import { DataTable } from "~/components/data-table";
import { HelpDialog } from "~/components/help";
import { co2Facts } from "~/domain/co2-facts";
import { withSearchParam } from "~/domain/url-state";
import { pageMeta } from "~/i18n/meta";
import { loadPageChart, unlessRefused } from "~/routes/consumption/chart/chart-view.server";
import {
  loadConsumptionPage,
  requireMeasuredQuantity,
  requirePriceView,
} from "~/routes/consumption/consumption-page.server";
import { type PageInputs, pageInputsFromUrl, startChart } from "~/routes/consumption/page-inputs.server";
import { itemCrumb } from "../tenancy/tenancy-handle";

export const handle = itemCrumb("consumption.view_price", "quantity", consumptionPricePath);

/**
 * /t/{tenancyId}/consumption/{quantity}/price (spec section 2): the cost with the quantity prices in
 * force, the heating cost estimate from hourly market prices (approximate, may be negative), and the
 * CO2 footprint in grams (per m2 when normalized) with its fun facts. `view` and `per` are in the URL.
 * Total water is its hot water at the hot-water price and factor plus its cold at the cold ones.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const view = url.searchParams.get("view") === "co2" ? "co2" : "cost";
  const normalized = url.searchParams.get("per") === "m2";
  const mode = view === "co2" ? "CO2" : "COST";
  // The chart and the prices need only the URL: asked while the guard asks (ADR 0021).
  const guess = pageInputsFromUrl(request, params, { defaultCompare: "property-average" });
  if (guess && params.quantity && isQuantityId(params.quantity)) {
    startChart(context, guess, { quantity: params.quantity, mode, normalized });
    if (view === "cost") context.api.prefetch.tenant.quantityPrices(pricesInput(guess));
  }

  const page = await loadConsumptionPage(request, params, context, { defaultCompare: "property-average" });
  const quantity = requireMeasuredQuantity(page.unit, params.quantity);
  // Temperatures, and counts without a price or a CO2 factor (hca), have no such page.
  await requirePriceView(page, context, quantity);
  const co2Factors = co2FactorsFor(quantity, page.unit.path.property.co2Factors);
  const pricedQuantities: readonly string[] = pricedQuantitiesOf(quantity);

  const [chart, prices] = await Promise.all([
    // Without a factor there is no footprint to ask for: the page says so instead of a refused chart.
    view === "co2" && co2Factors.length === 0
      ? null
      : loadPageChart(page, context, { quantity, mode, normalized, idPrefix: view }),
    view === "cost" ? unlessRefused(context.api.tenant.quantityPrices(pricesInput({ period: page.query.period }))) : [],
  ]);

  const language = page.language;
  // Total water lists its hot- and cold-water prices and factors, each named.
  const named = (priced: string, text: string) =>
    priced !== quantity && isQuantityId(priced) ? `${page.t(`quantity.${priced}`)}: ${text}` : text;
  const perUnit = (priced: string) => unitLabel(isQuantityId(priced) ? priced : quantity, language, { value: 1 });
  const footprint = view === "co2" && !normalized && chart ? chart.total : null;
  const facts = co2Facts(footprint);
  return {
    view,
    normalized,
    quantity,
    chart,
    marketPriced: marketPricedQuantities.includes(quantity),
    prices: (prices ?? [])
      .filter((price) => pricedQuantities.includes(price.quantity))
      .map((price) => ({
        key: `${price.quantity}-${price.validFrom}-${price.price}`,
        price: named(
          price.quantity,
          `${formatNumber(price.price, language, { minimumFractionDigits: 2, maximumFractionDigits: 4 })} ${currencyLabel(price.currency, language)}/${perUnit(price.quantity)}`,
        ),
        validFrom: formatCalendarDate(price.validFrom, language),
        validTo: price.validTo ? formatCalendarDate(price.validTo, language) : null,
      })),
    co2Factors: co2Factors.map((factor) =>
      named(
        factor.quantity,
        `${formatNumber(factor.gramPerQuantityUnit, language, { minimumFractionDigits: 0, maximumFractionDigits: 1 })} g CO₂/${perUnit(factor.quantity)}`,
      ),
    ),
    facts: facts
      ? {
          total: formatQuantity(footprint, quantity, language, { mode: "CO2" }),
          carKm: formatNumber(facts.carKm, language, { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
          phoneCharges: formatNumber(facts.phoneCharges, language, {
            minimumFractionDigits: 0,
            maximumFractionDigits: 0,
          }),
          treeYears: formatNumber(facts.treeYears, language, { minimumFractionDigits: 0, maximumFractionDigits: 1 }),
        }
      : null,
  };
}

/** The prices in force during the period's days. */
function pricesInput({ period }: Pick<PageInputs, "period">) {
  return { periodBegin: toApiRange(period).periodBegin.slice(0, 10), periodEnd: period.to };
}

export default function ConsumptionPrice() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const href = (name: string, value: string | null) => withSearchParam(location.pathname, location.search, name, value);
  return (
    <>
      <nav className="view-tabs view-tabs-secondary" aria-label={t("price.views")}>
        <Link to={href("view", null)} aria-current={d.view === "cost" ? "page" : undefined} preventScrollReset>
          {t("price.view_cost")}
        </Link>{" "}
        <Link to={href("view", "co2")} aria-current={d.view === "co2" ? "page" : undefined} preventScrollReset>
          {t("price.view_co2")}
        </Link>
      </nav>{" "}
      <nav className="view-tabs view-tabs-secondary" aria-label={t("price.scale")}>
        <Link to={href("per", null)} aria-current={!d.normalized ? "page" : undefined} preventScrollReset>
          {t("price.per_home")}
        </Link>{" "}
        <Link to={href("per", "m2")} aria-current={d.normalized ? "page" : undefined} preventScrollReset>
          {t("price.per_m2")}
        </Link>
      </nav>
      {d.view === "cost" ? (
        <>
          {d.marketPriced ? (
            <Card id="estimate-heading" heading={t("price.estimate_heading")} help="cost" className="card notice-card">
              <p>{t("price.estimate_intro")}</p>
              {d.chart?.lastValueMissing ? <p className="notice">{t("states.no_cost_estimate")}</p> : null}
            </Card>
          ) : null}
          {d.chart ? <ChartFigure chart={d.chart} /> : null}
          <Card id="prices-heading" heading={t("price.prices_heading")}>
            {d.prices.length === 0 ? (
              <p className="empty-state">{t(d.marketPriced ? "price.market_prices_only" : "price.no_prices")}</p>
            ) : (
              <DataTable
                className="data-table"
                columns={[t("price.price"), t("price.valid_from"), t("price.valid_to")]}
              >
                {d.prices.map((price) => (
                  <tr key={price.key}>
                    <td>{price.price}</td>
                    <td>{price.validFrom}</td>
                    <td>{price.validTo ?? t("price.still_valid")}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </Card>
        </>
      ) : (
        <>
          <Card id="co2-heading" heading={t("price.co2_heading")} help="co2" helpLabel={t("price.co2_fun_facts")}>
            <p>
              {d.co2Factors.length === 0
                ? t("price.co2_no_factor")
                : d.co2Factors.length === 1
                  ? t("price.co2_factor", { factor: d.co2Factors[0] })
                  : t("price.co2_factors", { factors: d.co2Factors.join("; ") })}
            </p>
          </Card>
          {d.chart ? <ChartFigure chart={d.chart} /> : null}
        </>
      )}
      <HelpDialog
        topics={["cost", "co2"]}
        extra={{
          co2: d.facts ? (
            <ul className="fun-facts">
              <li>{t("help.co2.fact_car", { total: d.facts.total, km: d.facts.carKm })}</li>
              <li>{t("help.co2.fact_phone", { charges: d.facts.phoneCharges })}</li>
              <li>{t("help.co2.fact_trees", { trees: d.facts.treeYears })}</li>
            </ul>
          ) : (
            <p>{t("help.co2.no_facts")}</p>
          ),
        }}
      />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "consumption.view_price");

export { RouteError as ErrorBoundary } from "~/components/route-error";
