import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/field";
import { RouteError } from "~/components/route-error";
import { deleteFormSchema, usesPassword } from "~/domain/profile-forms";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { requireProfile } from "~/routes/profile/profile-pages.server";
import { requireTenancy } from "~/session/guards.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import type { TenancyHandle } from "../tenancy/tenancy-layout";
import { profileDeletePath, profilePath } from "@common/portal-paths";

export const handle: TenancyHandle = {
  breadcrumb: (tenancyId) => ({ labelKey: "profile.delete_title", to: profileDeletePath(tenancyId) }),
};

const hidden = { hideFields: ["password"] };

/**
 * /t/{tenancyId}/profile/delete: deleting the account, irreversibly, after this page says
 * what goes and asks for the password (or, without one, the e-mail typed again). The last admin of
 * a tenancy with other users must hand over first (LAST_ADMIN). Then the session ends.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return (await requireProfile(request, params, context)).account;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireTenancy(request, params, context);
  const submission = parseWithZod(await readForm(request), { schema: deleteFormSchema });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const reply = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data(submission.reply({ ...hidden, ...errors }), { status });
  if (user.impersonated) return reply(403, { formErrors: ["profile.impersonated"] });
  const withPassword = usesPassword(user.userType);
  const { password, emailConfirmation } = submission.value;
  if (withPassword && !password)
    return reply(400, { fieldErrors: { password: ["profile.current_password_required"] } });
  if (!withPassword && !emailConfirmation)
    return reply(400, { fieldErrors: { emailConfirmation: ["profile.delete_email_required"] } });
  try {
    await context.api.account.deleteAccount(withPassword ? { password } : { emailConfirmation });
  } catch (error) {
    if (isServiceFailure(error)) return reply(503, { formErrors: ["errors.service_unavailable"] });
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "INVALID_CREDENTIALS") {
      return withPassword
        ? reply(400, { fieldErrors: { password: ["profile.current_password_wrong"] } })
        : reply(400, { fieldErrors: { emailConfirmation: ["profile.delete_email_wrong"] } });
    }
    if (error.code === "LAST_ADMIN") return reply(400, { formErrors: ["profile.delete_last_admin"] });
    if (error.code === "FORBIDDEN") return reply(403, { formErrors: ["profile.impersonated"] });
    throw error;
  }
  // The account and its sessions are gone: clear this browser's session too.
  return redirectWithSuccess("/login", toastMessage("profile.toast_deleted"), {
    headers: { "Set-Cookie": await context.session.destroy() },
  });
}

export default function DeleteAccount() {
  const { t } = useTranslation();
  const { tenancyId, email, usesPassword: withPassword, impersonated } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteFormSchema }),
  });
  return (
    <div className="settings-page">
      <h1>{t("profile.delete_title")}</h1>
      <section className="card">
        {impersonated ? (
          <p className="notice" role="note">
            {t("profile.impersonated")}
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId} className="profile-form">
            <p>{t("profile.delete_intro")}</p>
            <ul>
              <li>{t("profile.delete_what_account", { email })}</li>
              <li>{t("profile.delete_what_tenancies")}</li>
              <li>{t("profile.delete_what_alarms")}</li>
            </ul>
            <p>{t("profile.delete_stays")}</p>
            <FormErrors id={form.errorId} errors={form.errors} />
            {withPassword ? (
              <Field
                id={fields.password.id}
                label={t("profile.current_password")}
                errorId={fields.password.errorId}
                errors={fields.password.errors}
              >
                <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
              </Field>
            ) : (
              <Field
                id={fields.emailConfirmation.id}
                label={t("profile.delete_type_email", { email })}
                errorId={fields.emailConfirmation.errorId}
                errors={fields.emailConfirmation.errors}
              >
                <input {...getInputProps(fields.emailConfirmation, { type: "email" })} autoComplete="off" />
              </Field>
            )}
            <div className="button-row">
              <button type="submit" className="button button-danger" disabled={navigation.state === "submitting"}>
                {t("profile.delete_submit")}
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

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "profile.delete_title");

export function ErrorBoundary() {
  return <RouteError />;
}
