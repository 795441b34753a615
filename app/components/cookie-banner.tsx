import { cookieConsentPath, cookiePolicyPath } from "@common/portal-paths";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes the consent to the tag manager's data layer (spec section 4, "Cookie consent"). */
export function pushConsentEvent(hasAccepted: boolean) {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: "cookieConsent", hasAccepted });
}

/**
 * The cookie consent banner (OK, reject), shown until the choice is stored. A plain form without
 * JavaScript; with it, the choice is sent in the background, the banner hides at once and, when a
 * tag manager is configured, a `cookieConsent` event is pushed to its data layer.
 */
export function CookieBanner({ tagManagerId }: { tagManagerId: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const choice = fetcher.formData?.get("accept");

  useEffect(() => {
    if (choice && tagManagerId) pushConsentEvent(choice === "true");
  }, [choice, tagManagerId]);

  if (choice) return null;
  return (
    <section className="cookie-banner" aria-label={t("cookies.banner_label")}>
      <p>
        {t("cookies.banner_text")} <Link to={cookiePolicyPath}>{t("cookies.read_more")}</Link>
      </p>
      <fetcher.Form method="post" action={cookieConsentPath} className="cookie-banner-actions">
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button type="submit" name="accept" value="false" className="button button-secondary">
          {t("cookies.reject")}
        </button>{" "}
        <button type="submit" name="accept" value="true" className="button">
          {t("cookies.ok")}
        </button>
      </fetcher.Form>
    </section>
  );
}
