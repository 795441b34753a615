import { accountPath, profilePath } from "@common/portal-paths";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { SubmitAndBack } from "~/components/confirm-page";
import type { PublicHandle } from "../public/public-layout";
import { parentPages, type TenancyHandle, titleCrumb } from "../tenancy/tenancy-handle";

/**
 * The handle of a page that changes the account (the e-mail, the password, deleting): in a tenancy
 * its breadcrumb is its title below the profile's; under /account (ADR 0057) it leads back to the
 * profile there.
 */
export function accountChangeHandle(titleKey: string, pathOf: (tenancyId: string) => string) {
  return {
    ...titleCrumb(titleKey, pathOf, parentPages.profile),
    back: accountPath,
  } satisfies TenancyHandle & PublicHandle;
}

/** Said instead of a change a support session may not make (the e-mail, the password, deleting). */
export function SupportSessionNote() {
  const { t } = useTranslation();
  return (
    <p className="notice" role="note">
      {t("profile.impersonated")}
    </p>
  );
}

/**
 * A page of the profile that changes the account: its title and its form, or in a support session
 * the note that the account may not be changed from there.
 */
export function AccountChangePage({
  titleKey,
  impersonated,
  children,
}: {
  titleKey: string;
  impersonated: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="settings-page">
      <h1>{t(titleKey)}</h1>
      <section className="card">{impersonated ? <SupportSessionNote /> : children}</section>
    </div>
  );
}

/** The change's button (off while it is sent) and the way back to the profile without it. */
export function AccountChangeButtons({
  tenancyId,
  submitKey,
  danger = false,
}: {
  /** The tenancy whose profile the page belongs to; null for /account (no tenancy). */
  tenancyId: string | null;
  submitKey: string;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="button-row">
      <SubmitAndBack
        submit={t(submitKey)}
        danger={danger}
        backTo={profilePath(tenancyId)}
        backLabel={t("profile.cancel")}
      />
    </div>
  );
}
