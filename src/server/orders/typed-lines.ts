// One concern: the lines the team types in the panel (a new order, a correction), SKU and quantity, as the
// finishes they name: merged by SKU whatever its case, and refused in Portuguese when a SKU sells nothing.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest } from '#/server/errors.ts';

/** The typed lines merged by SKU (upper case), in the order first typed: SKU → units. */
export function mergedLines(itens: readonly { sku: string; quantidade: number }[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const { sku, quantidade } of itens) {
    const key = sku.toUpperCase();
    wanted.set(key, (wanted.get(key) ?? 0) + quantidade);
  }
  return wanted;
}

export type TypedVariant = {
  v: typeof t.variants.$inferSelect;
  name: string;
  slug: string;
  active: boolean;
};

/** The finishes of these SKUs (any case), by upper-case SKU. */
export async function variantsBySku(db: Db, skus: readonly string[]): Promise<Map<string, TypedVariant>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ v: t.variants, name: t.products.name, slug: t.products.slug, active: t.products.active })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(inArray(sql`upper(${t.variants.sku})`, [...skus]));
  return new Map(rows.map((r) => [r.v.sku.toUpperCase(), r]));
}

/** The finish a typed SKU names, if it can be sold; else a 400 saying why (unknown, or off sale). */
export function sellable(row: TypedVariant | undefined, sku: string): TypedVariant {
  if (!row) throw badRequest(`Não há produto com o SKU ${sku}: confira o código na página Produtos.`);
  if (!row.active) throw badRequest(`${finishName(row)} (SKU ${row.v.sku}) está fora de venda.`);
  return row;
}

/** "Torneira Lótus – Preto Fosco": the product and its finish, as an order line names them. */
export const finishName = (row: TypedVariant): string =>
  `${row.name}${row.v.finishLabel ? ` – ${row.v.finishLabel}` : ''}`;
