import { forgotPasswordSentPath, loginEmailPath } from "@common/portal-paths";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConformForm, useSchemaForm } from "~/components/conform-form";
import { EmailField } from "~/components/field";
import { PublicCard } from "~/components/public-card";
import { BlockSubmit } from "~/components/submit-button";
import { resetRequestFormSchema } from "~/domain/login-form";
import { pageMeta } from "~/i18n/meta";
import { isServiceFailure } from "~/services/graphql.server";
import type { PublicHandle } from "../../public/public-layout";
import { limitedSubmission } from "../limited-form.server";

export const handle: PublicHandle = { back: loginEmailPath };
export { errorAwareHeaders as headers } from "~/security/route-headers";

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/**
 * Request a reset link: the answer is the same whether or not the e-mail has an account, so the
 * page reveals nothing; the back-end sends the link when there is one.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await limitedSubmission(request, context, "resetRequest", resetRequestFormSchema);
  if ("answer" in form) return form.answer;
  const { submission, limit, unavailable } = form;
  try {
    await limit.count();
    await context.publicApi.account.requestPasswordReset(submission.value.email);
  } catch (error) {
    if (isServiceFailure(error)) return unavailable();
    throw error;
  }
  return redirect(forgotPasswordSentPath);
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(resetRequestFormSchema, {
    lastResult,
    shouldRevalidate: "onBlur",
  });
  if (sent) {
    return <PublicCard title={t("forgot_password.sent_title")} intro={t("forgot_password.sent_body")} role="status" />;
  }
  return (
    <PublicCard title={t("forgot_password.title")} intro={t("forgot_password.intro")}>
      <ConformForm form={form}>
        <EmailField meta={fields.email} label={t("login.email")} autoComplete="email" />
        <BlockSubmit>{t("forgot_password.submit")}</BlockSubmit>
      </ConformForm>
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "forgot_password.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
