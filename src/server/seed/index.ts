import { EXAMPLE_PAGES } from '#/server/config/example-pages.ts';
import { sql } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { BADGES, BRANDS } from './catalog.ts';
import { buildCoupons } from './coupons.ts';
import {
  POPUPS,
  buildBanners,
  buildLandingPages,
  buildLists,
  buildMenus,
  buildShowcases,
} from './editorial.ts';
import { buildCategories, buildVocabulary, generateProducts } from './generate.ts';
import { STORE_SETTINGS } from '#/server/config/store-settings.ts';
import { normalizeText, slugify } from '#/server/lib/text.ts';

export const DEFAULT_PRODUCTS = 400;
const BATCH = 500;

async function insertAll(db: Db, table: Parameters<Db['insert']>[0], rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(table).values(rows.slice(i, i + BATCH));
  }
}

/** True when the database already holds a catalogue. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: t.seedInfo.id }).from(t.seedInfo).limit(1);
  return rows.length > 0;
}

/** Fill an empty, migrated database with the deterministic catalogue of `products` products. */
export async function seedDatabase(db: Db, products = DEFAULT_PRODUCTS): Promise<void> {
  const categories = buildCategories();
  const generated = generateProducts(products, categories);
  await inTransaction(db, async (q) => {
    await insertAll(
      q,
      t.categories,
      categories.map(({ def: _def, ancestors: _a, ...row }) => row),
    );
    await insertAll(
      q,
      t.brands,
      BRANDS.map((b, i) => ({
        id: i + 1,
        name: b.name,
        slug: slugify(b.name),
        description: b.description,
        color: b.color,
      })),
    );
    await insertAll(
      q,
      t.badges,
      BADGES.map((b) => ({ ...b })),
    );
    await insertAll(
      q,
      t.products,
      generated.products.map(
        ({ ean: _e, description: _d, specs: _s, combinations: _c, searchText, ...row }) => ({
          ...row,
          nameKey: normalizeText(row.name),
          searchVector: sql`to_tsvector('portuguese', ${searchText})`,
        }),
      ),
    );
    await insertAll(
      q,
      t.productDetails,
      generated.products.map((p) => ({
        productId: p.id,
        ean: p.ean,
        description: p.description,
        specs: p.specs,
        combinations: p.combinations,
      })),
    );
    await insertAll(q, t.variants, generated.variants);
    await insertAll(q, t.searchTerms, buildVocabulary(generated.products));
    await insertAll(q, t.landingPages, buildLandingPages(categories));
    await insertAll(q, t.lists, buildLists(generated.products));
    await insertAll(q, t.pages, EXAMPLE_PAGES);
    await insertAll(q, t.menus, buildMenus(categories));
    await insertAll(q, t.banners, buildBanners(categories));
    await insertAll(q, t.showcases, buildShowcases());
    await insertAll(q, t.popups, POPUPS);
    await ensureAdvertisedCoupons(q);
    await insertAll(q, t.settings, [{ key: 'configuracoes', value: STORE_SETTINGS }]);
    // Explicit ids were inserted: move the sequences past them.
    for (const table of ['categories', 'brands', 'products']) {
      await q.execute(
        sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
      );
    }
    await q.insert(t.seedInfo).values({ id: 1, products });
  });
  // Statistics for the planner at once (PGlite has no autovacuum to gather them): without them a search
  // by part of a name or SKU scans the tables instead of using their trigram indexes.
  await db.execute(sql`ANALYZE`);
}

/**
 * The coupons the store's own pages advertise (src/content, the seeded banners and popups), created when
 * missing; one staff changed keeps their change. Coupons are the store's business: a catalogue reset keeps them.
 */
export async function ensureAdvertisedCoupons(db: Db): Promise<void> {
  await db.insert(t.coupons).values(buildCoupons(new Date())).onConflictDoNothing();
}
