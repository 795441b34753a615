import { useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * The modal dialog of spec section 2: panel or stretch variant, optional max width 484 or 706.
 * It is opened by the URL (a search parameter), so it opens and closes without JavaScript: the
 * server renders it open and its close control is a link. With JavaScript it becomes a real modal
 * (focus kept inside, Escape closes, page scroll locked).
 */
export function Modal({
  title,
  closeHref,
  variant = "panel",
  maxWidth,
  children,
}: {
  title: string;
  closeHref: string;
  variant?: "panel" | "stretch";
  maxWidth?: 484 | 706;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    document.documentElement.classList.add("scroll-locked");
    const onCancel = (event: Event) => {
      event.preventDefault();
      navigate(closeHref, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      document.documentElement.classList.remove("scroll-locked");
    };
  }, [closeHref, navigate]);

  const widthClass = maxWidth ? ` modal-max-${maxWidth}` : "";
  return (
    <>
      <div className="modal-backdrop" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        className={`modal modal-${variant}${widthClass}`}
        aria-labelledby={titleId}
        aria-modal="true"
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <a
            className="modal-close"
            href={closeHref}
            onClick={(e) => {
              e.preventDefault();
              navigate(closeHref, { replace: true, preventScrollReset: true });
            }}
          >
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t("language.close")}</span>
          </a>
        </div>
        <div className="modal-body">{children}</div>
      </dialog>
    </>
  );
}
