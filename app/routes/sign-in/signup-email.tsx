import { accountCreatedPath, dataPolicyPath, signupPath } from "@common/portal-paths";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConformForm, useSchemaForm } from "~/components/conform-form";
import { CheckboxField, EmailField } from "~/components/field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { PublicCard } from "~/components/public-card";
import { BlockSubmit } from "~/components/submit-button";
import { signupFormSchema } from "~/domain/signup-form";
import { languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/i18n/meta";
import { passwordAttempt, refuseRateLimited } from "~/security/limits.server";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { formErrorsOf } from "~/session/api-errors";
import { secureCookiesFor } from "~/session/session.server";
import { completeSignIn } from "~/session/sign-in.server";
import type { PublicHandle } from "../public/public-layout";
import { limitedSubmission } from "./limited-form.server";

export const handle: PublicHandle = { back: signupPath };
export { errorAwareHeaders as headers } from "~/security/route-headers";

const hidden = { hideFields: ["password", "passwordRepeat"] };

export { signedOutLoader as loader } from "./signed-out.server";

/**
 * Sign-up with e-mail (spec sections 4 and 5): every password rule checked here and again by the
 * back-end; then both services' sign-in, the pending activation code applied, and /account-created.
 *
 * For an e-mail that has an account the answer tells whether the password is right (spec section
 * 8: "the password is not correct", or signed in), so the account service checks it as sign-in
 * does, under the same limits and lock (ADR 0061): over them the 429 page, as on sign-in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await limitedSubmission(request, context, "signUp", signupFormSchema, hidden);
  if ("answer" in form) return form.answer;
  const { submission, limit, unavailable } = form;
  const { email, password, dataPolicy } = submission.value;
  const { attempt, succeeded } = await passwordAttempt(request, context, email);
  try {
    await limit.count();
    const { tokens: account, created } = await context.publicApi.account.createEmailPasswordUser(
      email,
      password,
      await languageOf(request),
      // The schema requires the box; the service stores when it was ticked (spec section 3).
      dataPolicy === "on",
      attempt,
    );
    // Started now, awaited by completeSignIn beside the resident's account.
    const users = context.publicApi.users.loginWithEmailAndPassword(email, password);
    users.catch(() => undefined);
    return await completeSignIn(
      context,
      { type: "email-password", account, users },
      {
        persistent: false,
        landing: created ? accountCreatedPath : undefined,
        cookies: [await succeeded(secureCookiesFor(request))],
      },
    );
  } catch (error) {
    refuseRateLimited(error);
    if (isServiceFailure(error)) return unavailable();
    if (!(error instanceof ApiError)) throw error;
    return data(submission.reply({ ...hidden, ...formErrorsOf(error) }), { status: 400 });
  }
}

export default function SignupWithEmail() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(signupFormSchema, {
    lastResult,
  });
  const submitting = navigation.state === "submitting";

  return (
    <PublicCard title={t("signup.email_title")}>
      <ConformForm form={form}>
        <EmailField meta={fields.email} label={t("login.email")} autoComplete="email" />
        <NewPasswordFields
          password={fields.password}
          passwordRepeat={fields.passwordRepeat}
          labelKey="login.password"
        />
        <CheckboxField meta={fields.dataPolicy}>
          {t("signup.data_policy_confirm")} (
          <Link to={dataPolicyPath} target="_blank">
            {t("policy.data_title")}
          </Link>
          )
        </CheckboxField>
        <div id={fields.dataPolicy.errorId} className="field-error">
          {fields.dataPolicy.errors?.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
        <BlockSubmit pending={submitting}>{submitting ? t("signup.submitting") : t("signup.submit")}</BlockSubmit>
      </ConformForm>
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "signup.email_title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
