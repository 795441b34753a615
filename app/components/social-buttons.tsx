import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const providers = ["google", "facebook", "apple"] as const;

/**
 * The three social providers' buttons (spec section 2). Each is a small POST form, so it works
 * without JavaScript; a provider without configuration is shown but disabled.
 */
export function SocialButtons({ enabled, purpose }: { enabled: readonly string[]; purpose: "login" | "signup" }) {
  const { t } = useTranslation();
  const someDisabled = providers.some((p) => !enabled.includes(p));
  return (
    <>
      <ul className="social-buttons" aria-describedby={someDisabled ? "social-unavailable" : undefined}>
        {providers.map((provider) => (
          <li key={provider}>
            <Form method="post" action={`/auth/${provider}`} reloadDocument>
              <button
                type="submit"
                className={`button button-block button-social button-${provider}`}
                disabled={!enabled.includes(provider)}
              >
                {purpose === "login" ? t(`login.with_${provider}`) : t(`signup.with_${provider}`)}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {someDisabled ? (
        <p id="social-unavailable" className="hint">
          {t("login.social_unavailable")}
        </p>
      ) : null}
    </>
  );
}
