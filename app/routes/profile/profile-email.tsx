import { profileEmailPath, profilePath } from "@common/portal-paths";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConformForm, useSchemaForm } from "~/components/conform-form";
import { CurrentPasswordField, EmailField } from "~/components/field";
import { emailFormSchema, usesPassword } from "~/domain/profile-forms";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { passwordAttempt } from "~/security/limits.server";
import { ApiError } from "~/services/graphql.server";
import { formErrorKey } from "~/session/api-errors";
import { AccountChangeButtons, AccountChangePage, accountChangeHandle } from "./account-change-page";
import type { accountChangeLoader } from "./profile-pages.server";
import { accountChangeFailure, type Refusal, requireProfile, supportSessionRefusal } from "./profile-pages.server";

export const handle = accountChangeHandle("profile.email_title", profileEmailPath);

const hidden = { hideFields: ["currentPassword"] };

/**
 * /t/{tenancyId}/profile/email and /account/email (spec section 4; ADR 0057): the new address
 * and, for an account with a password, the current password. A confirmation link goes to the new
 * address; the change happens only when it is opened (/confirm-email), then the old address is
 * told and the user logged out.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireProfile(request, params, context);
  const submission = parseWithZod(await readForm(request), { schema: emailFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(hidden), sentTo: null }, { status: 400 });
  const reply = (status: number, errors: Refusal["errors"]) =>
    data({ result: submission.reply({ ...hidden, ...errors }), sentTo: null }, { status });
  if (user.impersonated) return reply(supportSessionRefusal.status, supportSessionRefusal.errors);
  const { newEmail, currentPassword } = submission.value;
  if (usesPassword(user.userType) && !currentPassword)
    return reply(400, { fieldErrors: { currentPassword: ["profile.current_password_required"] } });
  if (newEmail.toLowerCase() === user.email.toLowerCase())
    return reply(400, { fieldErrors: { newEmail: ["profile.email_same"] } });
  try {
    const { attempt } = await passwordAttempt(request, context, user.email);
    await context.api.account.requestEmailChange(newEmail, currentPassword ?? null, attempt);
  } catch (thrown) {
    const error = accountChangeFailure(thrown);
    if (!(error instanceof ApiError)) return reply(error.status, error.errors);
    if (error.code === "INVALID_CREDENTIALS")
      return reply(400, { fieldErrors: { currentPassword: ["profile.current_password_wrong"] } });
    if (error.code === "BAD_USER_INPUT") return reply(400, { fieldErrors: { newEmail: ["validation.invalid_email"] } });
    return reply(400, { fieldErrors: { newEmail: [formErrorKey(error)] } });
  }
  return { result: submission.reply({ resetForm: true }), sentTo: newEmail };
}

export default function ChangeEmail() {
  const { t } = useTranslation();
  const { tenancyId, email, usesPassword: withPassword, impersonated } = useLoaderData<typeof accountChangeLoader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(emailFormSchema, {
    lastResult: answer?.result,
  });
  return (
    <AccountChangePage titleKey="profile.email_title" impersonated={impersonated}>
      {answer?.sentTo ? (
        <div role="status">
          <p>{t("profile.email_sent", { email: answer.sentTo })}</p>
          <p>
            <Link to={profilePath(tenancyId)}>{t("profile.title")}</Link>
          </p>
        </div>
      ) : (
        <ConformForm form={form} className="profile-form" lead={<p>{t("profile.email_intro", { email })}</p>}>
          <EmailField meta={fields.newEmail} label={t("profile.new_email")} autoComplete="email" />
          {withPassword ? (
            <CurrentPasswordField meta={fields.currentPassword} label={t("profile.current_password")} />
          ) : null}
          <AccountChangeButtons tenancyId={tenancyId} submitKey="profile.send_confirmation" />
        </ConformForm>
      )}
    </AccountChangePage>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";
export { accountChangeLoader as loader } from "./profile-pages.server";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "profile.email_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
