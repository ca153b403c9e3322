import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';

/**
 * A customer's favourites (the platform calls them `wishlist` in its URLs and `favoritos` in its
 * answers): product ids, newest first, one row each.
 */
export async function favouriteIds(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: t.favourites.productId })
    .from(t.favourites)
    .where(eq(t.favourites.customerId, customerId))
    .orderBy(desc(t.favourites.addedAt), t.favourites.productId);
  return rows.map((r) => r.id);
}

export type FavouriteAction = 'add' | 'remove' | 'verify';

/** Add, remove or check one product; answers whether it is a favourite afterwards. A missing product is a 404. */
export async function changeFavourite(
  db: Db,
  customerId: number,
  productId: number,
  action: FavouriteAction,
): Promise<boolean> {
  const [product] = await db
    .select({ id: t.products.id, active: t.products.active })
    .from(t.products)
    .where(eq(t.products.id, productId));
  // A product off sale can still leave the list, but not join it.
  if (!product || (action === 'add' && !product.active)) throw notFound('Produto não encontrado.');
  const line = and(eq(t.favourites.customerId, customerId), eq(t.favourites.productId, productId));
  switch (action) {
    case 'add':
      await db.insert(t.favourites).values({ customerId, productId }).onConflictDoNothing();
      return true;
    case 'remove':
      await db.delete(t.favourites).where(line);
      return false;
    case 'verify': {
      const [row] = await db.select({ id: t.favourites.productId }).from(t.favourites).where(line);
      return row !== undefined;
    }
  }
}
