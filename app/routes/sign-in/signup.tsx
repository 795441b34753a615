import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/i18n/meta";
import { optionalUser } from "~/session/guards.server";
import { enabledSocialProviders } from "~/routes/sign-in/social/social.server";
import { SocialButtons } from "~/components/social-buttons";

/** /signup: the sign-up entry, e-mail or one of the social providers. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (await optionalUser(context)) return redirect("/t");
  return { socialProviders: enabledSocialProviders() };
}

export default function Signup() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { socialProviders } = useLoaderData<typeof loader>();
  return (
    <div className="public-card">
      <h1>{t("signup.title")}</h1>
      <p>{t("signup.intro")}</p>
      <p>
        <Link to={`/signup/email${search}`} className="button button-block">
          {t("signup.with_email")}
        </Link>
      </p>
      <SocialButtons enabled={socialProviders} purpose="signup" />
      <p>
        {t("signup.have_account")} <Link to={`/login${search}`}>{t("login.title")}</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "signup.title");
