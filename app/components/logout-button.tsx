import { logoutPath } from "@common/portal-paths";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Signing out: a whole-page post, so no page of the session stays on screen after it. */
export function LogoutButton({ className, block = false }: { className?: string; block?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={logoutPath} className={className} reloadDocument>
      <button type="submit" className={block ? "button button-secondary button-block" : "button button-secondary"}>
        {t("menu.logout")}
      </button>
    </Form>
  );
}
