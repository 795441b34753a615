import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AuthorizationError } from "remix-auth";
import { CheckedForm, useCheckedForm } from "~/components/checked-form";
import { CheckboxField, CurrentPasswordField, EmailField } from "~/components/field";
import { PublicCard } from "~/components/public-card";
import { BlockSubmit } from "~/components/submit-button";
import { formSchema } from "~/domain/form-schema";
import { loginFormRules } from "~/domain/login-form";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { signInAttempt } from "~/security/limits.server";
import { ApiError, isServiceFailure, nullOnServiceFailure } from "~/services/graphql.server";
import type { AuthTokens } from "~/services/tokens";
import { accountRefusalKey } from "~/session/api-errors";
import { authenticator, ServiceDownError } from "~/session/authenticator.server";
import { secureCookiesFor } from "~/session/session.server";
import { completeSignIn } from "~/session/sign-in.server";
import type { PublicHandle } from "../public/public-layout";

export const handle: PublicHandle = { back: "/login" };
export { errorAwareHeaders as headers } from "~/security/route-headers";

const hidden = { hideFields: ["password"] };

export { signedOutLoader as loader } from "./signed-out.server";

/**
 * Sign-in with e-mail and password (spec section 4): both services, then the user's tenancies,
 * then the tenancy to show (the path the resident came for, else ?tenancyId, else the first).
 * Any failure leaves no session behind: nothing is written to the cookie before the end.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth copies the request, so its body must stay unread: parse a clone.
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: formSchema(loginFormRules) });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });

  const failWith = (key: string, status: number) =>
    data(submission.reply({ ...hidden, formErrors: [key] }), { status });
  // The limits are the account service's: without it, say so on the form (the e-mail kept).
  const attempt = await signInAttempt(request, context, submission.value.email).catch(nullOnServiceFailure);
  if (!attempt) return failWith("errors.service_unavailable", 503);

  let tokens: AuthTokens;
  try {
    tokens = await authenticator.authenticate("email-password", request, {
      throwOnError: true,
      context: { ...context, formData },
    });
  } catch (error) {
    const cause = error instanceof AuthorizationError ? error.cause : error;
    if (cause instanceof ApiError && (cause.code === "INVALID_CREDENTIALS" || cause.code === "UNAUTHENTICATED")) {
      await attempt.failed();
      return failWith("login.invalid_credentials", 401);
    }
    // The right password for an account this portal does not serve: say which (spec section 8).
    const refusal = accountRefusalKey(cause);
    if (refusal) return failWith(refusal, 403);
    if (cause instanceof ServiceDownError || isServiceFailure(cause))
      return failWith("errors.service_unavailable", 503);
    // Any other refusal (a masked server error, input the service rejects): say so on the form.
    if (cause instanceof ApiError) return failWith("errors.invalid_response", 502);
    throw cause;
  }

  try {
    return await completeSignIn(context, tokens, {
      redirectTo: submission.value.redirectTo,
      queryTenancyId: submission.value.tenancyId,
      persistent: submission.value.remember === "on",
      cookies: [await attempt.succeeded(secureCookiesFor(request))],
    });
  } catch (error) {
    // The login failed after all (completeSignIn gave the tokens back): keep no session.
    if (isServiceFailure(error)) return failWith("errors.service_unavailable", 503);
    return failWith("errors.invalid_response", 502);
  }
}

export default function LoginWithEmail() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useCheckedForm(loginFormRules, { lastResult });
  const submitting = navigation.state === "submitting";
  const passwordRef = useRef<HTMLInputElement>(null);
  // A rejected sign-in never hands the password back (the server omits it too): clear the field.
  useEffect(() => {
    if (lastResult && passwordRef.current) passwordRef.current.value = "";
  }, [lastResult]);

  return (
    <PublicCard title={t("login.email_title")}>
      <CheckedForm form={form}>
        <EmailField meta={fields.email} label={t("login.email")} autoComplete="username" />
        <CurrentPasswordField meta={fields.password} label={t("login.password")} inputRef={passwordRef} />
        <CheckboxField meta={fields.remember}>{t("login.remember_me")}</CheckboxField>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <input type="hidden" name="tenancyId" value={searchParams.get("tenancyId") ?? ""} />
        <BlockSubmit pending={submitting}>{submitting ? t("login.submitting") : t("login.submit")}</BlockSubmit>
      </CheckedForm>
      <p>
        <Link to="/login/email/forgot-password">{t("forgot_password.link")}</Link>
      </p>
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "login.email_title");

/** Errors (a 429, a service failure) show inside the public layout, which stays standing. */
export { RouteError as ErrorBoundary } from "~/components/route-error";
