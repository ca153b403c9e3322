import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { feedSchema } from '#/contract/feed.ts';
import * as t from '#/server/db/schema.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** The shopping feed's data: every finish of every product on sale, and nothing of one switched off. */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(10);
});
afterAll(() => store.stop());

const feed = () => store.getJson('/v2/front/feed', feedSchema);

test('one item per finish on sale, as the catalogue has them; a product switched off leaves', async () => {
  const variants = await store.database.db
    .select({
      sku: t.variants.sku,
      productId: t.variants.productId,
      stock: t.variants.stock,
      price: t.variants.price,
    })
    .from(t.variants);
  const { itens, loja } = await feed();
  expect(loja.nome).toBe('Casa & Metais');
  expect(itens.map((i) => i.id).sort()).toEqual(variants.map((v) => v.sku).sort());
  for (const i of itens) {
    const v = variants.find((x) => x.sku === i.id);
    expect(i.disponivel).toBe((v?.stock ?? 0) > 0);
    expect(i.precoPromocional ?? i.preco).toBe(v?.price);
    expect(i.link).toMatch(new RegExp(`\\.html\\?sku=${encodeURIComponent(i.id)}$`));
    // Without a provider that takes cards the store offers no installments, and the feed promises none.
    expect(i.parcelas).toBeNull();
  }
  const off = variants[0]?.productId ?? 0;
  await store.database.db.update(t.products).set({ active: false }).where(eq(t.products.id, off));
  expect((await feed()).itens.some((i) => i.grupo === String(off))).toBe(false);
});
