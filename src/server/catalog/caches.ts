import type { Db } from '#/server/db/client.ts';
import { TtlCache } from '#/server/lib/ttl-cache.ts';
import type { Facets } from './listing-query.ts';
import type { SearchPlan } from './search.ts';

/**
 * Listing results and search plans are fresh for a minute, then served for up to ten more while one
 * background query refreshes them. Product rows (prices, stock) are read on every call, so only the
 * order of a page and the filter counts can lag.
 */
export const LISTING_TTL_MS = 60_000;
export const LISTING_SWR_MS = 600_000;

/** Listing counts by scope and filters, page ids by scope, filters, order and page, search plans by text. */
type Caches = { facets: TtlCache<Facets>; pages: TtlCache<number[]>; searches: TtlCache<SearchPlan> };
const registry = new WeakMap<Db, Caches>();

export function catalogCaches(db: Db): Caches {
  let caches = registry.get(db);
  if (!caches) {
    caches = {
      facets: new TtlCache(500, LISTING_TTL_MS, LISTING_SWR_MS),
      pages: new TtlCache(2000, LISTING_TTL_MS, LISTING_SWR_MS),
      searches: new TtlCache(1000, LISTING_TTL_MS, LISTING_SWR_MS),
    };
    registry.set(db, caches);
  }
  return caches;
}

/** Forget cached listings and searches (after the catalogue changes, and for cold measurements). */
export function clearListingCaches(db: Db): void {
  const caches = registry.get(db);
  caches?.facets.clear();
  caches?.pages.clear();
  caches?.searches.clear();
}
