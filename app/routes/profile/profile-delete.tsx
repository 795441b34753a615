import { loginPath, profileDeletePath } from "@common/portal-paths";
import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConformForm, useSchemaForm } from "~/components/conform-form";
import { CurrentPasswordField, FormField } from "~/components/field";
import { deleteFormSchema, usesPassword } from "~/domain/profile-forms";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { passwordAttempt } from "~/security/limits.server";
import { ApiError } from "~/services/graphql.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import { AccountChangeButtons, AccountChangePage, accountChangeHandle } from "./account-change-page";
import type { accountChangeLoader } from "./profile-pages.server";
import { accountChangeFailure, type Refusal, requireProfile, supportSessionRefusal } from "./profile-pages.server";

export const handle = accountChangeHandle("profile.delete_title", profileDeletePath);

const hidden = { hideFields: ["password"] };

/**
 * /t/{tenancyId}/profile/delete and /account/delete (ADR 0057): deleting the account,
 * irreversibly, after this page says what goes and asks for the password (or, without one, the
 * e-mail typed again). The last admin of a tenancy with other users must hand over first
 * (LAST_ADMIN). Then the session ends.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireProfile(request, params, context);
  const submission = parseWithZod(await readForm(request), { schema: deleteFormSchema });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const reply = (status: number, errors: Refusal["errors"]) =>
    data(submission.reply({ ...hidden, ...errors }), { status });
  if (user.impersonated) return reply(supportSessionRefusal.status, supportSessionRefusal.errors);
  const withPassword = usesPassword(user.userType);
  const { password, emailConfirmation } = submission.value;
  if (withPassword && !password)
    return reply(400, { fieldErrors: { password: ["profile.current_password_required"] } });
  if (!withPassword && !emailConfirmation)
    return reply(400, { fieldErrors: { emailConfirmation: ["profile.delete_email_required"] } });
  try {
    const { attempt } = await passwordAttempt(request, context, user.email);
    await context.api.account.deleteAccount(withPassword ? { password } : { emailConfirmation }, attempt);
  } catch (thrown) {
    const error = accountChangeFailure(thrown);
    if (!(error instanceof ApiError)) return reply(error.status, error.errors);
    if (error.code === "INVALID_CREDENTIALS") {
      return withPassword
        ? reply(400, { fieldErrors: { password: ["profile.current_password_wrong"] } })
        : reply(400, { fieldErrors: { emailConfirmation: ["profile.delete_email_wrong"] } });
    }
    if (error.code === "LAST_ADMIN") return reply(400, { formErrors: ["profile.delete_last_admin"] });
    throw error;
  }
  // The account and its sessions are gone: clear this browser's session too.
  return redirectWithSuccess(loginPath, toastMessage("profile.toast_deleted"), {
    headers: { "Set-Cookie": await context.session.destroy() },
  });
}

export default function DeleteAccount() {
  const { t } = useTranslation();
  const { tenancyId, email, usesPassword: withPassword, impersonated } = useLoaderData<typeof accountChangeLoader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(deleteFormSchema, {
    lastResult,
  });
  return (
    <AccountChangePage titleKey="profile.delete_title" impersonated={impersonated}>
      <ConformForm
        form={form}
        className="profile-form"
        lead={
          <>
            <p>{t("profile.delete_intro")}</p>
            <ul>
              <li>{t("profile.delete_what_account", { email })}</li>
              <li>{t("profile.delete_what_tenancies")}</li>
              <li>{t("profile.delete_what_alarms")}</li>
            </ul>
            <p>{t("profile.delete_stays")}</p>
          </>
        }
      >
        {withPassword ? (
          <CurrentPasswordField meta={fields.password} label={t("profile.current_password")} />
        ) : (
          <FormField meta={fields.emailConfirmation} label={t("profile.delete_type_email", { email })}>
            <input {...getInputProps(fields.emailConfirmation, { type: "email" })} autoComplete="off" />
          </FormField>
        )}
        <AccountChangeButtons tenancyId={tenancyId} submitKey="profile.delete_submit" danger />
      </ConformForm>
    </AccountChangePage>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";
export { accountChangeLoader as loader } from "./profile-pages.server";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "profile.delete_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
