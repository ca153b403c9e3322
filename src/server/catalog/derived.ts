// One concern: what the catalogue keeps derived from a product's own fields (its drawing family, the price
// and stock of its first finish in stock, its search words), refreshed by whatever changed them.
import { inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { inOrder, queryRows } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { normalizeText } from '#/server/lib/text.ts';

/**
 * The product family a new product is drawn as: the one most of its category's products have, else
 * that of its parent category's products, else a tap.
 */
export async function kindFor(db: Db, categoryId: number): Promise<string> {
  const most = (where: SQL) =>
    queryRows<{ kind: string }>(
      db,
      sql`select kind from ${t.products} where ${where} group by kind order by count(*) desc, kind limit 1`,
    );
  const [own] = await most(sql`category_id = ${categoryId}`);
  if (own) return own.kind;
  const [near] = await most(
    sql`category_id in (select id from ${t.categories} where parent_id = (select parent_id from ${t.categories} where id = ${categoryId}))`,
  );
  return near?.kind ?? 'torneira';
}

/** Price, stock and finishes of products after their finishes changed: the price of the first finish in stock. */
export async function refreshTotals(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    update ${t.products} p set
      stock = agg.stock, finishes = agg.finishes,
      list_price = pick.list_price, price = pick.price,
      discount = case when pick.list_price > 0 then round((1 - pick.price / pick.list_price) * 100)::int else 0 end
    from
      (select product_id, coalesce(sum(stock), 0)::int as stock, array_agg(finish order by position) as finishes
         from ${t.variants} where product_id in (${list}) group by product_id) agg,
      (select distinct on (product_id) product_id, list_price, price
         from ${t.variants} where product_id in (${list}) order by product_id, (stock > 0) desc, position) pick
    where p.id = agg.product_id and p.id = pick.product_id`);
}

/** Name key and search vector (name, categories, finishes), and any new word for the search's typo lookups. */
export async function refreshSearch(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const [products, variants, categories] = await inOrder(
    db
      .select({ id: t.products.id, name: t.products.name, categoryId: t.products.categoryId })
      .from(t.products)
      .where(inArray(t.products.id, ids)),
    db
      .select({ productId: t.variants.productId, label: t.variants.finishLabel })
      .from(t.variants)
      .where(inArray(t.variants.productId, ids))
      .orderBy(t.variants.position),
    db
      .select({ id: t.categories.id, parentId: t.categories.parentId, name: t.categories.name })
      .from(t.categories),
  );
  const byId = new Map(categories.map((c) => [c.id, c]));
  const chain = (id: number): string[] => {
    const names: string[] = [];
    for (let c = byId.get(id); c; c = c.parentId === null ? undefined : byId.get(c.parentId))
      names.unshift(c.name);
    return names;
  };
  const words = new Set<string>();
  for (const p of products) {
    const labels = variants.filter((v) => v.productId === p.id).map((v) => v.label);
    const text = normalizeText(`${p.name} ${chain(p.categoryId).join(' ')} ${labels.join(' ')}`);
    for (const word of text.split(' ')) if (word.length > 2 && /[a-z]/.test(word)) words.add(word);
    await db
      .update(t.products)
      .set({ nameKey: normalizeText(p.name), searchVector: sql`to_tsvector('portuguese', ${text})` })
      .where(sql`${t.products.id} = ${p.id}`);
  }
  if (words.size > 0)
    await db
      .insert(t.searchTerms)
      .values([...words].map((word) => ({ word, frequency: 1 })))
      .onConflictDoNothing();
}
