// One concern: what the team chooses products by: every brand, every category a product can be in (a leaf:
// a category with subcategories holds no product of its own), every finish the store sells.
import { asc } from 'drizzle-orm';
import type { CouponOptions } from '#/contract/coupon.ts';
import type { StaffProductOptions } from '#/contract/staff-products.ts';
import { inOrder } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

/** Brands by name, leaf categories by their lineage's names, finishes in the store's order (product filters, coupons, the editor). */
export async function catalogueChoices(db: Db): Promise<CouponOptions> {
  const [brands, all, finishes] = await inOrder(
    db
      .select({ id: t.brands.id, nome: t.brands.name, hidden: t.brands.hidden })
      .from(t.brands)
      .orderBy(asc(t.brands.name)),
    db
      .select({
        id: t.categories.id,
        parentId: t.categories.parentId,
        name: t.categories.name,
        path: t.categories.path,
        hidden: t.categories.hidden,
      })
      .from(t.categories),
    db.select().from(t.finishes).orderBy(asc(t.finishes.position), asc(t.finishes.slug)),
  );
  const byId = new Map(all.map((c) => [c.id, c]));
  const parents = new Set(all.map((c) => c.parentId).filter((id) => id !== null));
  const lineage = (id: number | null, seen = 0): string[] => {
    const c = id === null ? undefined : byId.get(id);
    return c && seen < 10 ? [...lineage(c.parentId, seen + 1), c.name] : [];
  };
  const categorias = all
    .filter((c) => !parents.has(c.id))
    .map((c) => ({
      id: c.id,
      caminho: c.path,
      nome: lineage(c.id).join(' › ') + (c.hidden ? ' (oculta)' : ''),
    }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  // A hidden one is still offered, said so: a product in it keeps it when its form is saved.
  return {
    marcas: brands.map((b) => ({ id: b.id, nome: b.hidden ? `${b.nome} (oculta)` : b.nome })),
    categorias,
    acabamentos: finishes.map((f) => ({ slug: f.slug, nome: f.hidden ? `${f.label} (oculto)` : f.label })),
  };
}

/** What the product form offers. */
export async function productOptions(db: Db): Promise<StaffProductOptions> {
  const { acabamentos, ...rest } = await catalogueChoices(db);
  return { ...rest, opcoesAcabamento: acabamentos };
}
