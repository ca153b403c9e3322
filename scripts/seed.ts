// `npm run seed -- --products 20000 [--reset]`: fill the store database with the generated catalogue.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#/server/db/client.ts';
import { DEFAULT_PRODUCTS, isSeeded, seedDatabase } from '#/server/seed/index.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: String(DEFAULT_PRODUCTS) },
    reset: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
if (!Number.isInteger(products) || products < 1 || products > 1_000_000) {
  console.error('--products must be a whole number between 1 and 1000000.');
  process.exit(2);
}
const dataDir = process.env['DATA_DIR'] ?? '.data';
const url = process.env['DATABASE_URL'];
// Seeding a large catalogue runs statements longer than a served request may.
const database = await openDatabase(url ? { url, statementTimeoutMs: 0 } : { dataDir });
try {
  if (await isSeeded(database.db)) {
    if (!values.reset) {
      console.error('The database already has a catalogue. Run again with --reset to replace it.');
      process.exit(2);
    }
    const tables = [
      'seed_info',
      'categories',
      'brands',
      'badges',
      'products',
      'variants',
      'search_terms',
      'landing_pages',
      'lists',
      'pages',
      'menus',
      'banners',
      'showcases',
      'popups',
      'settings',
    ];
    await database.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY`));
    fs.rmSync(path.join(dataDir, 'media'), { recursive: true, force: true });
  }
  const started = performance.now();
  await seedDatabase(database.db, products);
  console.log(
    `Seeded ${products} products into ${url ? 'PostgreSQL' : path.resolve(dataDir)} in ${Math.round(performance.now() - started)} ms.`,
  );
} finally {
  await database.close();
}
