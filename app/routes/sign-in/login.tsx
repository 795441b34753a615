import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/i18n/meta";
import { optionalUser } from "~/session/guards.server";
import { enabledSocialProviders } from "~/routes/sign-in/social/social.server";
import { SocialButtons } from "~/components/social-buttons";

/** /login: the sign-in entry, e-mail or one of the social providers (those come with accounts). */
export async function loader({ context }: LoaderFunctionArgs) {
  if (await optionalUser(context)) return redirect("/t");
  return { socialProviders: enabledSocialProviders() };
}

export default function Login() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { socialProviders } = useLoaderData<typeof loader>();
  return (
    <div className="public-card">
      <h1>{t("login.title")}</h1>
      <p>{t("login.intro")}</p>
      <p>
        <Link to={`/login/email${search}`} className="button button-block">
          {t("login.with_email")}
        </Link>
      </p>
      <SocialButtons enabled={socialProviders} purpose="login" />
      <p>
        {t("login.no_account")} <Link to={`/signup${search}`}>{t("login.signup_link")}</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "login.title");
