import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteError } from "~/components/route-error";
import { formatCalendarDate } from "~/domain/format";
import { consumptionQuantityIds, indoorClimateQuantityIds, isQuantityId } from "~/domain/quantities";
import { pageMeta } from "~/i18n/meta";
import { requireTenancy } from "~/session/guards.server";
import type { TenancyHandle } from "./tenancy-layout";

export const handle: TenancyHandle = {
  breadcrumb: (tenancyId) => ({ labelKey: "dashboard.title", to: `/t/${tenancyId}` }),
};

/**
 * The dashboard (spec section 2): consumption rating, your consumption, indoor climate and the
 * latest allocation statement. Sections whose numbers come with the consumption engine show
 * 'data not yet available' until then.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancy } = await requireTenancy(request, params, context);
  const kinds = tenancy.meterUnits.map((m) => m.kind).filter(isQuantityId);
  return {
    address: tenancy.apartment.address,
    zipcode: tenancy.apartment.apartmentInfo.zipcode,
    city: tenancy.apartment.apartmentInfo.city,
    start: tenancy.start,
    end: tenancy.end,
    consumptionQuantities: consumptionQuantityIds.filter((q) => kinds.includes(q)),
    indoorClimateQuantities: indoorClimateQuantityIds.filter((q) => kinds.includes(q)),
    latestStatement: tenancy.latestAllocationStatement,
  };
}

function DataNotYetAvailable() {
  const { t } = useTranslation();
  return <p className="empty-state">{t("states.data_not_yet_available")}</p>;
}

export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const date = (iso: string) => formatCalendarDate(iso, i18n.language);
  return (
    <div className="dashboard">
      <div className="page-heading">
        <h1>{d.address}</h1>
        <p className="hint">
          {d.zipcode} {d.city} · {t("dashboard.moved_in", { date: date(d.start) })}
          {d.end ? ` · ${t("dashboard.moved_out", { date: date(d.end) })}` : null}
        </p>
      </div>

      <section className="card" aria-labelledby="rating-heading">
        <h2 id="rating-heading">{t("dashboard.consumption_rating")}</h2>
        <DataNotYetAvailable />
      </section>

      <section className="card" aria-labelledby="consumption-heading">
        <h2 id="consumption-heading">{t("dashboard.your_consumption")}</h2>
        {d.consumptionQuantities.length === 0 ? (
          <p className="empty-state">{t("dashboard.no_meters")}</p>
        ) : (
          <ul className="quantity-list">
            {d.consumptionQuantities.map((quantity) => (
              <li key={quantity} className={`quantity quantity-${quantity}`}>
                <h3>{t(`quantity.${quantity}`)}</h3>
                <DataNotYetAvailable />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="climate-heading">
        <h2 id="climate-heading">{t("dashboard.indoor_climate")}</h2>
        {d.indoorClimateQuantities.length === 0 ? (
          <p className="empty-state">{t("dashboard.no_meters")}</p>
        ) : (
          <ul className="quantity-list">
            {d.indoorClimateQuantities.map((quantity) => (
              <li key={quantity} className={`quantity quantity-${quantity}`}>
                <h3>{t(`quantity.${quantity}`)}</h3>
                <DataNotYetAvailable />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="card" aria-labelledby="statement-heading">
        <h2 id="statement-heading">{t("dashboard.latest_statement")}</h2>
        {d.latestStatement ? (
          <div className="statement">
            <p className="statement-name">{d.latestStatement.fileName}</p>
            <p>
              {t("dashboard.statement_period", {
                start: date(d.latestStatement.periodStartDate),
                end: date(d.latestStatement.periodEndDate),
              })}
            </p>
            {d.latestStatement.expenseTypes.length > 0 ? (
              <p>
                {t("dashboard.statement_expenses", {
                  expenses: d.latestStatement.expenseTypes.map((e) => t(`expense.${e}`, { defaultValue: e })).join(", "),
                })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="empty-state">{t("dashboard.no_statements")}</p>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.title");

export function ErrorBoundary() {
  return <RouteError />;
}
