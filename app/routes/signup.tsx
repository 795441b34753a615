import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/i18n/meta";
import { optionalUser } from "~/session/guards.server";

/** /signup: the sign-up entry, e-mail or one of the social providers. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (await optionalUser(context)) return redirect("/t");
  return null;
}

export default function Signup() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <div className="public-card">
      <h1>{t("signup.title")}</h1>
      <p>{t("signup.intro")}</p>
      <p>
        <Link to={`/signup/email${search}`} className="button button-block">
          {t("signup.with_email")}
        </Link>
      </p>
      <ul className="social-buttons" aria-describedby="social-unavailable">
        {(["google", "facebook", "apple"] as const).map((provider) => (
          <li key={provider}>
            <button type="button" className={`button button-block button-social button-${provider}`} disabled>
              {t(`signup.with_${provider}`)}
            </button>
          </li>
        ))}
      </ul>
      <p id="social-unavailable" className="hint">
        {t("login.social_unavailable")}
      </p>
      <p>
        {t("signup.have_account")} <Link to={`/login${search}`}>{t("login.title")}</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "signup.title");
