import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { showcaseSchema } from '#/contract/store.ts';
import * as t from '#/server/db/schema.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * The home's showcases follow the catalogue as it is now (they were lists frozen when the store was seeded):
 * "Mais vendidos" by units sold, "Ofertas imperdíveis" by discount, "Lançamentos" by launch; only products
 * on sale and in stock.
 */
let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(40);
});
afterAll(() => store.stop());

const read = async (hash: string) =>
  (await store.getJson(`/v2/front/showcase/products/${hash}`, showcaseSchema)).produtos;
const product = async (where = sql`true`) => {
  const [row] = await store.database.db
    .select({ id: t.products.id })
    .from(t.products)
    .where(sql`${t.products.active} and ${t.products.stock} > 0 and ${where}`)
    .orderBy(t.products.sales)
    .limit(1);
  if (!row) throw new Error('no product');
  return row.id;
};
const set = (id: number, values: Partial<typeof t.products.$inferInsert>) =>
  store.database.db.update(t.products).set(values).where(eq(t.products.id, id));

describe('live showcases', () => {
  test('a product launched now leads "Lançamentos"; the best seller leads "Mais vendidos"', async () => {
    const newest = await product();
    await set(newest, { createdAt: new Date(Date.now() + 60_000) });
    expect((await read('vitrine-lancamentos'))[0]?.id).toBe(newest);

    const seller = await product(sql`${t.products.id} <> ${newest}`);
    expect((await read('vitrine-mais-vendidos')).map((p) => p.id)).not.toContain(seller);
    await set(seller, { sales: 1_000_000 });
    expect((await read('vitrine-mais-vendidos'))[0]?.id).toBe(seller);
  });

  test('a product sold out or switched off leaves them; an offer needs a discount', async () => {
    const top = (await read('vitrine-mais-vendidos'))[0]?.id ?? 0;
    await set(top, { stock: 0 });
    expect((await read('vitrine-mais-vendidos')).map((p) => p.id)).not.toContain(top);
    await set(top, { stock: 5, active: false });
    expect((await read('vitrine-mais-vendidos')).map((p) => p.id)).not.toContain(top);
    await set(top, { active: true });
    expect((await read('vitrine-mais-vendidos'))[0]?.id).toBe(top);

    const offers = await read('vitrine-ofertas');
    expect(offers.length).toBeGreaterThan(0);
    const best = offers[0]?.id ?? 0;
    await set(best, { discount: 0 });
    expect((await read('vitrine-ofertas')).map((p) => p.id)).not.toContain(best);
    for (const p of await read('vitrine-mais-vendidos')) expect(p.status).toBe('disponivel');
  });
});
