import {
  addTenancyPath,
  enterCodePath,
  profileDataPath,
  profileDeletePath,
  profilePath,
  tenanciesPath,
} from "@common/portal-paths";
import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LogoutButton } from "~/components/logout-button";
import { PublicCard, SignedInAs } from "~/components/public-card";
import { pageMeta } from "~/i18n/meta";
import { requireUser } from "~/session/guards.server";

/**
 * Shown when the signed-in user holds no tenancy (guard rule 2): how to get one (a code), and the
 * account's own pages, which live under /account while there is no tenancy (ADR 0057): the
 * profile (language, e-mail, password), the data download and deleting the account.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, tenancies } = await requireUser(request, context);
  if (tenancies.length > 0) return redirect(tenanciesPath);
  const session = await context.session.get();
  return { email: user.email, pendingActivationCode: Boolean(session.get("activationCode")) };
}

export default function NoTenancies() {
  const { t } = useTranslation();
  const { email, pendingActivationCode } = useLoaderData<typeof loader>();
  return (
    <PublicCard title={t("no_tenancies.title")} intro={t("no_tenancies.body")}>
      <SignedInAs email={email} />
      {pendingActivationCode ? (
        <Form method="post" action={addTenancyPath}>
          <p>{t("add_tenancy.intro")}</p>
          <button type="submit" name="intent" value="add" className="button button-block">
            {t("add_tenancy.submit")}
          </button>
        </Form>
      ) : (
        <p>
          <Link to={enterCodePath} className="button button-block">
            {t("add_tenancy.open")}
          </Link>
        </p>
      )}
      <section aria-labelledby="account-heading">
        <h2 id="account-heading">{t("no_tenancies.account_heading")}</h2>
        <p>{t("no_tenancies.account_intro")}</p>
        <ul>
          <li>
            <Link to={profilePath(null)}>{t("profile.title")}</Link>
          </li>
          <li>
            <a href={profileDataPath(null)} download>
              {t("profile.download_data")}
            </a>
          </li>
          <li>
            <Link to={profileDeletePath(null)} className="danger-link">
              {t("profile.delete_account")}
            </Link>
          </li>
        </ul>
      </section>
      <LogoutButton block />
    </PublicCard>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "no_tenancies.title");
