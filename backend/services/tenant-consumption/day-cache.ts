/**
 * Figures made of whole days before today (a heating fit, a forecast, ADR 0070 and 0072) change only
 * when the day changes or readings of past days are imported: kept for `dayCacheMs` per key and day,
 * so a home's figure is computed at most a few times an hour, not on every request. One cache per
 * database and purpose; a failed computation is not kept.
 */
import { dayKeyOf } from "@common/calendar";

export const dayCacheMs = 10 * 60_000;
const dayCacheLimit = 5_000;

export function dayCache<T>(): (
  ctx: { db: object; now: Date },
  key: readonly (string | number | boolean)[],
  compute: () => Promise<T>,
) => Promise<T> {
  const caches = new WeakMap<object, Map<string, { at: number; value: Promise<T> }>>();
  return (ctx, key, compute) => {
    let cache = caches.get(ctx.db);
    if (cache === undefined) {
      cache = new Map();
      caches.set(ctx.db, cache);
    }
    const now = ctx.now.getTime();
    const id = [...key, dayKeyOf(now)].join("|");
    const hit = cache.get(id);
    if (hit !== undefined && now - hit.at < dayCacheMs) return hit.value;
    if (cache.size >= dayCacheLimit) cache.clear();
    const value = compute();
    cache.set(id, { at: now, value });
    value.catch(() => cache.delete(id));
    return value;
  };
}
