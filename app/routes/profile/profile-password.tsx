import { profilePasswordPath, profilePath } from "@common/portal-paths";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConformForm, useSchemaForm } from "~/components/conform-form";
import { CurrentPasswordField } from "~/components/field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { passwordFormSchema } from "~/domain/profile-forms";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { passwordAttempt } from "~/security/limits.server";
import { ApiError } from "~/services/graphql.server";
import { fieldErrors } from "~/session/api-errors";
import { completeSignIn } from "~/session/sign-in.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import { AccountChangeButtons, AccountChangePage, accountChangeHandle } from "./account-change-page";
import type { accountChangeLoader } from "./profile-pages.server";
import { accountChangeFailure, type Refusal, requireProfile, supportSessionRefusal } from "./profile-pages.server";

export const handle = accountChangeHandle("profile.password_title", profilePasswordPath);

/** Every field but the passwords comes back; passwords are never sent back to the page. */
const hidden = { hideFields: ["currentPassword", "password", "passwordRepeat"] };

/**
 * /t/{tenancyId}/profile/password and /account/password (spec section 5; ADR 0057): the current
 * password, a new one with the rules, its repeat. On success the back-end ends every session of
 * the user; this browser signs in again with the new password, so only the other sessions end. A
 * wrong current password: the spec's "Password update failed. Please try again."
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancyId, user } = await requireProfile(request, params, context);
  const submission = parseWithZod(await readForm(request), { schema: passwordFormSchema });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const reply = (status: number, errors: Refusal["errors"]) =>
    data(submission.reply({ ...hidden, ...errors }), { status });
  if (user.impersonated) return reply(supportSessionRefusal.status, supportSessionRefusal.errors);
  const { currentPassword, password } = submission.value;
  try {
    const { attempt } = await passwordAttempt(request, context, user.email);
    await context.api.account.changePassword(currentPassword, password, attempt);
  } catch (thrown) {
    const error = accountChangeFailure(thrown);
    if (!(error instanceof ApiError)) return reply(error.status, error.errors);
    const fields = fieldErrors(error);
    if (fields?.password) return reply(400, { fieldErrors: { password: fields.password } });
    return reply(400, { formErrors: ["errors.password_update_failed"] });
  }
  // Every session has ended, this one too: sign this browser in again with the new password.
  const session = await context.session.get();
  const persistent = session.get("persistent") === true;
  const account = await context.publicApi.account.tokenAuth(user.email, password);
  const users = await context.publicApi.users.loginWithEmailAndPassword(user.email, password);
  const signedIn = await completeSignIn(
    context,
    { type: "email-password", account, users },
    { persistent, redirectTo: profilePath(tenancyId) },
  );
  const headers = new Headers();
  for (const cookie of signedIn.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirectWithSuccess(profilePath(tenancyId), toastMessage("profile.toast_password"), { headers });
}

export default function ChangePassword() {
  const { t } = useTranslation();
  const { tenancyId, impersonated } = useLoaderData<typeof accountChangeLoader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(passwordFormSchema, {
    lastResult,
  });
  return (
    <AccountChangePage titleKey="profile.password_title" impersonated={impersonated}>
      <ConformForm form={form} className="profile-form" lead={<p>{t("profile.password_intro")}</p>}>
        <CurrentPasswordField meta={fields.currentPassword} label={t("profile.current_password")} />
        <NewPasswordFields
          password={fields.password}
          passwordRepeat={fields.passwordRepeat}
          labelKey="profile.new_password"
        />
        <AccountChangeButtons tenancyId={tenancyId} submitKey="profile.change_password" />
      </ConformForm>
    </AccountChangePage>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";
export { accountChangeLoader as loader } from "./profile-pages.server";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "profile.password_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
