import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/field";
import { PublicCard } from "~/components/public-card";
import { BlockSubmit } from "~/components/submit-button";
import { readForm } from "~/http/read-form.server";
import { pageMeta } from "~/i18n/meta";
import { ApiError, isServiceFailure } from "~/services/graphql.server";

export { errorAwareHeaders as headers } from "~/security/route-headers";

/**
 * /unsubscribe/weekly-update/{token} (issue 47 item 4, ADR 0076): the weekly update e-mail's
 * List-Unsubscribe address and footer link. No sign-in: the signed token names the resident.
 *
 * - GET shows the page with one button; it changes nothing (link scanners and previews open links).
 * - POST with `List-Unsubscribe=One-Click` turns the weekly update off (only that) and answers 200:
 *   the button posts that body, and so does a mail client's one-click unsubscribe (RFC 8058), which
 *   comes with no session, no CSRF token and any Origin (server.ts lets exactly this path through,
 *   server/request-guards.ts isOneClickUnsubscribePost).
 */
export function loader(_: LoaderFunctionArgs) {
  return null;
}

type Answer = { state: "done" } | { state: "invalid" } | { state: "unavailable" };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  if (form.get("List-Unsubscribe") !== "One-Click") return data<Answer>({ state: "invalid" }, { status: 400 });
  try {
    await context.publicApi.account.unsubscribeWeeklyUpdate((params.token ?? "").slice(0, 256));
  } catch (error) {
    if (isServiceFailure(error)) return data<Answer>({ state: "unavailable" }, { status: 503 });
    if (error instanceof ApiError) return data<Answer>({ state: "invalid" }, { status: 400 });
    throw error;
  }
  return data<Answer>({ state: "done" });
}

export default function UnsubscribeWeeklyUpdate() {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  if (answer?.state === "done")
    return <PublicCard title={t("unsubscribe.done_title")} intro={t("unsubscribe.done")} role="status" />;
  return (
    <PublicCard title={t("unsubscribe.title")} intro={t("unsubscribe.intro")}>
      <FormErrors
        id="unsubscribe-error"
        errors={
          answer?.state === "invalid"
            ? ["unsubscribe.invalid"]
            : answer?.state === "unavailable"
              ? ["errors.service_unavailable"]
              : undefined
        }
      />
      {/* A plain form: it works without JavaScript and posts the same body a mail client does. */}
      <form method="post">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <BlockSubmit>{t("unsubscribe.button")}</BlockSubmit>
      </form>
      <p className="hint">{t("unsubscribe.other_mails")}</p>
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "unsubscribe.title");
