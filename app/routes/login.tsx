import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/i18n/meta";
import { optionalUser } from "~/session/guards.server";

/** /login: the sign-in entry, e-mail or one of the social providers (those come with accounts). */
export async function loader({ context }: LoaderFunctionArgs) {
  if (await optionalUser(context)) return redirect("/t");
  return null;
}

export default function Login() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <div className="public-card">
      <h1>{t("login.title")}</h1>
      <p>{t("login.intro")}</p>
      <p>
        <Link to={`/login/email${search}`} className="button button-block">
          {t("login.with_email")}
        </Link>
      </p>
      <ul className="social-buttons" aria-describedby="social-unavailable">
        {(["google", "facebook", "apple"] as const).map((provider) => (
          <li key={provider}>
            <button type="button" className={`button button-block button-social button-${provider}`} disabled>
              {t(`login.with_${provider}`)}
            </button>
          </li>
        ))}
      </ul>
      <p id="social-unavailable" className="hint">
        {t("login.social_unavailable")}
      </p>
      <p>
        {t("login.no_account")} <Link to={`/signup${search}`}>{t("login.signup_link")}</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "login.title");
