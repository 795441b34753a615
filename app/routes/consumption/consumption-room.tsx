import { metersOfQuantity } from "@common/meters";
import { consumptionMeterPath, consumptionRoomPath } from "@common/portal-paths";
import { isQuantityId } from "@common/quantities";
import { roomSlug } from "@common/room-slug";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { ChartFigure } from "~/components/chart-figure";
import { HelpDialog, HelpLink } from "~/components/help";
import { LinkList } from "~/components/link-list";
import { pageMeta } from "~/i18n/meta";
import { loadPageChart } from "~/routes/consumption/chart/chart-view.server";
import { loadConsumptionPage, requireMeasuredQuantity } from "~/routes/consumption/consumption-page.server";
import { meterLabel } from "~/routes/consumption/kpi/kpis.server";
import { pageInputsFromUrl, startChart } from "~/routes/consumption/page-inputs.server";
import { quantityItemCrumb } from "../tenancy/tenancy-handle";

export const handle = quantityItemCrumb(
  "consumption.room_crumb",
  { placeholder: "name", dataField: "roomName", param: "roomName" },
  consumptionRoomPath,
);

/**
 * /t/{tenancyId}/consumption/{quantity}/room/{roomName} (spec section 2): one room's consumption,
 * compared by default with the previous period; the property average is not possible per room.
 * roomName is the room's lowercase slug; a room without a meter of the quantity is 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The room's chart needs only the URL (its slug is the room's name for the back-end): asked at once (ADR 0021).
  const guess = pageInputsFromUrl(request, params, { defaultCompare: "previous-period" });
  if (guess && params.quantity && isQuantityId(params.quantity) && params.roomName) {
    startChart(context, guess, { quantity: params.quantity, roomName: params.roomName });
  }
  const page = await loadConsumptionPage(request, params, context, { defaultCompare: "previous-period" });
  const quantity = requireMeasuredQuantity(page.unit, params.quantity);
  const slug = params.roomName ?? "";
  const meters = metersOfQuantity(page.unit.meters, quantity).filter(
    (m) => m.roomName !== null && roomSlug(m.roomName) === slug,
  );
  const room = page.unit.rooms.find((candidate) => candidate.slug === slug);
  // Only the canonical lowercase slug is the room's address.
  if (!room || meters.length === 0 || slug !== slug.toLowerCase())
    throw data({ error: "room_not_found" }, { status: 404 });
  const chart = await loadPageChart(page, context, { quantity, roomName: room.slug, idPrefix: "room" });
  return {
    tenancyId: page.tenancy.id,
    quantity,
    roomName: room.name,
    chart,
    meters: meters.map((meter) => ({ id: meter.id, label: meterLabel(meter, page.t) })),
  };
}

export default function ConsumptionRoom() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <>
      <h2 className="subpage-heading">
        {t("consumption.room_heading", { name: d.roomName })} <HelpLink topic="room" />
      </h2>
      <ChartFigure chart={d.chart} />
      <Card id="room-meters-heading" heading={t("consumption.meters_in_room")}>
        <LinkList
          items={d.meters.map((meter) => ({
            key: meter.id,
            to: `${consumptionMeterPath(d.tenancyId, d.quantity, meter.id)}${search}`,
            label: meter.label,
          }))}
        />
      </Card>
      <HelpDialog topics={["room"]} />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "consumption.per_room");

export { RouteError as ErrorBoundary } from "~/components/route-error";
