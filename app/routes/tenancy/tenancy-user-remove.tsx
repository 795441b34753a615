import { removeTenancyUserPath, tenancySettingsPath } from "@common/portal-paths";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmForm, ConfirmPage } from "~/components/confirm-page";
import { rowActions } from "~/domain/tenancy-users";
import { pageMeta } from "~/i18n/meta";
import type { TenancyInfo } from "~/services/account/schemas";
import { ApiError } from "~/services/graphql.server";
import { requireTenancy } from "~/session/guards.server";
import { redirectWithError, redirectWithSuccess, toastMessage } from "~/session/toast.server";
import { itemCrumb, parentPages } from "./tenancy-handle";

export const handle = itemCrumb("tenancy_info.remove_title", "userId", removeTenancyUserPath, parentPages.tenancyInfo);

/** The member an admin may remove, or a 403/404 (a plain user, the last admin, oneself, no such user). */
function removable(info: TenancyInfo, userIdParam: string | undefined) {
  if (!info.callerIsAdmin) throw data({ error: "forbidden" as const }, { status: 403 });
  const userId = Number(userIdParam);
  const user = Number.isInteger(userId)
    ? info.users.find((candidate) => candidate.userId === userId && !candidate.invitationPending)
    : undefined;
  if (!user) throw data({ error: "not_found" as const }, { status: 404 });
  return { user, allowed: rowActions(user, info.users, true).includes("remove") };
}

/**
 * /t/{tenancyId}/settings/users/{userId}/remove: an admin removes a user of the tenancy
 * after confirming on this page. The user's access ends; their alarms and notifications of this
 * tenancy go with it; the last admin cannot be removed.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenancy } = await requireTenancy(request, params, context);
  const { user, allowed } = removable(await context.api.account.tenancyInfo(tenancy.tenancyId), params.userId);
  return { tenancyId: tenancy.id, who: user.name || user.email, email: user.email, allowed };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy } = await requireTenancy(request, params, context);
  const here = tenancySettingsPath(tenancy.id);
  const { user, allowed } = removable(await context.api.account.tenancyInfo(tenancy.tenancyId), params.userId);
  if (!allowed) return redirectWithError(here, toastMessage("tenancy_info.error_last_admin"));
  try {
    await context.api.account.removeTenancyUser(tenancy.tenancyId, user.userId!);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "LAST_ADMIN") return redirectWithError(here, toastMessage("tenancy_info.error_last_admin"));
    if (error.code === "USER_NOT_FOUND") return redirectWithError(here, toastMessage("tenancy_info.error_gone"));
    throw error;
  }
  return redirectWithSuccess(here, toastMessage("tenancy_info.toast_removed", { who: user.name || user.email }));
}

export default function RemoveTenancyUser() {
  const { t } = useTranslation();
  const { tenancyId, who, email, allowed } = useLoaderData<typeof loader>();
  return (
    <ConfirmPage className="settings-page" title={t("tenancy_info.remove_title")} subject={who} detail={email}>
      <p>{allowed ? t("tenancy_info.remove_confirm") : t("tenancy_info.error_last_admin")}</p>
      <ConfirmForm
        submit={allowed ? t("tenancy_info.remove_submit") : null}
        backTo={tenancySettingsPath(tenancyId)}
        backLabel={t("tenancy_info.keep_user")}
      />
    </ConfirmPage>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "tenancy_info.remove_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
