// One concern: the stock the store's team sets on a finish (the product's total follows).
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { STOCK_PER_PAGE } from '#/contract/staff-stock.ts';
import type { StaffStock, StaffStockQuery } from '#/contract/staff-stock.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { refreshTotals } from '#/server/catalog/derived.ts';
import { likeLiteral } from '#/server/lib/text.ts';
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
    await refreshTotals(tx, [variant.productId]);
    return { before: variant.stock };
  });
}

/**
 * The finishes the team looks for (part of a SKU or of the product's name; only the sold-out ones), the
 * most awaited first: each with its stock and how many shoppers wait for it.
 */
export async function listStock(db: Db, query: StaffStockQuery): Promise<StaffStock> {
  const text = query.q ? `%${likeLiteral(query.q)}%` : undefined;
  const where = and(
    text ? or(ilike(t.variants.sku, text), ilike(t.products.name, text)) : undefined,
    query.esgotados ? eq(t.variants.stock, 0) : undefined,
  );
  const waiting = db
    .select({ variantId: t.stockRequests.variantId, n: count().as('n') })
    .from(t.stockRequests)
    .where(isNull(t.stockRequests.notifiedAt))
    .groupBy(t.stockRequests.variantId)
    .as('waiting');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        sku: t.variants.sku,
        productId: t.variants.productId,
        product: t.products.name,
        finish: t.variants.finishLabel,
        stock: t.variants.stock,
        waiting: sql<number>`coalesce(${waiting.n}, 0)::int`,
      })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .leftJoin(waiting, eq(waiting.variantId, t.variants.id))
      .where(where)
      .orderBy(desc(sql`coalesce(${waiting.n}, 0)`), asc(t.variants.stock), asc(t.variants.sku))
      .offset((query.pagina - 1) * STOCK_PER_PAGE)
      .limit(STOCK_PER_PAGE),
    db
      .select({ n: count() })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    itens: rows.map((r) => ({
      sku: r.sku,
      idProduto: r.productId,
      produto: r.product,
      acabamento: r.finish,
      estoque: r.stock,
      aguardando: r.waiting,
    })),
    total: n,
    pagina: query.pagina,
    paginas: Math.max(1, Math.ceil(n / STOCK_PER_PAGE)),
  };
}
