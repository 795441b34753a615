import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { safeRedirectPath } from "~/domain/redirects";
import { pageMeta } from "~/i18n/meta";
import { requireUser } from "~/session/guards.server";

/** /account-created: the confirmation after sign-up, then on to the tenancy (or onboarding). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const next = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")) ?? "/t";
  return { email: user.email, next: user.onboarded ? next : `/welcome?${new URLSearchParams({ redirectTo: next })}` };
}

export default function AccountCreated() {
  const { t } = useTranslation();
  const { email, next } = useLoaderData<typeof loader>();
  return (
    <div className="public-card">
      <h1>{t("account_created.title")}</h1>
      <p>{t("account_created.body")}</p>
      <p className="hint">{t("no_tenancies.signed_in_as", { email })}</p>
      <Link to={next} className="button button-block">
        {t("account_created.continue")}
      </Link>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "account_created.title");
