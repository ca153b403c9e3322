import path from 'node:path';
import { createPlatform } from './app.ts';
import type { Platform } from './app.ts';
import { openDatabase } from './db/client.ts';
import type { Database } from './db/client.ts';
import { DEFAULT_PRODUCTS, isSeeded, seedDatabase } from './seed/index.ts';

export type BootOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  appToken: string;
  siteUrl?: string | undefined;
  seedProducts?: number | undefined;
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
  const platform = createPlatform({
    db: database.db,
    appToken: options.appToken,
    siteUrl: options.siteUrl,
    mediaDir: path.resolve(options.dataDir, 'media'),
  });
  return { ...platform, database };
}
