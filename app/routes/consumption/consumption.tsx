import { consumptionPath } from "@common/portal-paths";
import type { QuantityId } from "@common/quantities";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, type ShouldRevalidateFunction, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/page-heading";
import { PeriodSelector } from "~/components/period-selector";
import { periodSearch } from "~/domain/period-query";
import { pageMeta } from "~/i18n/meta";
import {
  defaultCompareFor,
  hasPriceViewOf,
  loadConsumptionPage,
  periodSelectorState,
  requireMeasuredQuantity,
} from "~/routes/consumption/consumption-page.server";
import type { TenancyHandle } from "../tenancy/tenancy-layout";

export const handle: TenancyHandle = {
  breadcrumb: (tenancyId, { params }) =>
    params.quantity
      ? { labelKey: `quantity.${params.quantity}`, to: consumptionPath(tenancyId, params.quantity) }
      : null,
};

/**
 * /t/{tenancyId}/consumption/{quantity}: the frame of every view of one quantity — its heading, the
 * views (overview, price and CO2) and the period selector, whose state is in the URL. The quantity
 * must be one the unit measures, else 404 in the resident's language.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadConsumptionPage(request, params, context, { defaultCompare: defaultCompareFor(request) });
  const quantity = requireMeasuredQuantity(page.unit, params.quantity);
  return {
    tenancyId: page.tenancy.id,
    quantity,
    // Only quantities with a cost or a CO2 footprint have the price view (not hca, not temperatures).
    hasPriceView: await hasPriceViewOf(page, context, quantity),
    selector: periodSelectorState(page, request),
    search: periodSearch(page.query.period, page.query.compare),
  };
}

/**
 * The selector's links, form target and default comparison depend on the subpage (room and meter
 * pages compare with the previous period), so moving between subpages loads this frame again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function Consumption() {
  const { t } = useTranslation();
  const { tenancyId, quantity, hasPriceView, selector, search } = useLoaderData<typeof loader>();
  const base = consumptionPath(tenancyId, quantity);
  const location = useLocation();
  const onSubPage = /\/(room|meter)\//.test(location.pathname);
  return (
    <div className="consumption-page">
      <PageHeading title={t(`quantity.${quantity as QuantityId}`)} />
      {!onSubPage && hasPriceView ? (
        <nav className="view-tabs" aria-label={t("consumption.views")}>
          <NavLink to={`${base}?${search}`} end preventScrollReset>
            {t("consumption.view_consumption")}
          </NavLink>{" "}
          <NavLink to={`${base}/price?${search}`} preventScrollReset>
            {t("consumption.view_price")}
          </NavLink>
        </nav>
      ) : null}
      <PeriodSelector state={selector} />
      <Outlet />
    </div>
  );
}

export const meta: MetaFunction = ({ matches, params }) => pageMeta(matches, `quantity.${params.quantity}`);

export { RouteError as ErrorBoundary } from "~/components/route-error";
