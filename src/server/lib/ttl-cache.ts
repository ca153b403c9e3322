import { errorCode } from '#/server/db/health.ts';

/**
 * A small least-recently-used cache: entries are fresh for `ttlMs`, then served stale for `swrMs` more while
 * one background computation refreshes them; simultaneous misses of one key share one computation.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; fresh: number; stale: number }>();
  readonly #pending = new Map<string, Promise<V>>();
  readonly #max: number;
  readonly #ttlMs: number;
  readonly #swrMs: number;

  constructor(max: number, ttlMs: number, swrMs = 0) {
    this.#max = max;
    this.#ttlMs = ttlMs;
    this.#swrMs = swrMs;
  }

  #entry(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.stale <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // Move to the most recently used end.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** The value while it is fresh; undefined once it is stale or gone. */
  get(key: string): V | undefined {
    const entry = this.#entry(key);
    return entry && entry.fresh > Date.now() ? entry.value : undefined;
  }

  set(key: string, value: V): void {
    const now = Date.now();
    this.#entries.delete(key);
    this.#entries.set(key, { value, fresh: now + this.#ttlMs, stale: now + this.#ttlMs + this.#swrMs });
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  #compute(key: string, compute: () => Promise<V>): Promise<V> {
    let pending = this.#pending.get(key);
    if (!pending) {
      pending = compute().then((value) => {
        this.set(key, value);
        return value;
      });
      const settled = () => this.#pending.delete(key);
      pending.then(settled, settled);
      this.#pending.set(key, pending);
    }
    return pending;
  }

  /** The cached value, refreshed in the background when stale, or computed now (failures are not kept). */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const entry = this.#entry(key);
    if (entry) {
      if (entry.fresh <= Date.now()) {
        this.#compute(key, compute).catch((error: unknown) => {
          console.error(`[cache] background refresh failed (${errorCode(error)})`);
        });
      }
      return entry.value;
    }
    return this.#compute(key, compute);
  }

  /** Entries held, fresh or stale. */
  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
