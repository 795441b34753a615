import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { RouteError } from "~/components/route-error";
import { passwordFormSchema } from "~/domain/profile-forms";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { fieldErrors } from "~/session/api-errors";
import { requireProfile } from "~/routes/profile/profile-pages.server";
import { requireTenancy } from "~/session/guards.server";
import { completeSignIn } from "~/session/sign-in.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import type { TenancyHandle } from "../tenancy/tenancy-layout";
import { profilePasswordPath, profilePath } from "@common/portal-paths";

export const handle: TenancyHandle = {
  breadcrumb: (tenancyId) => ({ labelKey: "profile.password_title", to: profilePasswordPath(tenancyId) }),
};

/** Every field but the passwords comes back; passwords are never sent back to the page. */
const hidden = { hideFields: ["currentPassword", "password", "passwordRepeat"] };

/**
 * /t/{tenancyId}/profile/password (spec section 5): the current password, a new one with
 * the rules, its repeat. On success the back-end ends every session of the user; this browser signs
 * in again with the new password, so only the other sessions end. A wrong current password: the
 * spec's "Password update failed. Please try again."
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return (await requireProfile(request, params, context)).account;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tenancy, user } = await requireTenancy(request, params, context);
  const submission = parseWithZod(await readForm(request), { schema: passwordFormSchema });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  if (user.impersonated)
    return data(submission.reply({ ...hidden, formErrors: ["profile.impersonated"] }), { status: 403 });
  const { currentPassword, password } = submission.value;
  try {
    await context.api.account.changePassword(currentPassword, password);
  } catch (error) {
    if (isServiceFailure(error))
      return data(submission.reply({ ...hidden, formErrors: ["errors.service_unavailable"] }), { status: 503 });
    if (!(error instanceof ApiError)) throw error;
    const fields = fieldErrors(error);
    if (fields?.password)
      return data(submission.reply({ ...hidden, fieldErrors: { password: fields.password } }), { status: 400 });
    if (error.code === "FORBIDDEN")
      return data(submission.reply({ ...hidden, formErrors: ["profile.impersonated"] }), { status: 403 });
    return data(submission.reply({ ...hidden, formErrors: ["errors.password_update_failed"] }), { status: 400 });
  }
  // Every session has ended, this one too: sign this browser in again with the new password.
  const session = await context.session.get();
  const persistent = session.get("persistent") === true;
  const account = await context.publicApi.account.tokenAuth(user.email, password);
  const users = await context.publicApi.users.loginWithEmailAndPassword(user.email, password);
  const signedIn = await completeSignIn(
    context,
    { type: "email-password", account, users },
    { persistent, redirectTo: profilePath(tenancy.id) },
  );
  const headers = new Headers();
  for (const cookie of signedIn.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirectWithSuccess(profilePath(tenancy.id), toastMessage("profile.toast_password"), { headers });
}

export default function ChangePassword() {
  const { t } = useTranslation();
  const { tenancyId, impersonated } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(passwordFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordFormSchema }),
  });
  return (
    <div className="settings-page">
      <h1>{t("profile.password_title")}</h1>
      <section className="card">
        {impersonated ? (
          <p className="notice" role="note">
            {t("profile.impersonated")}
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId} className="profile-form">
            <p>{t("profile.password_intro")}</p>
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field
              id={fields.currentPassword.id}
              label={t("profile.current_password")}
              errorId={fields.currentPassword.errorId}
              errors={fields.currentPassword.errors}
            >
              <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
            </Field>
            <NewPasswordFields
              password={fields.password}
              passwordRepeat={fields.passwordRepeat}
              labelKey="profile.new_password"
            />
            <div className="button-row">
              <button type="submit" className="button" disabled={navigation.state === "submitting"}>
                {t("profile.change_password")}
              </button>
              <Link to={profilePath(tenancyId)} className="button button-secondary">
                {t("profile.cancel")}
              </Link>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}

export { errorAwareHeaders as headers } from "~/security/route-headers";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "profile.password_title");

export function ErrorBoundary() {
  return <RouteError />;
}
