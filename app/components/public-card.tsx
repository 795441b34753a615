import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The card of the signed-out pages and the steps around signing in: the page's title, the sentence
 * that introduces it, then its content. `role` makes the whole card a status or an alert where it
 * answers what the resident just did.
 */
export function PublicCard({
  title,
  intro,
  role,
  children,
}: {
  title: string;
  intro?: string;
  role?: "status" | "alert";
  children?: ReactNode;
}) {
  return (
    <div className="public-card" role={role}>
      <h1>{title}</h1>
      {intro === undefined ? null : <p>{intro}</p>}
      {children}
    </div>
  );
}

/** Which account is signed in, where a page says what happens next with it. */
export function SignedInAs({ email }: { email: string }) {
  const { t } = useTranslation();
  return <p className="hint">{t("no_tenancies.signed_in_as", { email })}</p>;
}
