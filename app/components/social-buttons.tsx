import { dataPolicyPath, socialStartPath } from "@common/portal-paths";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const providers = ["google", "facebook", "apple"] as const;

/**
 * The three social providers' buttons (spec section 2), as POST forms, so they work without
 * JavaScript; a provider without configuration is shown but disabled. Signing up asks for the
 * data-policy confirmation first, as e-mail sign-up does: one form with the box (required by the
 * browser and again by the action) and a button per provider (formAction).
 */
export function SocialButtons({ enabled, purpose }: { enabled: readonly string[]; purpose: "login" | "signup" }) {
  const { t } = useTranslation();
  const someDisabled = providers.some((p) => !enabled.includes(p));
  const button = (provider: (typeof providers)[number], formAction?: string) => (
    <button
      type="submit"
      formAction={formAction}
      className={`button button-block button-social button-${provider}`}
      disabled={!enabled.includes(provider)}
    >
      {purpose === "login" ? t(`login.with_${provider}`) : t(`signup.with_${provider}`)}
    </button>
  );
  const unavailable = someDisabled ? (
    <p id="social-unavailable" className="hint">
      {t("login.social_unavailable")}
    </p>
  ) : null;
  const describedBy = someDisabled ? "social-unavailable" : undefined;

  if (purpose === "signup") {
    const first = providers.find((p) => enabled.includes(p)) ?? providers[0];
    return (
      <Form method="post" action={socialStartPath(first)} reloadDocument className="social-signup">
        <input type="hidden" name="purpose" value="signup" />
        <div className="checkbox-field">
          <input type="checkbox" id="social-data-policy" name="dataPolicy" value="on" required />
          <label htmlFor="social-data-policy">
            {t("signup.data_policy_confirm")} (
            <Link to={dataPolicyPath} target="_blank">
              {t("policy.data_title")}
            </Link>
            )
          </label>
        </div>
        <ul className="social-buttons" aria-describedby={describedBy}>
          {providers.map((provider) => (
            <li key={provider}>{button(provider, socialStartPath(provider))}</li>
          ))}
        </ul>
        {unavailable}
      </Form>
    );
  }
  return (
    <>
      <ul className="social-buttons" aria-describedby={describedBy}>
        {providers.map((provider) => (
          <li key={provider}>
            <Form method="post" action={socialStartPath(provider)} reloadDocument>
              {button(provider)}
            </Form>
          </li>
        ))}
      </ul>
      {unavailable}
    </>
  );
}
