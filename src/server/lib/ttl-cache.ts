import { LRUCache } from 'lru-cache';
import { errorCode } from '#/server/db/health.ts';

/** What a miss or a refresh runs: the value to keep. */
type Compute<V> = () => Promise<V>;

/**
 * The platform's in-process caches, on `lru-cache`: at most `max` entries (the least recently used goes
 * first), fresh for `ttlMs`, then served stale for `swrMs` more while one background computation refreshes
 * them; simultaneous misses of one key share one computation, and a failure is never kept.
 */
export class TtlCache<V extends object> {
  readonly #lru: LRUCache<string, V, Compute<V>>;
  readonly #swrMs: number;
  /** How many times the cache was cleared: a computation that straddles a clear is not kept. */
  #clears = 0;

  constructor(max: number, ttlMs: number, swrMs = 0) {
    this.#swrMs = swrMs;
    this.#lru = new LRUCache<string, V, Compute<V>>({
      max,
      ttl: ttlMs,
      // Stale entries stay (for getOrCompute to serve) until their window ends; `get` never returns them.
      noDeleteOnStaleGet: swrMs > 0,
      // A refresh that fails keeps the stale value to serve; a miss that fails throws to its caller.
      noDeleteOnFetchRejection: true,
      // Date.now rather than performance.now: the clock the rest of the platform (and its tests) reads.
      perf: { now: () => Date.now() },
      fetchMethod: async (_key, stale, { context }) => {
        try {
          return await context();
        } catch (error) {
          if (stale !== undefined) console.error(`[cache] background refresh failed (${errorCode(error)})`);
          throw error;
        }
      },
    });
  }

  /** The value while it is fresh; undefined once it is stale or gone. */
  get(key: string): V | undefined {
    return this.#lru.get(key, { allowStale: false });
  }

  set(key: string, value: V): void {
    this.#lru.set(key, value);
  }

  /** The cached value, refreshed in the background when stale, or computed now (failures are not kept). */
  async getOrCompute(key: string, compute: Compute<V>): Promise<V> {
    // Past its stale window an entry is not served: the answer is computed now.
    if (this.#lru.getRemainingTTL(key) < -this.#swrMs) this.#lru.delete(key);
    const stale = this.#lru.peek(key, { allowStale: true }) !== undefined;
    const clears = this.#clears;
    let value: V | undefined;
    try {
      value = await this.#lru.fetch(key, {
        context: compute,
        allowStale: this.#swrMs > 0,
        allowStaleOnFetchRejection: stale,
      });
    } catch (error) {
      // Cleared while computing (the data changed): the fetch is aborted; answer from the data as it is now,
      // without keeping it, rather than failing the caller.
      if (this.#clears !== clears) return compute();
      throw error;
    }
    if (value === undefined) throw new Error('cache: the computation gave no value');
    return value;
  }

  /** Entries held, fresh or stale. */
  get size(): number {
    return this.#lru.size;
  }

  clear(): void {
    this.#clears += 1;
    this.#lru.clear();
  }
}
