/**
 * A fixed-window counter per key: at most `limit` hits per `windowMs`. Pure and in memory; the
 * portal's limits (limits.server.ts) use one per rule. A deployment with several portal instances
 * gets per-instance limits (see docs/decisions/0010-abuse-limits.md).
 */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
    /** Stop growing past this many keys: the oldest windows are dropped first. */
    private readonly maxKeys = 100_000,
  ) {}

  private window(key: string) {
    const now = this.now();
    const current = this.windows.get(key);
    if (current && current.resetAt > now) return current;
    if (current) this.windows.delete(key);
    return undefined;
  }

  /** Whether one more hit is allowed now (does not count it). */
  check(key: string): RateLimitState {
    const window = this.window(key);
    const count = window?.count ?? 0;
    const retryAfterSeconds = window ? Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000)) : 0;
    return {
      allowed: count < this.rule.limit,
      remaining: Math.max(0, this.rule.limit - count),
      retryAfterSeconds: count < this.rule.limit ? 0 : retryAfterSeconds,
    };
  }

  /** Counts one hit. */
  hit(key: string): void {
    const window = this.window(key);
    if (window) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    this.windows.set(key, { count: 1, resetAt: this.now() + this.rule.windowMs });
  }

  reset(key: string): void {
    this.windows.delete(key);
  }
}
