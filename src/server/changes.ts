import { clearListingCaches } from './catalog/caches.ts';
import { forgetTaxonomy } from './catalog/taxonomy.ts';
import type { Database } from './db/client.ts';

/** How long notices are gathered before caches are dropped once for all of them (a seed sends hundreds). */
const SETTLE_MS = 50;

/**
 * Keep this instance's caches true to the database: whenever the catalogue or the settings change (on any
 * instance, or by any tool), drop the platform's own caches and tell `also` (the storefront's: route cache,
 * page shell), within a second of the commit. A reconnect reports `'*'`: notices may have been missed.
 */
export async function followChanges(
  database: Database,
  also: (tables: ReadonlySet<string>) => void = () => undefined,
): Promise<() => Promise<void>> {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const tables = pending;
    pending = new Set();
    clearListingCaches(database.db);
    forgetTaxonomy(database.db);
    also(tables);
  };
  return database.watch((table) => {
    pending.add(table);
    timer ??= setTimeout(flush, SETTLE_MS);
  });
}
