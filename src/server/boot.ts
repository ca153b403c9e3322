import path from 'node:path';
import { createPlatform } from './app.ts';
import type { Platform } from './app.ts';
import { warmListings } from './catalog/listing.ts';
import { getTaxonomy } from './catalog/taxonomy.ts';
import { openDatabase } from './db/client.ts';
import type { Database } from './db/client.ts';
import { DEFAULT_PRODUCTS, isSeeded, seedDatabase } from './seed/index.ts';

export type BootOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  appToken: string;
  siteUrl?: string | undefined;
  seedProducts?: number | undefined;
  /** Warm the listing caches in the background (a server wants it; a build reading menus does not). */
  warm?: boolean;
};

/** Open the database (creating, migrating and seeding it on first start) and build the platform. */
export async function bootPlatform(options: BootOptions): Promise<Platform & { database: Database }> {
  const database = await openDatabase({
    url: options.databaseUrl,
    dataDir: options.databaseUrl ? undefined : options.dataDir,
  });
  if (!(await isSeeded(database.db))) {
    const products = options.seedProducts ?? DEFAULT_PRODUCTS;
    console.log(`[platform] empty database: seeding ${products} products…`);
    await seedDatabase(database.db, products);
  }
  // Warm the listing caches in the background; a failure only means cold first visits.
  if (options.warm !== false) warmInBackground(database.db);
  const platform = createPlatform({
    db: database.db,
    appToken: options.appToken,
    siteUrl: options.siteUrl,
    mediaDir: path.resolve(options.dataDir, 'media'),
  });
  return { ...platform, database };
}

function warmInBackground(db: Database['db']): void {
  void getTaxonomy(db)
    .then((taxonomy) => warmListings(db, taxonomy))
    .then((n) => {
      console.log(`[platform] listing caches warm for ${String(n)} categories`);
    })
    .catch((error: unknown) => {
      console.warn('[platform] cache warm-up failed', error);
    });
}
