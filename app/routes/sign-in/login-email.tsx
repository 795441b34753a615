import { forgotPasswordPath, loginPath } from "@common/portal-paths";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AuthorizationError } from "remix-auth";
import { ConformForm, useSchemaForm } from "~/components/conform-form";
import { CheckboxField, CurrentPasswordField, EmailField } from "~/components/field";
import { PublicCard } from "~/components/public-card";
import { BlockSubmit } from "~/components/submit-button";
import { loginFormSchema } from "~/domain/login-form";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { passwordAttempt, refuseRateLimited } from "~/security/limits.server";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import type { PendingSignIn } from "~/services/tokens";
import { accountRefusalKey } from "~/session/api-errors";
import { authenticator, type EmailPasswordContext, ServiceDownError } from "~/session/authenticator.server";
import { secureCookiesFor } from "~/session/session.server";
import { completeSignIn } from "~/session/sign-in.server";
import type { PublicHandle } from "../public/public-layout";

export const handle: PublicHandle = { back: loginPath };
export { errorAwareHeaders as headers } from "~/security/route-headers";

const hidden = { hideFields: ["password"] };

export { signedOutLoader as loader } from "./signed-out.server";

/**
 * Sign-in with e-mail and password (spec section 4): both services, then the user's tenancies,
 * then the tenancy to show (the path the resident came for, else ?tenancyId, else the first).
 * Any failure leaves no session behind: nothing is written to the cookie before the end.
 *
 * The account service checks the password under the sign-in limits (ADR 0061): over them it
 * answers RATE_LIMITED, shown as the 429 page every path that checks a password shows. Two calls
 * in series (tokenAuth, then the users service's sign-in beside the resident's account), all
 * within the request's one deadline; when that passes, the form says the service was too slow.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth copies the request, so its body must stay unread: parse a clone.
  const formData = await readForm(request.clone());
  const submission = parseWithZod(formData, { schema: loginFormSchema });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });

  const failWith = (key: string, status: number) =>
    data(submission.reply({ ...hidden, formErrors: [key] }), { status });
  // A service that did not answer: say whether the sign-in's deadline passed (the e-mail kept).
  const unavailable = () =>
    context.deadline.aborted ? failWith("errors.service_too_slow", 503) : failWith("errors.service_unavailable", 503);
  const { attempt, succeeded } = await passwordAttempt(request, context, submission.value.email);

  let signIn: PendingSignIn;
  try {
    signIn = await authenticator.authenticate("email-password", request, {
      throwOnError: true,
      context: { ...context, formData, attempt } satisfies EmailPasswordContext,
    });
  } catch (error) {
    const cause = error instanceof AuthorizationError ? error.cause : error;
    refuseRateLimited(cause);
    if (cause instanceof ApiError && (cause.code === "INVALID_CREDENTIALS" || cause.code === "UNAUTHENTICATED"))
      return failWith("login.invalid_credentials", 401);
    // The right password for an account this portal does not serve: say which (spec section 8).
    const refusal = accountRefusalKey(cause);
    if (refusal) return failWith(refusal, 403);
    if (cause instanceof ServiceDownError || isServiceFailure(cause)) return unavailable();
    // Any other refusal (input the service rejects; its own faults arrive as service failures): say so on the form.
    if (cause instanceof ApiError) return failWith("errors.invalid_response", 502);
    throw cause;
  }

  try {
    return await completeSignIn(context, signIn, {
      redirectTo: submission.value.redirectTo,
      queryTenancyId: submission.value.tenancyId,
      persistent: submission.value.remember === "on",
      cookies: [await succeeded(secureCookiesFor(request))],
    });
  } catch (error) {
    // The login failed after all (completeSignIn gave the tokens back): keep no session.
    refuseRateLimited(error);
    if (isServiceFailure(error)) return unavailable();
    return failWith("errors.invalid_response", 502);
  }
}

export default function LoginWithEmail() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(loginFormSchema, {
    lastResult,
  });
  const submitting = navigation.state === "submitting";
  const passwordRef = useRef<HTMLInputElement>(null);
  // A rejected sign-in never hands the password back (the server omits it too): clear the field.
  useEffect(() => {
    if (lastResult && passwordRef.current) passwordRef.current.value = "";
  }, [lastResult]);

  return (
    <PublicCard title={t("login.email_title")}>
      <ConformForm form={form}>
        <EmailField meta={fields.email} label={t("login.email")} autoComplete="username" />
        <CurrentPasswordField meta={fields.password} label={t("login.password")} inputRef={passwordRef} />
        <CheckboxField meta={fields.remember}>{t("login.remember_me")}</CheckboxField>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <input type="hidden" name="tenancyId" value={searchParams.get("tenancyId") ?? ""} />
        <BlockSubmit pending={submitting}>{submitting ? t("login.submitting") : t("login.submit")}</BlockSubmit>
      </ConformForm>
      <p>
        <Link to={forgotPasswordPath}>{t("forgot_password.link")}</Link>
      </p>
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "login.email_title");

/** Errors (a 429, a service failure) show inside the public layout, which stays standing. */
export { RouteError as ErrorBoundary } from "~/components/route-error";
