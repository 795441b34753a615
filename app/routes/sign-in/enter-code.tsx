import { normalizeActivationCode } from "@common/activation-code";
import { signupPath, tenancyPath } from "@common/portal-paths";
import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConformForm, useSchemaForm } from "~/components/conform-form";
import { FormField } from "~/components/field";
import { PublicCard } from "~/components/public-card";
import { BlockSubmit } from "~/components/submit-button";
import { codeFormSchema } from "~/domain/code-form";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { limitPerAddress } from "~/security/limits.server";
import { ApiError, isServiceFailure } from "~/services/graphql.server";
import { formErrorKey } from "~/session/api-errors";
import { redirectWithSuccess, toastMessage } from "~/session/toast.server";

export { errorAwareHeaders as headers } from "~/security/route-headers";

/**
 * /enter-code (spec section 5): 12 letters, dashes removed before sending. Signed in, the code adds
 * the tenancy at once; signed out, it is kept as the unused code and sign-up comes next (guard
 * rule 1), after which it is applied.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const limit = await limitPerAddress(context, "code");
  const submission = parseWithZod(await readForm(request), { schema: codeFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await limit.count();
  const code = normalizeActivationCode(submission.value.code)!;

  const signedIn = await context.auth.tokens();
  try {
    if (signedIn) {
      const tenancyId = await context.api.account.addTenancy(code);
      const session = await context.session.get();
      session.unset("activationCode");
      session.set("tenancyId", tenancyId);
      return redirectWithSuccess(tenancyPath(tenancyId), toastMessage("toast.tenancy_added"), {
        headers: { "Set-Cookie": await context.session.commit() },
      });
    }
    const result = await context.publicApi.account.validateActivationCode(code);
    if (!result.ok) {
      const key =
        result.code === "ACTIVATION_CODE_IN_USE" ? "errors.activation_code_in_use" : "errors.activation_code_invalid";
      return data(submission.reply({ formErrors: [key] }), { status: 400 });
    }
    const session = await context.session.get();
    session.set("activationCode", code);
    return redirect(signupPath, { headers: { "Set-Cookie": await context.session.commit() } });
  } catch (error) {
    // The account service cannot check it now (down, or reporting its own fault): the code stays typed.
    if (isServiceFailure(error))
      return data(submission.reply({ formErrors: ["errors.service_unavailable"] }), { status: 503 });
    if (error instanceof ApiError)
      return data(submission.reply({ formErrors: [formErrorKey(error)] }), { status: 400 });
    throw error;
  }
}

export default function EnterCode() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(codeFormSchema, {
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  return (
    <PublicCard title={t("enter_code.title")} intro={t("enter_code.intro")}>
      <ConformForm form={form}>
        <FormField meta={fields.code} label={t("enter_code.label")}>
          <input
            {...getInputProps(fields.code, { type: "text", ariaDescribedBy: "code-hint" })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
          />
          <p id="code-hint" className="hint">
            {t("enter_code.hint")}
          </p>
        </FormField>
        <BlockSubmit>{t("enter_code.submit")}</BlockSubmit>
      </ConformForm>
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "enter_code.title");

export { RouteError as ErrorBoundary } from "~/components/route-error";
