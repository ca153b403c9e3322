import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

export type Category = typeof t.categories.$inferSelect;
export type Brand = typeof t.brands.$inferSelect;
export type Badge = typeof t.badges.$inferSelect;
export type FinishRow = typeof t.finishes.$inferSelect;

/**
 * The small, rarely changing tables every answer needs, loaded once per database. What the team hid (a
 * category, with everything under it; a brand) is left out of the lists and of the lookups by address, so
 * it has no page, menu entry or listing; the lookups by id keep it, for the products still in it.
 */
export type Taxonomy = {
  categories: Category[];
  categoryById: Map<number, Category>;
  categoryByPath: Map<string, Category>;
  brands: Brand[];
  brandById: Map<number, Brand>;
  brandBySlug: Map<string, Brand>;
  badgeById: Map<number, Badge>;
  /** The finishes a shopper filters by, in the store's order (hidden ones left out). */
  finishes: FinishRow[];
  /** Every finish by its slug, hidden ones too (products in them still sell and draw their pictures). */
  finishBySlug: Map<string, FinishRow>;
  /** Category and its ancestors, root first. */
  lineage: (id: number) => Category[];
  /** Ids of a category and all its descendants (a category lists its sub-categories' products). */
  subtree: (id: number) => number[];
};

const cache = new WeakMap<Db, Promise<Taxonomy>>();

export function getTaxonomy(db: Db): Promise<Taxonomy> {
  let loaded = cache.get(db);
  if (!loaded) {
    loaded = load(db);
    loaded.catch(() => cache.delete(db));
    cache.set(db, loaded);
  }
  return loaded;
}

/** Load the taxonomy again at its next use (the catalogue changed: changes.ts). */
export function forgetTaxonomy(db: Db): void {
  cache.delete(db);
}

async function load(db: Db): Promise<Taxonomy> {
  const [categories, brands, badges, finishes] = await Promise.all([
    db.select().from(t.categories).orderBy(t.categories.level, t.categories.position, t.categories.id),
    db.select().from(t.brands).orderBy(t.brands.name),
    db.select().from(t.badges),
    db.select().from(t.finishes).orderBy(t.finishes.position, t.finishes.slug),
  ]);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  // Parents come first (ordered by level): a category under a hidden one is hidden too.
  const hidden = new Set<number>();
  for (const c of categories)
    if (c.hidden || (c.parentId !== null && hidden.has(c.parentId))) hidden.add(c.id);
  const shown = categories.filter((c) => !hidden.has(c.id));
  const shownBrands = brands.filter((b) => !b.hidden);
  return {
    categories: shown,
    categoryById,
    categoryByPath: new Map(shown.map((c) => [c.path, c])),
    brands: shownBrands,
    brandById: new Map(brands.map((b) => [b.id, b])),
    brandBySlug: new Map(shownBrands.map((b) => [b.slug, b])),
    badgeById: new Map(badges.map((b) => [b.id, b])),
    finishes: finishes.filter((f) => !f.hidden),
    finishBySlug: new Map(finishes.map((f) => [f.slug, f])),
    subtree: (id) => {
      const out = [id];
      // The array grows while it is walked: breadth-first over the tree.
      for (const parent of out) {
        for (const c of shown) if (c.parentId === parent) out.push(c.id);
      }
      return out;
    },
    lineage: (id) => {
      const out: Category[] = [];
      for (let c = categoryById.get(id); c; c = c.parentId ? categoryById.get(c.parentId) : undefined)
        out.unshift(c);
      return out;
    },
  };
}
