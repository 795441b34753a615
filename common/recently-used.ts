/**
 * A map that keeps at most `limit` entries: setting a new key when it is full forgets the entry
 * used longest ago (a get or a set counts as a use). For the caches and hints a server process
 * keeps in memory, which must not grow with the number of residents or pages served.
 */
export class RecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`RecentlyUsed keeps at least one entry, not ${limit}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Without counting as a use. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /**
   * The value kept for the key, or else `make`'s, kept from now on: for a cache whose values are
   * worth keeping only when computing them costs more than the lookup. `make` is not called on a hit.
   */
  remember(key: K, make: () => V): V {
    if (this.#entries.has(key)) return this.get(key) as V;
    const value = make();
    this.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.#entries.delete(key);
    if (this.#entries.size >= this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
