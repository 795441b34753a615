import { tenanciesPath, welcomeWithRedirectPath } from "@common/portal-paths";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PublicCard, SignedInAs } from "~/components/public-card";
import { safeRedirectPath } from "~/domain/redirects";
import { pageMeta } from "~/i18n/meta";
import { requireUser } from "~/session/guards.server";

/** /account-created: the confirmation after sign-up, then on to the tenancy (or onboarding). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  const next = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")) ?? tenanciesPath;
  return { email: user.email, next: user.onboarded ? next : welcomeWithRedirectPath(next) };
}

export default function AccountCreated() {
  const { t } = useTranslation();
  const { email, next } = useLoaderData<typeof loader>();
  return (
    <PublicCard title={t("account_created.title")} intro={t("account_created.body")}>
      <SignedInAs email={email} />
      <Link to={next} className="button button-block">
        {t("account_created.continue")}
      </Link>
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "account_created.title");
