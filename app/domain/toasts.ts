/**
 * Toasts as spec sections 4 and 9 describe them: five types, a display time per type, a removal
 * delay after a toast is dismissed (its fade-out, before it leaves the page) and at most 20 at once.
 * Plain data and arithmetic: the server keeps the queue across redirects, the browser runs the clock.
 */

export const toastTypes = ["blank", "error", "success", "loading", "custom"] as const;
export type ToastType = (typeof toastTypes)[number];

export function isToastType(value: unknown): value is ToastType {
  return typeof value === "string" && (toastTypes as readonly string[]).includes(value);
}

/** At most this many toasts are kept; a newer one pushes out the oldest. */
export const toastLimit = 20;

/**
 * How long each type shows, in milliseconds (spec section 9). A loading toast shows until a toast
 * with its id replaces it. A toast may name its own duration (the used-code toast's 3 s).
 */
export const toastDurationsMs: Readonly<Record<ToastType, number>> = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
  custom: 4000,
};

/** How long a dismissed toast stays on the page (hidden, fading) before it is removed. */
export const toastRemoveDelayMs = 1000;

/** A toast: `message` is a translation key and `values` its placeholders. */
export interface Toast {
  /** Unique; a new toast with the id of a shown one replaces it (a loading toast by its result). */
  id: string;
  type: ToastType;
  message: string;
  values?: Record<string, string>;
  /** Milliseconds; the type's duration when absent. */
  duration?: number;
}

export function durationOf(toast: Pick<Toast, "type" | "duration">): number {
  const own = toast.duration;
  return own !== undefined && own > 0 ? own : toastDurationsMs[toast.type];
}

/**
 * The queue after `added` arrives: a toast with the same id is replaced where it stands, any other
 * goes at the end (the newest nearest the screen's bottom edge), and the oldest leave beyond `limit`.
 */
export function addToast<T extends Pick<Toast, "id">>(queue: readonly T[], added: T, limit = toastLimit): T[] {
  const at = queue.findIndex((toast) => toast.id === added.id);
  const next = at === -1 ? [...queue, added] : queue.map((toast, index) => (index === at ? added : toast));
  return next.slice(Math.max(0, next.length - limit));
}

/** The same for several toasts, in the order they came. */
export function addToasts<T extends Pick<Toast, "id">>(
  queue: readonly T[],
  added: readonly T[],
  limit = toastLimit,
): T[] {
  return added.reduce<T[]>((current, toast) => addToast(current, toast, limit), [...queue]);
}

/**
 * Toasts arriving while a placeholder (a form's loading toast) is shown: the first takes the
 * placeholder's place, the rest join the queue as usual.
 */
export function addArrivals<T extends Pick<Toast, "id">>(
  queue: readonly T[],
  arrivals: readonly T[],
  placeholderId: string,
  limit = toastLimit,
): T[] {
  const [first, ...rest] = arrivals;
  if (!first) return [...queue];
  const replacing = queue.some((toast) => toast.id === placeholderId);
  const start = replacing
    ? queue.map((toast) => (toast.id === placeholderId ? first : toast))
    : addToast(queue, first, limit);
  return addToasts(start, rest, limit);
}

/**
 * When a toast shown at `shownAt` is dismissed (hidden) and removed from the page, in the same
 * clock as `shownAt`; Infinity for a loading toast, which waits to be replaced.
 */
export function toastTimeline(
  toast: Pick<Toast, "type" | "duration">,
  shownAt: number,
): { dismissAt: number; removeAt: number } {
  const dismissAt = shownAt + durationOf(toast);
  return { dismissAt, removeAt: dismissAt + toastRemoveDelayMs };
}

/** A toast's state at `now`: shown, dismissed (fading out, still on the page) or removed. */
export function toastPhase(
  toast: Pick<Toast, "type" | "duration">,
  shownAt: number,
  now: number,
  dismissedAt?: number,
): "shown" | "dismissed" | "removed" {
  const { dismissAt } = toastTimeline(toast, shownAt);
  const hiddenAt = Math.min(dismissAt, dismissedAt ?? Number.POSITIVE_INFINITY);
  if (now < hiddenAt) return "shown";
  return now < hiddenAt + toastRemoveDelayMs ? "dismissed" : "removed";
}

/**
 * The queue the server keeps between requests, oldest first: each toast carries the time it was
 * made (`at`, any increasing number) and only the newest `limit` are kept.
 */
export function newestToasts<T extends { at: number; id: string }>(toasts: readonly T[], limit = toastLimit): T[] {
  const sorted = [...toasts].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return sorted.slice(Math.max(0, sorted.length - limit));
}
