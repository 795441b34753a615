import { metricTypeName } from "@common/notification-text";
import { alarmDeletePath, alarmPath, alarmsPath } from "@common/portal-paths";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmForm, ConfirmPage } from "~/components/confirm-page";
import { pageMeta } from "~/i18n/meta";
import { alarmView, loadAlarm, requireAlarmArea } from "~/routes/alarms/alarm-pages.server";
import { isAlarmError } from "~/services/tenant/tenant.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import { itemCrumb } from "../tenancy/tenancy-handle";

export const handle = itemCrumb("alarms.delete_title", "alarmId", alarmDeletePath);

/**
 * /t/{tenancyId}/alarms/{alarmId}/delete: deleting asks for confirmation on a page of its own (no
 * JavaScript confirm()), then returns to the list with a toast.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancy, language } = await requireAlarmArea(request, params, context);
  const alarm = alarmView(await loadAlarm(context, tenancy.tenancyId, params.alarmId), language);
  if (!alarm) throw new Response(null, { status: 404 });
  return { tenancyId: tenancy.id, alarm };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy } = await requireAlarmArea(request, params, context);
  const alarm = await loadAlarm(context, tenancy.tenancyId, params.alarmId);
  try {
    await context.api.tenant.deleteAlarm(tenancy.tenancyId, alarm.id);
  } catch (error) {
    // Deleted meanwhile (another tab): it is gone either way.
    if (!isAlarmError(error, "ALARM_NOT_FOUND")) throw error;
  }
  return redirectWithSuccess(alarmsPath(tenancy.id), toastMessage("toast.alarm_deleted"));
}

export default function DeleteAlarm() {
  const { t, i18n } = useTranslation();
  const { tenancyId, alarm } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage
      className="alarm-page"
      title={t("alarms.delete_title")}
      subject={
        <>
          {metricTypeName(alarm.quantity, i18n.language, (key) => t(key))} · {t(`alarms.type.${alarm.type}`)} ·{" "}
          {t(`alarms.frequency.${alarm.frequency}`)} · {t(alarm.level.key, alarm.level.values)}
        </>
      }
    >
      <p>{t("alarms.delete_confirm")}</p>
      <ConfirmForm
        submit={t("alarms.delete_submit")}
        backTo={alarmPath(tenancyId, alarm.id)}
        backLabel={t("alarms.keep")}
      />
    </ConfirmPage>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "alarms.delete_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
