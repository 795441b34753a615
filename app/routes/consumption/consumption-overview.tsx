import { toApiRange } from "@common/period";
import { consumptionPath, newAlarmPath } from "@common/portal-paths";
import { isQuantityId, type QuantityId } from "@common/quantities";
import { roomNameMaxLength } from "@common/room-name";
import { chosenSpan, offeredSpans, type SpanType } from "@common/span";
import { isWeatherQuantity } from "@common/weather";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { ChartFigure } from "~/components/chart-figure";
import { DataTable } from "~/components/data-table";
import { HelpDialog } from "~/components/help";
import { KpiList } from "~/components/kpi-list";
import { LinkList } from "~/components/link-list";
import { LabelledSelect } from "~/components/select-options";
import { comparisonName } from "~/domain/compared-days";
import { renameRoomSchema } from "~/domain/rename-room-form";
import { withSearchParam } from "~/domain/url-state";
import { readForm } from "~/http/read-form.server";
import { loadPageChart, unlessRefused } from "~/routes/consumption/chart/chart-view.server";
import { loadConsumptionPage, requireMeasuredQuantity } from "~/routes/consumption/consumption-page.server";
import { comparisonKpis, meterRows, roomRows, tableView } from "~/routes/consumption/kpi/kpis.server";
import { type PageInputs, pageInputsFromUrl, pageInputsOf, startChart } from "~/routes/consumption/page-inputs.server";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import type { Comparison, TenantTableInput, UnitQuantityKpisInput } from "~/services/tenant/schemas";
import { requireTenancy } from "~/session/guards.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

/**
 * /t/{tenancyId}/consumption/{quantity} (spec section 2, consumption overview): a dashboard tab
 * (the chart with its comparison, the key figures, per room and per meter) and a detailed tab (all
 * meters grouped by meter or room, the chart's resolution, renaming rooms).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: "dashboard" | "detailed" = url.searchParams.get("tab") === "detailed" ? "detailed" : "dashboard";
  const group = url.searchParams.get("group") === "room" ? "ROOM" : "METER";
  // The chart, the key figures and the table need only the URL: asked while the guard asks (ADR 0021).
  const guess = pageInputsFromUrl(request, params, { defaultCompare: "property-average" });
  if (guess && params.quantity && isQuantityId(params.quantity)) {
    const calls = overviewCalls(guess, params.quantity, url, tab, group);
    startChart(context, guess, calls.chart);
    context.api.prefetch.tenant.kpis(calls.kpis);
    if (calls.table) context.api.prefetch.tenant.table(calls.table);
  }

  const page = await loadConsumptionPage(request, params, context, { defaultCompare: "property-average" });
  const quantity = requireMeasuredQuantity(page.unit, params.quantity);
  const inputs = pageInputsOf(page);
  const calls = overviewCalls(inputs, quantity, url, tab, group);
  if (calls.ignoredResolution !== null) {
    // Spec section 8: an unknown resolution is logged, and the page falls back to its own. So does
    // one not offered here (hourly where the property has no hourly values, or a period too long
    // for it), without a log line: the address is made to say what the page shows, so no link on
    // it carries a resolution the back-end would refuse.
    if (calls.ignoredResolution === "unknown")
      console.warn(`Unknown resolution ${JSON.stringify(url.searchParams.get("resolution"))} on ${url.pathname}`);
    url.searchParams.delete("resolution");
    throw redirect(`${url.pathname}${url.search}`);
  }
  const span = calls.chart.span;
  const common = { language: page.language, t: page.t, quantity };
  const tableComparison = calls.table?.compareWith ?? null;
  const [chart, kpis, table] = await Promise.all([
    loadPageChart(page, context, { ...calls.chart, idPrefix: "overview" }),
    unlessRefused(context.api.tenant.kpis(calls.kpis)),
    calls.table ? unlessRefused(context.api.tenant.table(calls.table)) : null,
  ]);

  return {
    tenancyId: page.tenancy.id,
    quantity,
    tab,
    group,
    span,
    autoSpan: page.span,
    // Only what the home and the period allow: no hourly option where the property has it off.
    spans: offeredSpans(inputs.period, inputs.hourlyValues),
    chart,
    kpis: kpis ? comparisonKpis(kpis, common, { efficientNeighbours: calls.kpis.efficientNeighbours === true }) : null,
    rooms: kpis ? roomRows(kpis, page.unit, common) : [],
    meters: kpis ? meterRows(kpis, page.unit, common) : [],
    table: table
      ? tableView(
          table,
          page.unit,
          common,
          tableComparison
            ? comparisonName(page.t(`compare.${page.query.compare}`), table.comparedDays[0], page.language, page.t)
            : null,
          group,
        )
      : null,
    // A resident who has moved out can no longer rename (the back-end refuses it too).
    renamableRooms: page.tenancy.end === null || page.tenancy.end >= page.periodContext.today ? page.unit.rooms : [],
  };
}

/** The page's back-end calls, made of its inputs (the URL's guess, then the page's own). */
function overviewCalls(
  inputs: PageInputs,
  quantity: QuantityId,
  url: URL,
  tab: "dashboard" | "detailed",
  group: "ROOM" | "METER",
): {
  chart: { quantity: QuantityId; span: SpanType };
  kpis: UnitQuantityKpisInput;
  table: (TenantTableInput & { compareWith: Comparison | null }) | null;
  ignoredResolution: ReturnType<typeof chosenSpan>["ignored"];
} {
  const { span, ignored } = chosenSpan(
    url.searchParams.get("resolution"),
    inputs.period,
    inputs.hourlyValues,
    inputs.span,
  );
  const range = toApiRange(inputs.period);
  const tableComparison =
    inputs.compare === "previous-period"
      ? "PREVIOUS_PERIOD"
      : inputs.compare === "previous-year"
        ? "PREVIOUS_YEAR"
        : null;
  return {
    chart: { quantity, span },
    // Heat and gas get their weather-adjusted comparisons beside the plain ones (ADR 0070), on
    // the tab that shows the key figures: they read a year of the home's days.
    kpis: {
      tenancyId: inputs.tenancyId,
      quantity,
      ...range,
      ...(isWeatherQuantity(quantity) && tab === "dashboard" ? { weatherAdjusted: true } : {}),
      // The efficient neighbours' card beside the property average (ADR 0073), on the same tab.
      ...(tab === "dashboard" ? { efficientNeighbours: true } : {}),
    },
    table:
      tab === "detailed"
        ? {
            tenancyId: inputs.tenancyId,
            quantities: [quantity],
            ...range,
            groupBy: group,
            // The property average is a unit-level figure: per meter or room it is not possible.
            compareWith: tableComparison,
          }
        : null,
    ignoredResolution: ignored,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy } = await requireTenancy(request, params, context);
  const submission = parseWithZod(await readForm(request), { schema: renameRoomSchema });
  if (submission.status !== "success") {
    const room = String(submission.payload.roomName ?? "");
    return data(
      {
        room,
        error: submission.error?.newName?.[0] ?? "rooms.error.invalid",
        typed: String(submission.payload.newName ?? ""),
      },
      { status: 400 },
    );
  }
  const { roomName, newName } = submission.value;
  try {
    const renamed = await context.api.tenant.renameRoom({ tenancyId: tenancy.tenancyId, roomName, newName });
    const url = new URL(request.url);
    url.searchParams.delete("index");
    return redirectWithSuccess(
      `${url.pathname}${url.search}`,
      toastMessage("toast.room_renamed", { name: renamed.name }),
    );
  } catch (error) {
    // The service cannot take it now (down, or reporting its own fault): say so, keeping the name typed.
    if (isServiceFailure(error))
      return data({ room: roomName, error: "errors.service_unavailable", typed: newName }, { status: 503 });
    if (error instanceof ApiError) {
      const key =
        error.code === "ROOM_NAME_TAKEN"
          ? "rooms.error.taken"
          : error.code === "ROOM_NOT_FOUND"
            ? "rooms.error.not_found"
            : "rooms.error.invalid";
      return data({ room: roomName, error: key, typed: newName }, { status: 400 });
    }
    throw error;
  }
}

function Tabs({ tab }: { tab: "dashboard" | "detailed" }) {
  const { t } = useTranslation();
  const location = useLocation();
  const href = (value: string | null) => withSearchParam(location.pathname, location.search, "tab", value);
  return (
    <nav className="view-tabs view-tabs-secondary" aria-label={t("consumption.tabs")}>
      <Link to={href(null)} aria-current={tab === "dashboard" ? "page" : undefined} preventScrollReset>
        {t("consumption.tab_dashboard")}
      </Link>{" "}
      <Link to={href("detailed")} aria-current={tab === "detailed" ? "page" : undefined} preventScrollReset>
        {t("consumption.tab_detailed")}
      </Link>
    </nav>
  );
}

function RenameRoomForm({ room }: { room: { name: string; slug: string } }) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const mine = result?.room === room.slug || result?.room === room.name;
  const errorId = `rename-${room.slug}-error`;
  const busy = navigation.state === "submitting" && navigation.formData?.get("roomName") === room.slug;
  return (
    <Form method="post" className="rename-room" preventScrollReset>
      <input type="hidden" name="roomName" value={room.slug} />
      <label htmlFor={`rename-${room.slug}`}>{t("rooms.rename_label", { name: room.name })}</label>
      <input
        id={`rename-${room.slug}`}
        name="newName"
        defaultValue={mine ? result.typed : room.name}
        key={mine ? `typed-${result.typed}` : room.name}
        required
        maxLength={roomNameMaxLength}
        aria-invalid={mine || undefined}
        aria-describedby={mine ? errorId : undefined}
      />
      <button type="submit" className="button button-small" disabled={busy}>
        {t("rooms.rename_submit")}
      </button>
      {mine ? (
        <p id={errorId} className="field-error" role="alert">
          {t(result.error)}
        </p>
      ) : null}
    </Form>
  );
}

/** A value column's heading, with the values' unit when they have one. */
function withUnit(label: string, unit: string | null) {
  return unit ? `${label} (${unit})` : label;
}

export default function ConsumptionOverview() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const base = consumptionPath(d.tenancyId, d.quantity);
  const search = location.search;
  return (
    <>
      <Tabs tab={d.tab} />
      <ChartFigure chart={d.chart} />
      {d.tab === "dashboard" ? (
        <>
          <Card id="kpi-heading" heading={t("kpi.heading")} help="smileys">
            {d.kpis ? <KpiList kpis={d.kpis} /> : <p className="notice">{t("chart.refused")}</p>}
          </Card>
          <div className="two-columns">
            <Card id="rooms-heading" heading={t("consumption.per_room")} help="room">
              {d.rooms.length === 0 ? (
                <p className="empty-state">{t("consumption.no_rooms")}</p>
              ) : (
                <LinkList
                  items={d.rooms.map((room) => ({
                    key: room.slug,
                    to: `${base}/room/${room.slug}${search}`,
                    label: room.label,
                    value: room.value,
                  }))}
                />
              )}
            </Card>
            <Card id="meters-heading" heading={t("consumption.per_meter")} help="meter">
              <LinkList
                items={d.meters.map((meter) => ({ ...meter, key: meter.id, to: `${base}/meter/${meter.id}${search}` }))}
              />
            </Card>
          </div>
        </>
      ) : (
        <>
          <Card id="all-meters-heading" heading={t("consumption.all_meters")}>
            <Form method="get" className="inline-form" preventScrollReset>
              {["from", "to", "compare", "tab"].map((name) => {
                const value = new URLSearchParams(search).get(name) ?? (name === "tab" ? "detailed" : null);
                return value ? <input key={name} type="hidden" name={name} value={value} /> : null;
              })}
              <LabelledSelect
                label={t("consumption.group_by")}
                name="group"
                defaultValue={d.group === "ROOM" ? "room" : "meter"}
                resetKey={d.group}
                values={["meter", "room"]}
                optionLabel={(group) => t(group === "room" ? "consumption.group_room" : "consumption.group_meter")}
              />
              <LabelledSelect
                label={t("consumption.resolution")}
                name="resolution"
                defaultValue={d.span === d.autoSpan ? "" : d.span}
                resetKey={d.span}
                values={["", ...d.spans]}
                optionLabel={(span) =>
                  span === "" ? t("consumption.resolution_auto", { span: t(`span.${d.autoSpan}`) }) : t(`span.${span}`)
                }
              />
              <button type="submit" className="button button-small">
                {t("period.show")}
              </button>
            </Form>
            {d.table?.emptyKey ? (
              <p className="empty-state" role="status">
                {t(d.table.emptyKey)}
              </p>
            ) : d.table ? (
              <DataTable
                className="data-table"
                caption={t("consumption.all_meters")}
                columns={[
                  t(d.group === "ROOM" ? "consumption.group_room" : "consumption.group_meter"),
                  withUnit(t("chart.value"), d.table.unit),
                  ...(d.table.comparisonLabel ? [withUnit(d.table.comparisonLabel, d.table.unit)] : []),
                ]}
              >
                {d.table.rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td>{row.value}</td>
                    {d.table?.comparisonLabel ? <td>{row.comparison}</td> : null}
                  </tr>
                ))}
              </DataTable>
            ) : null}
          </Card>
          {d.renamableRooms.length > 0 ? (
            <Card id="rename-heading" heading={t("rooms.rename_heading")}>
              {d.renamableRooms.map((room) => (
                <RenameRoomForm key={room.slug} room={room} />
              ))}
            </Card>
          ) : null}
        </>
      )}
      <p className="page-actions">
        <Link to={`${newAlarmPath(d.tenancyId)}?step=1&quantity=${d.quantity}`} className="button button-secondary">
          {t("consumption.new_alarm")}
        </Link>
      </p>
      <HelpDialog topics={["smileys", "room", "meter"]} />
    </>
  );
}

export { RouteError as ErrorBoundary } from "~/components/route-error";
// A refused rename (ADR 0019) keeps its Allow header on the page.
export { errorAwareHeaders as headers } from "~/security/route-headers";
