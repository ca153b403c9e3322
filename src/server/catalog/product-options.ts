// One concern: what the team chooses products by: every brand, every category a product can be in (a leaf:
// a category with subcategories holds no product of its own), every finish the store sells.
import { asc, sql } from 'drizzle-orm';
import type { CouponOptions } from '#/contract/coupon.ts';
import type { StaffProductOptions } from '#/contract/staff-products.ts';
import { inOrder } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { FINISHES } from '#/server/config/finishes.ts';

/** Brands by name, leaf categories by path, finishes in the store's order (product filters, coupons, the editor). */
export async function catalogueChoices(db: Db): Promise<CouponOptions> {
  const [marcas, categorias] = await inOrder(
    db.select({ id: t.brands.id, nome: t.brands.name }).from(t.brands).orderBy(asc(t.brands.name)),
    db
      .select({ id: t.categories.id, caminho: t.categories.path })
      .from(t.categories)
      .where(sql`not exists (select 1 from ${t.categories} c where c.parent_id = ${t.categories.id})`)
      .orderBy(asc(t.categories.path)),
  );
  return { marcas, categorias, acabamentos: FINISHES.map((f) => ({ slug: f.slug, nome: f.label })) };
}

/** What the product form offers. */
export async function productOptions(db: Db): Promise<StaffProductOptions> {
  const { acabamentos, ...rest } = await catalogueChoices(db);
  return { ...rest, opcoesAcabamento: acabamentos };
}
