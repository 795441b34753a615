import { forgotPasswordPath, loginEmailPath, setPasswordPath } from "@common/portal-paths";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConformForm, useSchemaForm } from "~/components/conform-form";
import { NewPasswordFields } from "~/components/new-password-fields";
import { PublicCard } from "~/components/public-card";
import { BlockSubmit } from "~/components/submit-button";
import { setPasswordFormSchema } from "~/domain/signup-form";
import { privateNoStore } from "~/http/cache-control";
import { pageMeta } from "~/i18n/meta";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { formErrorsOf } from "~/session/api-errors";
import { forgetSessionsOfAccount } from "~/session/sign-in.server";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";
import { limitedSubmission } from "../limited-form.server";

export { errorAwareHeaders as headers } from "~/security/route-headers";

const hidden = { hideFields: ["password", "passwordRepeat"] };

/**
 * /set-password?token=…&email=… from the reset e-mail. The token is moved into the session at once
 * and the page reloads without it, so it stays out of history, logs and Referer headers.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const email = url.searchParams.get("email");
  const session = await context.session.get();
  if (token && email) {
    session.set("passwordReset", { token: token.slice(0, 256), email: email.slice(0, 254) });
    return redirect(setPasswordPath, {
      headers: { "Set-Cookie": await context.session.commit(), "Cache-Control": privateNoStore },
    });
  }
  return { hasLink: Boolean(session.get("passwordReset")) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await limitedSubmission(request, context, "setPassword", setPasswordFormSchema, hidden);
  if ("answer" in form) return form.answer;
  const { submission, limit, unavailable } = form;
  const session = await context.session.get();
  const reset = session.get("passwordReset");
  if (!reset)
    return data(submission.reply({ ...hidden, formErrors: ["errors.password_update_failed"] }), { status: 400 });
  try {
    await limit.count();
    await context.publicApi.account.passwordReset(reset.email, reset.token, submission.value.password);
  } catch (error) {
    if (isServiceFailure(error)) return unavailable();
    if (!(error instanceof ApiError)) throw error;
    return data(submission.reply({ ...hidden, ...formErrorsOf(error) }), { status: 400 });
  }
  // Every session of the account was ended by the back-end: this one too, and nothing kept for
  // any of them may answer a copy of their cookies (ADR 0020).
  forgetSessionsOfAccount(reset.email);
  session.unset("passwordReset");
  session.unset("auth");
  session.unset("tenancyId");
  return redirectWithSuccess(loginEmailPath, toastMessage("toast.password_changed"), {
    headers: { "Set-Cookie": await context.session.commit() },
  });
}

export default function SetPassword() {
  const { t } = useTranslation();
  const { hasLink } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(setPasswordFormSchema, {
    lastResult,
  });
  if (!hasLink) {
    return (
      <PublicCard title={t("set_password.title")} intro={t("set_password.missing_link")}>
        <Link to={forgotPasswordPath} className="button button-block">
          {t("forgot_password.submit")}
        </Link>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t("set_password.title")}>
      <ConformForm form={form}>
        <NewPasswordFields
          password={fields.password}
          passwordRepeat={fields.passwordRepeat}
          labelKey="set_password.new_password"
        />
        <BlockSubmit>{t("set_password.submit")}</BlockSubmit>
      </ConformForm>
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "set_password.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
