import { leaveTenancyPath, tenanciesPath, tenancySettingsPath } from "@common/portal-paths";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmForm, ConfirmPage } from "~/components/confirm-page";
import { mayLeave } from "~/domain/tenancy-users";
import { pageMeta } from "~/i18n/meta";
import { ApiError } from "~/services/graphql.server";
import { requireTenancy } from "~/session/guards.server";
import { redirectWithError, redirectWithSuccess, toastMessage } from "~/session/toast.server";
import { parentPages, titleCrumb } from "./tenancy-handle";

export const handle = titleCrumb("tenancy_info.leave_title", leaveTenancyPath, parentPages.tenancyInfo);

/**
 * /t/{tenancyId}/settings/leave: leaving a tenancy, on a confirmation page of its own.
 * Access ends at once; the next tenancy opens, or /no-tenancies when none is left. The last admin
 * of a tenancy with other users must hand over first (the back-end refuses with LAST_ADMIN too).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancy } = await requireTenancy(request, params, context);
  const info = await context.api.account.tenancyInfo(tenancy.tenancyId);
  return {
    tenancyId: tenancy.id,
    address: `${info.address}, ${info.zipcode} ${info.city}`,
    mayLeave: mayLeave(info.users),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy } = await requireTenancy(request, params, context);
  try {
    await context.api.account.leaveTenancy(tenancy.tenancyId);
  } catch (error) {
    if (error instanceof ApiError && error.code === "LAST_ADMIN")
      return redirectWithError(tenancySettingsPath(tenancy.id), toastMessage("tenancy_info.error_last_admin"));
    throw error;
  }
  const session = await context.session.get();
  session.unset("tenancyId");
  return redirectWithSuccess(
    tenanciesPath,
    toastMessage("tenancy_info.toast_left", { address: tenancy.apartment.address }),
    {
      headers: { "Set-Cookie": await context.session.commit() },
    },
  );
}

export default function LeaveTenancy() {
  const { t } = useTranslation();
  const { tenancyId, address, mayLeave: allowed } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage className="settings-page" title={t("tenancy_info.leave_title")} subject={address}>
      {allowed ? (
        <>
          <p>{t("tenancy_info.leave_confirm")}</p>
          <ConfirmForm
            submit={t("tenancy_info.leave_submit")}
            backTo={tenancySettingsPath(tenancyId)}
            backLabel={t("tenancy_info.stay")}
          />
        </>
      ) : (
        <>
          <p>{t("tenancy_info.leave_last_admin")}</p>
          <p>
            <Link to={tenancySettingsPath(tenancyId)}>{t("tenancy_info.title")}</Link>
          </p>
        </>
      )}
    </ConfirmPage>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "tenancy_info.leave_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
