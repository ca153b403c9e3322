import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { applyPlan, loadCatalogueState } from '#/server/catalog/sheet/apply.ts';
import { planSheet } from '#/server/catalog/sheet/plan.ts';
import * as t from '#/server/db/schema.ts';
import { startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * A sheet applied while the store sells: the stock a row sets is a change against what the plan read, written
 * in the batch's transaction, so a sale made between the read and the write is never written over.
 */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(10);
});
afterAll(() => store.stop());

const stockOf = async (id: number) =>
  (await store.database.db.select({ s: t.variants.stock }).from(t.variants).where(eq(t.variants.id, id)))[0]
    ?.s;

test('a sale between the plan and the write stays taken; a count the sheet leaves as it was is not written', async () => {
  const db = store.database.db;
  const rows = await db
    .select({ id: t.variants.id, sku: t.variants.sku, stock: t.variants.stock })
    .from(t.variants)
    .where(gt(t.variants.stock, 5))
    .orderBy(t.variants.id)
    .limit(3);
  const [a, b, c] = rows;
  if (!a || !b || !c) throw new Error('no variants');
  // The team's sheet: a counted 20 more of `a`, b's count to 0, c as it was.
  const plan = planSheet(
    [
      { line: 2, cells: { sku: a.sku, estoque: a.stock + 20 } },
      { line: 3, cells: { sku: b.sku, estoque: 0 } },
      { line: 4, cells: { sku: c.sku, estoque: c.stock } },
    ],
    await loadCatalogueState(db),
  );
  // Meanwhile, shoppers buy 2 of a, 1 of b and 3 of c.
  await db
    .update(t.variants)
    .set({ stock: a.stock - 2 })
    .where(eq(t.variants.id, a.id));
  await db
    .update(t.variants)
    .set({ stock: b.stock - 1 })
    .where(eq(t.variants.id, b.id));
  await db
    .update(t.variants)
    .set({ stock: c.stock - 3 })
    .where(eq(t.variants.id, c.id));
  await applyPlan(db, plan, 'token');
  expect(await stockOf(a.id)).toBe(a.stock + 20 - 2);
  // Never below zero: the sheet emptied it, the sale had taken one of those.
  expect(await stockOf(b.id)).toBe(0);
  expect(await stockOf(c.id)).toBe(c.stock - 3);
});
