import { formatCalendarDate } from "@common/format";
import { alarmsPath, consumptionBasePath, statementsPath } from "@common/portal-paths";
import { isQuantityId } from "@common/quantities";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { Fact } from "~/components/fact";
import { HelpDialog } from "~/components/help";
import { ComparisonSmiley } from "~/components/kpi-list";
import { PageHeading } from "~/components/page-heading";
import { Smiley } from "~/components/smiley";
import { SmileyLegend } from "~/components/smiley-legend";
import { SubmitButton } from "~/components/submit-button";
import { watchesAnchor } from "~/domain/watches";
import { languageOf, translatorFor } from "~/i18n/i18n.server";
import { pageMeta } from "~/i18n/meta";
import { type DashboardQuantity, dashboardCall, loadDashboard } from "~/routes/consumption/dashboard.server";
import { ForecastCard } from "~/routes/consumption/forecast-card";
import { meterKindsHint, rememberMeterKinds } from "~/routes/consumption/page-inputs.server";
import { dismissWatchSuggestion, watchSuggestion } from "~/routes/consumption/watch-suggestion.server";
import type { TenancyHandle } from "~/routes/tenancy/tenancy-handle";
import { requireTenancy } from "~/session/guards.server";

/** The first page of the side menu: it clears the breadcrumbs (no trail; on a phone the menu button). */
export const handle: TenancyHandle = { clearsBreadcrumbs: true };

/**
 * The dashboard (spec section 2): consumption rating (with the property average and the efficient
 * neighbours per m², ADR 0073), your consumption, the forecast (ADR 0072), indoor climate and the
 * latest allocation statement. Sections whose numbers come with the consumption engine show
 * 'data not yet available' until then.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // With the tenancy's meters seen before, its figures are asked while the guard asks (ADR 0021).
  const hint = meterKindsHint(params);
  if (hint) {
    const call = dashboardCall(hint.tenancyId, hint.kinds);
    context.api.prefetch.tenant.dashboard(call.input);
    if (call.weather) context.api.prefetch.tenant.kpis(call.weather);
  }
  const urlTenancyId = Number(params.tenancyId);
  if (Number.isSafeInteger(urlTenancyId) && urlTenancyId > 0) context.api.prefetch.tenant.watches(urlTenancyId);
  const { tenancy } = await requireTenancy(request, params, context);
  const kinds = tenancy.meterUnits.map((m) => m.kind).filter(isQuantityId);
  rememberMeterKinds(tenancy.tenancyId, kinds);
  const language = await languageOf(request);
  const t = (await translatorFor(request)) as unknown as TFunction;
  const [overview, suggestWatches] = await Promise.all([
    loadDashboard(context, tenancy, kinds, { language, t }),
    watchSuggestion(context, tenancy),
  ]);
  // Written here, not in the component: the browser's first Intl.DateTimeFormat takes 50–85 ms of
  // a hydrating page on a slow machine (docs/performance.md, "Dates written on the server").
  const date = (iso: string) => formatCalendarDate(iso, language);
  const statement = tenancy.latestAllocationStatement;
  return {
    ...overview,
    dates: {
      movedIn: date(tenancy.start),
      movedOut: tenancy.end ? date(tenancy.end) : null,
      period: { from: date(overview.period.from), to: date(overview.period.to) },
      rating: overview.rating ? { from: date(overview.rating.periodBegin), to: date(overview.rating.periodEnd) } : null,
      statement: statement ? { start: date(statement.periodStartDate), end: date(statement.periodEndDate) } : null,
    },
    tenancyId: tenancy.id,
    address: tenancy.apartment.address,
    zipcode: tenancy.apartment.apartmentInfo.zipcode,
    city: tenancy.apartment.apartmentInfo.city,
    latestStatement: tenancy.latestAllocationStatement,
    suggestWatches,
  };
}

/** The watches suggestion's "Dismiss" (the page's only form): not shown again, then back with a toast. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy } = await requireTenancy(request, params, context);
  return dismissWatchSuggestion(context, tenancy, request);
}

/** The suggestion to turn the watches on (issue 47 item 3): a link to them and a "Dismiss" that needs no script. */
function WatchSuggestion({ tenancyId }: { tenancyId: string }) {
  const { t } = useTranslation();
  return (
    <Card id="watch-suggestion-heading" heading={t("watches.suggestion_heading")} className="card watch-suggestion">
      <p>{t("watches.suggestion_text")}</p>
      <div className="button-row">
        <Link to={`${alarmsPath(tenancyId)}#${watchesAnchor}`} className="button">
          {t("watches.suggestion_link")}
        </Link>{" "}
        <Form method="post">
          <input type="hidden" name="intent" value="dismiss-watch-suggestion" />
          <SubmitButton className="button button-secondary">{t("watches.suggestion_dismiss")}</SubmitButton>
        </Form>
      </div>
    </Card>
  );
}

function DataNotYetAvailable() {
  const { t } = useTranslation();
  return <p className="empty-state">{t("states.data_not_yet_available")}</p>;
}

/** The heat card's weather-adjusted comparison, compact: the change and the degree days, or why not. */
function WeatherAdjusted({ weather }: { weather: NonNullable<DashboardQuantity["weather"]> }) {
  const { t } = useTranslation();
  return (
    <div className="weather-adjusted">
      <h4>{t("weather.title")}</h4>
      {weather.comparison ? <ComparisonSmiley comparison={weather.comparison} /> : null}
      {weather.problem ? <p className="kpi-note">{weather.problem}</p> : null}
      {weather.weather ? <p className="kpi-note">{weather.weather}</p> : null}
    </div>
  );
}

export default function Dashboard() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const base = consumptionBasePath(d.tenancyId);
  return (
    <div className="dashboard">
      <PageHeading title={d.address}>
        <p className="hint">
          {d.zipcode} {d.city} · {t("dashboard.moved_in", { date: d.dates.movedIn })}
          {d.dates.movedOut ? ` · ${t("dashboard.moved_out", { date: d.dates.movedOut })}` : null}
        </p>
      </PageHeading>

      <Card id="rating-heading" heading={t("dashboard.consumption_rating")} help="rating" className="card rating-card">
        {d.rating?.letter ? (
          <>
            <div className="rating">
              <p className={`rating-letter rating-${d.rating.letter.replace("+", "-plus")}`}>
                <span className="visually-hidden">{t("rating.letter_label")} </span>
                {d.rating.letter}
              </p>
              <p>
                {t("rating.explanation", {
                  quantity: t(`quantity.${d.rating.quantity}`),
                  from: d.dates.rating?.from,
                  to: d.dates.rating?.to,
                  units: d.rating.unitsCompared,
                })}
              </p>
            </div>
            {d.rating.propertyAverage ? (
              <>
                <h3 className="rating-figures-heading">{t("rating_figures.heading")}</h3>
                <dl className="facts rating-figures">
                  <Fact term={t("rating_figures.your_home")}>{d.rating.value}</Fact>
                  <Fact term={t("rating_figures.property_average")}>{d.rating.propertyAverage}</Fact>
                  <Fact term={t("rating_figures.efficient_neighbours")}>
                    {d.rating.efficientNeighbours ? (
                      <>
                        <span className="rating-efficient-neighbours">{d.rating.efficientNeighbours}</span>{" "}
                        <span className="hint">{t("rating_figures.efficient_neighbours_hint")}</span>
                      </>
                    ) : (
                      <span className="hint">{t("rating_figures.efficient_neighbours_none")}</span>
                    )}
                  </Fact>
                </dl>
              </>
            ) : null}
          </>
        ) : (
          <DataNotYetAvailable />
        )}
      </Card>

      <Card id="consumption-heading" heading={t("dashboard.your_consumption")} help="smileys">
        <p className="hint">
          {d.comparedWith
            ? t("dashboard.consumption_period_compared", {
                from: d.dates.period.from,
                to: d.dates.period.to,
                compared: d.comparedWith,
              })
            : t("dashboard.consumption_period", d.dates.period)}
        </p>
        {d.consumption.length === 0 ? (
          <p className="empty-state">{t("dashboard.no_meters")}</p>
        ) : (
          <ul className="quantity-list">
            {d.consumption.map((item) => (
              <li key={item.quantity} className={`quantity quantity-${item.quantity}`}>
                <h3>
                  <Link to={`${base}/${item.quantity}`}>{t(`quantity.${item.quantity}`)}</Link>
                </h3>
                {item.value === "–" ? (
                  <DataNotYetAvailable />
                ) : (
                  <>
                    <p className="quantity-value">{item.value}</p>
                    {item.comparison ? <ComparisonSmiley comparison={item.comparison} /> : null}
                    {item.comparedWith ? (
                      <p className="hint">{t("dashboard.compared_with", { compared: item.comparedWith })}</p>
                    ) : null}
                    {item.weather ? <WeatherAdjusted weather={item.weather} /> : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {d.suggestWatches ? <WatchSuggestion tenancyId={d.tenancyId} /> : null}

      {d.consumption.length > 0 ? <ForecastCard tenancyId={d.tenancyId} forecasts={d.forecasts} /> : null}

      <Card
        id="climate-heading"
        heading={
          // The indoor-climate page exists only for a home that measures it (else 404).
          d.climate.length > 0 ? (
            <Link to={`${base}/indoor-climate`}>{t("dashboard.indoor_climate")}</Link>
          ) : (
            t("dashboard.indoor_climate")
          )
        }
        help="indoor-climate"
      >
        {d.climate.length === 0 ? (
          <p className="empty-state">{t("dashboard.no_meters")}</p>
        ) : (
          <>
            <p className="hint">{t("dashboard.climate_today_so_far", { until: d.climateUntil })}</p>
            <ul className="quantity-list">
              {d.climate.map((item) => (
                <li key={item.quantity} className={`quantity quantity-${item.quantity}`}>
                  <h3>{t(`quantity.${item.quantity}`)}</h3>
                  {item.value === "–" ? (
                    <p className="empty-state">{t("states.no_data_today")}</p>
                  ) : (
                    <>
                      <p className="quantity-value">{item.value}</p>
                      {item.face ? <Smiley kind={item.face} label={t(`smiley.${item.quantity}.${item.face}`)} /> : null}
                    </>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <Card id="statement-heading" heading={t("dashboard.latest_statement")}>
        {d.latestStatement ? (
          <div className="statement">
            <p className="statement-name">
              <a href={d.latestStatement.url} download>
                {d.latestStatement.fileName}
              </a>
            </p>
            <p>
              {t("dashboard.statement_period", {
                start: d.dates.statement?.start,
                end: d.dates.statement?.end,
              })}
            </p>
            {d.latestStatement.expenseTypes.length > 0 ? (
              <p>
                {t("dashboard.statement_expenses", {
                  expenses: d.latestStatement.expenseTypes
                    .map((e) => t(`expense.${e}`, { defaultValue: e }))
                    .join(", "),
                })}
              </p>
            ) : null}
            <p>
              <Link to={statementsPath(d.tenancyId)}>{t("dashboard.view_all_statements")}</Link>
            </p>
          </div>
        ) : (
          <p className="empty-state">{t("dashboard.no_statements")}</p>
        )}
      </Card>
      <HelpDialog
        topics={["rating", "smileys", "indoor-climate"]}
        values={{ happyFrom: 19, happyTo: 22, humidityFrom: 40, humidityTo: 60 }}
        extra={{ smileys: <SmileyLegend /> }}
      />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
