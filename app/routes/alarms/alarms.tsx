import { metricTypeName } from "@common/notification-text";
import { alarmsPath, helpPath } from "@common/portal-paths";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/card";
import { DataTable } from "~/components/data-table";
import { PageHeading } from "~/components/page-heading";
import { SubmitButton } from "~/components/submit-button";
import { watchesAnchor, watchFormErrors, watchIntents, watchTexts } from "~/domain/watches";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { type AlarmView, alarmView, requireAlarmArea } from "~/routes/alarms/alarm-pages.server";
import { setWatchFromForm, type WatchView, watchViews } from "~/routes/alarms/alarms.server";
import type { TenancyHandle } from "~/routes/tenancy/tenancy-handle";

/** A page of the side menu: it clears the breadcrumbs (no trail; on a phone the menu button). */
export const handle: TenancyHandle = { clearsBreadcrumbs: true };

/**
 * /t/{tenancyId}/alarms (spec section 2, "Alarm settings"): the resident's alarms on the tenancy,
 * each with its quantity, type, period, level and whether it is on; the empty state "no alarms".
 * Below them the Watches (issue 47 items 1–3): the leak watch and the heating watch, each with what
 * it looks for and its on/off form, or in words why it is not offered for the home.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenancyId = Number(params.tenancyId);
  // The alarms need only the URL's tenancy and the token: asked while the guard asks (ADR 0021).
  if (Number.isSafeInteger(tenancyId) && tenancyId > 0) {
    context.api.prefetch.tenant.alarms(tenancyId);
    context.api.prefetch.tenant.watches(tenancyId);
  }
  const { tenancy, language, quantities, ended } = await requireAlarmArea(request, params, context);
  const [alarms, watches] = await Promise.all([
    context.api.tenant.alarms(tenancy.tenancyId),
    context.api.tenant.watches(tenancy.tenancyId),
  ]);
  return {
    tenancyId: tenancy.id,
    alarms: alarms.map((alarm) => alarmView(alarm, language)).filter((alarm): alarm is AlarmView => alarm !== null),
    canCreate: !ended && quantities.length > 0,
    ended,
    noQuantities: quantities.length === 0,
    watches: watchViews(watches),
  };
}

/** A watch's on/off form (the page's only form). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy } = await requireAlarmArea(request, params, context);
  return setWatchFromForm(context, tenancy, await readForm(request));
}

/** One watch: its name, what it looks for, and its switch, or why it is not offered. */
function WatchItem({ watch, ended }: { watch: WatchView; ended: boolean }) {
  const { t } = useTranslation();
  const texts = watchTexts[watch.kind];
  return (
    <li className="watch">
      <h3>
        {t(texts.name)}
        {watch.available ? (
          <>
            {" "}
            <span className={watch.enabled ? "status status-on" : "status status-off"}>
              {t(watch.enabled ? "alarms.on" : "alarms.off")}
            </span>
          </>
        ) : null}
      </h3>
      <p>{t(texts.what)}</p>
      {watch.reason !== null ? (
        <p className="notice watch-unavailable">
          {t("watches.not_offered")} {t(watch.reason)}
        </p>
      ) : ended ? null : (
        <WatchForm watch={watch} />
      )}
    </li>
  );
}

/**
 * A watch's on/off button: a plain post form (buttons only, nothing to check in the browser), which
 * Remix sends without a reload once the page has hydrated; a refusal shows above the button.
 */
function WatchForm({ watch }: { watch: WatchView }) {
  const { t } = useTranslation();
  const intent = watchIntents[watch.kind];
  const errors = watchFormErrors(useActionData<typeof action>(), intent);
  const texts = watchTexts[watch.kind];
  const errorId = `${intent}-error`;
  return (
    <Form method="post" className="watch-form" aria-describedby={errorId}>
      <div id={errorId} className="form-errors" role="alert">
        {errors.map((key) => (
          <p key={key}>{t(key)}</p>
        ))}
      </div>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="enabled" value={watch.enabled ? "off" : "on"} />
      <SubmitButton className={watch.enabled ? "button button-secondary" : "button"}>
        {t(watch.enabled ? texts.turnOff : texts.turnOn)}
      </SubmitButton>
    </Form>
  );
}

function Watches({ tenancyId, watches, ended }: { tenancyId: string; watches: WatchView[]; ended: boolean }) {
  const { t } = useTranslation();
  return (
    <Card id={watchesAnchor} heading={t("watches.heading")} className="card watches">
      <p>{t("watches.intro")}</p>
      <ul className="watch-list">
        {watches.map((watch) => (
          <WatchItem key={watch.kind} watch={watch} ended={ended} />
        ))}
      </ul>
      <p>
        <Link to={`${helpPath(tenancyId)}#alarm-watch-leak`}>{t("watches.help_link")}</Link>
      </p>
    </Card>
  );
}

export default function Alarms() {
  const { t, i18n } = useTranslation();
  const d = useLoaderData<typeof loader>();
  const base = alarmsPath(d.tenancyId);
  const create = d.canCreate ? (
    <p className="page-actions">
      <Link to={`${base}/new-alarm?step=1`} className="button">
        {t("alarms.create")}
      </Link>
    </p>
  ) : null;
  return (
    <div className="alarm-page">
      <PageHeading title={t("alarms.title")} />
      <p className="lead">{t("alarms.intro")}</p>
      {d.ended ? (
        <p className="notice">{t("alarms.ended")}</p>
      ) : d.noQuantities ? (
        <p className="notice">{t("alarms.no_quantities")}</p>
      ) : null}
      {d.alarms.length === 0 ? (
        <section className="card">
          <p className="empty-state">{t("alarms.empty")}</p>
          {create}
        </section>
      ) : (
        <>
          <section className="card">
            <DataTable
              className="data-table alarm-table"
              caption={t("alarms.list_caption")}
              columns={[
                t("alarms.col_quantity"),
                t("alarms.col_type"),
                t("alarms.col_frequency"),
                t("alarms.col_level"),
                t("alarms.col_status"),
              ]}
              stacked
            >
              {d.alarms.map((alarm) => (
                <tr key={alarm.id}>
                  <th scope="row">
                    <Link to={`${base}/${alarm.id}`}>
                      {metricTypeName(alarm.quantity, i18n.language, (key) => t(key))}
                    </Link>
                  </th>
                  <td data-label={t("alarms.col_type")}>{t(`alarms.type.${alarm.type}`)}</td>
                  <td data-label={t("alarms.col_frequency")}>{t(`alarms.frequency.${alarm.frequency}`)}</td>
                  <td data-label={t("alarms.col_level")}>{t(alarm.level.key, alarm.level.values)}</td>
                  <td data-label={t("alarms.col_status")}>
                    <span className={alarm.enabled ? "status status-on" : "status status-off"}>
                      {t(alarm.enabled ? "alarms.on" : "alarms.off")}
                    </span>
                  </td>
                </tr>
              ))}
            </DataTable>
          </section>
          {create}
        </>
      )}
      <Watches tenancyId={d.tenancyId} watches={d.watches} ended={d.ended} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "alarms.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
