import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors } from "~/components/field";
import { RouteError } from "~/components/route-error";
import { emailFormSchema, usesPassword } from "~/domain/profile-forms";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { formErrorKey } from "~/session/api-errors";
import { requireProfile } from "~/routes/profile/profile-pages.server";
import { requireTenancy } from "~/session/guards.server";
import type { TenancyHandle } from "../tenancy/tenancy-layout";
import { profileEmailPath, profilePath } from "@common/portal-paths";

export const handle: TenancyHandle = {
  breadcrumb: (tenancyId) => ({ labelKey: "profile.email_title", to: profileEmailPath(tenancyId) }),
};

const hidden = { hideFields: ["currentPassword"] };

/**
 * /t/{tenancyId}/profile/email (spec section 4): the new address and, for an account with
 * a password, the current password. A confirmation link goes to the new address; the change happens
 * only when it is opened (/confirm-email), then the old address is told and the user logged out.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return (await requireProfile(request, params, context)).account;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireTenancy(request, params, context);
  const submission = parseWithZod(await readForm(request), { schema: emailFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(hidden), sentTo: null }, { status: 400 });
  const reply = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
    data({ result: submission.reply({ ...hidden, ...errors }), sentTo: null }, { status });
  if (user.impersonated) return reply(403, { formErrors: ["profile.impersonated"] });
  const { newEmail, currentPassword } = submission.value;
  if (usesPassword(user.userType) && !currentPassword)
    return reply(400, { fieldErrors: { currentPassword: ["profile.current_password_required"] } });
  if (newEmail.toLowerCase() === user.email.toLowerCase())
    return reply(400, { fieldErrors: { newEmail: ["profile.email_same"] } });
  try {
    await context.api.account.requestEmailChange(newEmail, currentPassword ?? null);
  } catch (error) {
    if (isServiceFailure(error)) return reply(503, { formErrors: ["errors.service_unavailable"] });
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "INVALID_CREDENTIALS")
      return reply(400, { fieldErrors: { currentPassword: ["profile.current_password_wrong"] } });
    if (error.code === "BAD_USER_INPUT") return reply(400, { fieldErrors: { newEmail: ["validation.invalid_email"] } });
    if (error.code === "FORBIDDEN") return reply(403, { formErrors: ["profile.impersonated"] });
    return reply(400, { fieldErrors: { newEmail: [formErrorKey(error)] } });
  }
  return { result: submission.reply({ resetForm: true }), sentTo: newEmail };
}

export default function ChangeEmail() {
  const { t } = useTranslation();
  const { tenancyId, email, usesPassword: withPassword, impersonated } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: answer?.result,
    constraint: getZodConstraint(emailFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailFormSchema }),
  });
  return (
    <div className="settings-page">
      <h1>{t("profile.email_title")}</h1>
      <section className="card">
        {impersonated ? (
          <p className="notice" role="note">
            {t("profile.impersonated")}
          </p>
        ) : answer?.sentTo ? (
          <div role="status">
            <p>{t("profile.email_sent", { email: answer.sentTo })}</p>
            <p>
              <Link to={profilePath(tenancyId)}>{t("profile.title")}</Link>
            </p>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} aria-describedby={form.errorId} className="profile-form">
            <p>{t("profile.email_intro", { email })}</p>
            <FormErrors id={form.errorId} errors={form.errors} />
            <Field
              id={fields.newEmail.id}
              label={t("profile.new_email")}
              errorId={fields.newEmail.errorId}
              errors={fields.newEmail.errors}
            >
              <input {...getInputProps(fields.newEmail, { type: "email" })} autoComplete="email" inputMode="email" />
            </Field>
            {withPassword ? (
              <Field
                id={fields.currentPassword.id}
                label={t("profile.current_password")}
                errorId={fields.currentPassword.errorId}
                errors={fields.currentPassword.errors}
              >
                <input
                  {...getInputProps(fields.currentPassword, { type: "password" })}
                  autoComplete="current-password"
                />
              </Field>
            ) : null}
            <div className="button-row">
              <button type="submit" className="button" disabled={navigation.state === "submitting"}>
                {t("profile.send_confirmation")}
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

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "profile.email_title");

export function ErrorBoundary() {
  return <RouteError />;
}
