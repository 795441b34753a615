import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./use-hydrated";

/** A toast as remix-toast carries it: `message` is a translation key, `description` its JSON values. */
export interface ToastData {
  message: string;
  description?: string;
  type: "info" | "success" | "error" | "warning";
  duration?: number;
}

/** Display times of spec section 9, in milliseconds. */
export const toastDurations = { success: 2000, error: 4000, info: 4000, warning: 4000 } as const;

export function toastValues(description: string | undefined): Record<string, string> {
  if (!description) return {};
  try {
    const parsed: unknown = JSON.parse(description);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Toasts at the bottom right (spec section 2). Rendered on the server, so they show without
 * JavaScript too; with it they disappear after their duration or when dismissed.
 */
export function Toasts({ toast }: { toast: ToastData | null }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState<ToastData | null>(toast);
  const hydrated = useHydrated();

  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), toast.duration ?? toastDurations[toast.type]);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <section className="toasts" aria-label={t("toast.notifications")}>
      <div role="status" aria-live="polite">
        {visible ? (
          <div className={`toast toast-${visible.type}`}>
            <p>{t(visible.message, toastValues(visible.description))}</p>
            {hydrated ? (
              <button type="button" className="toast-dismiss" onClick={() => setVisible(null)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t("toast.dismiss")}</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
