import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import type { $ZodType } from "zod/v4/core";
import { readForm } from "~/http/read-form.server";
import { type LimitedAction, limitPerAddress } from "~/security/limits.server";
import { nullOnServiceFailure } from "~/services/graphql.server";

/**
 * The start of a public form's action that the account service limits per client address (sign-up,
 * the reset link, the new password). Over the limit the answer is 429 whatever the form holds; the
 * limits are the account service's, so without it the form says the service is unavailable (503);
 * then an invalid form is answered 400. Otherwise the valid submission, the limit to count an
 * attempt on, and the 503 answer for a failure further on. `hidden` names the fields never sent back.
 */
export async function limitedSubmission<Schema extends $ZodType>(
  request: Request,
  context: AppLoadContext,
  action: LimitedAction,
  schema: Schema,
  hidden: { hideFields?: string[] } = {},
) {
  const submission = parseWithZod(await readForm(request), { schema });
  const unavailable = () =>
    data(submission.reply({ ...hidden, formErrors: ["errors.service_unavailable"] }), { status: 503 });
  const limit = await limitPerAddress(context, action).catch(nullOnServiceFailure);
  if (!limit) return { answer: unavailable() };
  if (submission.status !== "success") return { answer: data(submission.reply(hidden), { status: 400 }) };
  return { submission, limit, unavailable };
}
