// One concern: what a product form offers (brands, the categories a product can be in, finishes).
import { asc, sql } from 'drizzle-orm';
import type { StaffProductOptions } from '#/contract/staff-products.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { FINISHES } from '#/server/config/finishes.ts';

/** Every brand, every category a product can be in (a leaf), and every finish: what the form offers. */
export async function productOptions(db: Db): Promise<StaffProductOptions> {
  const [marcas, categorias] = await Promise.all([
    db.select({ id: t.brands.id, nome: t.brands.name }).from(t.brands).orderBy(asc(t.brands.name)),
    db
      .select({ id: t.categories.id, caminho: t.categories.path })
      .from(t.categories)
      .where(sql`not exists (select 1 from ${t.categories} c where c.parent_id = ${t.categories.id})`)
      .orderBy(asc(t.categories.path)),
  ]);
  return { marcas, categorias, opcoesAcabamento: FINISHES.map((f) => ({ slug: f.slug, nome: f.label })) };
}
