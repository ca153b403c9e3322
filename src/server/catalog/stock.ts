// One concern: the stock the store's team sets on a finish (the product's total follows).
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';

/** Set a finish's stock by its SKU; the product's total is the sum of its finishes. An unknown SKU is a 404. */
export async function setVariantStock(db: Db, sku: string, stock: number): Promise<{ before: number }> {
  return inTransaction(db, async (tx) => {
    const [variant] = await tx
      .select({ id: t.variants.id, productId: t.variants.productId, stock: t.variants.stock })
      .from(t.variants)
      .where(eq(t.variants.sku, sku))
      .for('update');
    if (!variant) throw notFound(`Não há acabamento com o SKU ${sku}.`);
    await tx.update(t.variants).set({ stock }).where(eq(t.variants.id, variant.id));
    await tx
      .update(t.products)
      .set({
        stock: sql`(select coalesce(sum(${t.variants.stock}), 0) from ${t.variants} where ${t.variants.productId} = ${variant.productId})`,
      })
      .where(eq(t.products.id, variant.productId));
    return { before: variant.stock };
  });
}
