import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { addArrivals, addToast, type Toast, toastPhase, toastRemoveDelayMs, toastTimeline } from "~/domain/toasts";
import { useHydrated } from "./use-hydrated";

/** A toast on the page: when it was shown (null until the page's scripts run) and dismissed. */
interface ShownToast {
  id: string;
  toast: Toast;
  shownAt: number | null;
  dismissedAt?: number;
}

/** The loading toast of a form being sent: replaced by the first toast its answer brings. */
const submissionId = "submission";

function shownFrom(toasts: readonly Toast[], shownAt: number | null): ShownToast[] {
  return toasts.map((toast) => ({ id: toast.id, toast, shownAt }));
}

/**
 * Toasts at the bottom right (spec section 2), a queue of at most 20 (spec section 9). Rendered on
 * the server, so they show without JavaScript too, once: the next page has none. With JavaScript
 * each is hidden after its type's duration (or when dismissed) and leaves the page 1 s later; a
 * form being sent shows a loading toast until its answer's toast replaces it.
 */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [queue, setQueue] = useState<ShownToast[]>(() => shownFrom(toasts, null));
  const [now, setNow] = useState(0);
  const seen = useRef(new Set(toasts.map((toast) => toast.id)));

  // The clock starts when the page's scripts run: what the server rendered is shown from now.
  useEffect(() => {
    const started = Date.now();
    setQueue((current) => current.map((entry) => ({ ...entry, shownAt: entry.shownAt ?? started })));
    setNow(started);
  }, []);

  // Toasts a later answer brings (after a form was sent) join the queue.
  useEffect(() => {
    const fresh = toasts.filter((toast) => !seen.current.has(toast.id));
    for (const toast of fresh) seen.current.add(toast.id);
    const at = Date.now();
    setQueue((current) => {
      const next = addArrivals(current, shownFrom(fresh, at), submissionId);
      // The form's answer came without a toast: its loading toast goes.
      return navigation.state === "idle"
        ? next.map((entry) =>
            entry.id === submissionId && entry.dismissedAt === undefined ? { ...entry, dismissedAt: at } : entry,
          )
        : next;
    });
    setNow(at);
  }, [toasts, navigation.state]);

  // A form being sent (with the page's scripts; without them the browser shows its own progress).
  const submitting = navigation.state === "submitting";
  useEffect(() => {
    if (!submitting) return;
    const at = Date.now();
    const loading: ShownToast = {
      id: submissionId,
      toast: { id: submissionId, type: "loading", message: "toast.sending" },
      shownAt: at,
    };
    setQueue((current) => addToast(current, loading));
    setNow(at);
  }, [submitting]);

  // One timer, to the next moment a toast is hidden or removed.
  useEffect(() => {
    const moments = queue.flatMap((entry) => {
      if (entry.shownAt === null) return [];
      const hiddenAt = Math.min(
        toastTimeline(entry.toast, entry.shownAt).dismissAt,
        entry.dismissedAt ?? Number.POSITIVE_INFINITY,
      );
      return [hiddenAt, hiddenAt + toastRemoveDelayMs];
    });
    const next = Math.min(...moments.filter((moment) => moment > now && Number.isFinite(moment)));
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setNow(Date.now()), next - Date.now());
    return () => clearTimeout(timer);
  }, [queue, now]);

  const phaseOf = (entry: ShownToast) =>
    entry.shownAt === null ? "shown" : toastPhase(entry.toast, entry.shownAt, now, entry.dismissedAt);
  const visible = queue.filter((entry) => phaseOf(entry) !== "removed");

  // Removed toasts leave the state too, so the queue never grows past what is on the page.
  useEffect(() => {
    if (visible.length !== queue.length) setQueue(visible);
  }, [visible, queue.length]);

  const handleDismiss = (id: string) =>
    setQueue((current) =>
      current.map((entry) =>
        entry.id === id && entry.dismissedAt === undefined ? { ...entry, dismissedAt: Date.now() } : entry,
      ),
    );

  return (
    <section className="toasts" aria-label={t("toast.notifications")}>
      <div role="status" aria-live="polite">
        {visible.length > 0 ? (
          <ol className="toast-list">
            {visible.map((entry) => {
              const leaving = phaseOf(entry) === "dismissed";
              return (
                <li
                  key={entry.id}
                  className={`toast toast-${entry.toast.type}${leaving ? " toast-leaving" : ""}`}
                  data-toast-type={entry.toast.type}
                  aria-hidden={leaving ? true : undefined}
                  aria-busy={entry.toast.type === "loading" ? true : undefined}
                >
                  {entry.toast.type === "loading" ? <span className="toast-spinner" aria-hidden="true" /> : null}
                  <p>{t(entry.toast.message, entry.toast.values ?? {})}</p>
                  {hydrated && !leaving && entry.toast.type !== "loading" ? (
                    <button type="button" className="toast-dismiss" onClick={() => handleDismiss(entry.id)}>
                      <span aria-hidden="true">×</span>
                      <span className="visually-hidden">{t("toast.dismiss")}</span>
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : null}
      </div>
    </section>
  );
}
