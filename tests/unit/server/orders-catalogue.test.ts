import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import * as t from '#/server/db/schema.ts';
import {
  buyer as buyerOf,
  moveOrder,
  pickVariants,
  placeAs as placeOrder,
  productSales,
  setVariantStock,
  variantStock,
} from './buyers.ts';
import type { Variant } from './buyers.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * What an order does to the catalogue: the product's own stock and price (which listings sort and filter by)
 * follow its finishes, and "Mais vendidos" counts the units of paid orders.
 */
let store: TestPlatform;
let variant: Variant;

beforeAll(async () => {
  store = await startPlatform();
  [variant] = (await pickVariants(store, 1)) as [Variant];
});
afterAll(() => store.stop());

const setStock = (id: number, stock: number) => setVariantStock(store, id, stock);
const stockOf = (id: number) => variantStock(store, id);
const buyer = (lines: { v: Variant; quantidade: number }[]) => buyerOf(store, lines);
const placeAs = (b: { session: string; conferencia: string }) => placeOrder(store, b);
const placed = async () => {
  const b = await buyer([{ v: variant, quantidade: 2 }]);
  const res = await placeAs(b);
  return { ...b, pedido: pedidoAnswerSchema.parse(await res.json()).pedido };
};
const staff = (numero: number, situacao: string) => moveOrder(store, numero, situacao);

describe('an order and the catalogue', () => {
  test('"Mais vendidos" counts what was sold: a paid order adds its units, its cancellation takes them back, an unpaid one counts nothing', async () => {
    const salesOf = () => productSales(store, variant.product);
    const start = await salesOf();
    const { pedido } = await placed();
    expect(await salesOf()).toBe(start);
    expect((await staff(pedido.numero, 'pago')).status).toBe(200);
    expect(await salesOf()).toBe(start + 2);
    expect((await staff(pedido.numero, 'cancelado')).status).toBe(200);
    expect(await salesOf()).toBe(start);
    const unpaid = await placed();
    expect((await staff(unpaid.pedido.numero, 'cancelado')).status).toBe(200);
    expect(await salesOf()).toBe(start);
  });

  test("a product's own stock and price follow its finishes through a sale and a cancellation", async () => {
    const productOf = async () =>
      (
        await store.database.db
          .select({ stock: t.products.stock, price: t.products.price })
          .from(t.products)
          .where(eq(t.products.id, variant.product))
      )[0];
    // What the finishes say: their total, and the price of the first one in stock.
    const finishes = async () => {
      const rows = await store.database.db
        .select({ stock: t.variants.stock, price: t.variants.price })
        .from(t.variants)
        .where(eq(t.variants.productId, variant.product))
        .orderBy(sql`${t.variants.stock} > 0 desc`, t.variants.position);
      return { stock: rows.reduce((n, v) => n + v.stock, 0), price: rows[0]?.price };
    };
    const saved = await stockOf(variant.id);
    expect(await productOf()).toEqual(await finishes());
    // The order takes every unit but one of the finish, then the last one: listings sort and filter by the
    // product's own row, which follows.
    await setStock(variant.id, 3);
    const { pedido } = await placed();
    expect(await productOf()).toEqual(await finishes());
    const last = await buyer([{ v: variant, quantidade: 1 }]);
    expect((await placeAs(last)).status).toBe(201);
    expect(await stockOf(variant.id)).toBe(0);
    expect(await productOf()).toEqual(await finishes());
    expect((await staff(pedido.numero, 'cancelado')).status).toBe(200);
    expect(await stockOf(variant.id)).toBe(2);
    expect(await productOf()).toEqual(await finishes());
    await setStock(variant.id, saved);
  });
});
