// One concern: brands and categories as the team keeps them: listed with how many products each holds,
// created (the address made from the name), renamed (the address stays), hidden and shown again.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Taxonomia } from '#/contract/staff-taxonomy.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { slugify } from '#/server/lib/text.ts';

/** Colours a new brand's drawn logo takes, in turn. */
const BRAND_COLOURS = ['#0b4f8a', '#7c2d12', '#14532d', '#4c1d95', '#831843', '#1f2937'];

type BrandRow = typeof t.brands.$inferSelect;
type CategoryRow = typeof t.categories.$inferSelect;

export async function listTaxonomy(db: Db): Promise<Taxonomia> {
  const [brands, categories, byBrand, byCategory, finishes, byFinish] = await Promise.all([
    db.select().from(t.brands).orderBy(asc(t.brands.name)),
    db
      .select()
      .from(t.categories)
      .orderBy(asc(t.categories.level), asc(t.categories.position), asc(t.categories.id)),
    db.select({ id: t.products.brandId, n: count() }).from(t.products).groupBy(t.products.brandId),
    db.select({ id: t.products.categoryId, n: count() }).from(t.products).groupBy(t.products.categoryId),
    db.select().from(t.finishes).orderBy(asc(t.finishes.position), asc(t.finishes.slug)),
    db.select({ slug: t.variants.finish, n: count() }).from(t.variants).groupBy(t.variants.finish),
  ]);
  const finishCount = new Map(byFinish.map((r) => [r.slug, r.n]));
  const brandCount = new Map(byBrand.map((r) => [r.id, r.n]));
  const categoryCount = new Map(byCategory.map((r) => [r.id, r.n]));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names = (c: CategoryRow | undefined, depth = 0): string[] =>
    c && depth < 10
      ? [...names(c.parentId === null ? undefined : byId.get(c.parentId), depth + 1), c.name]
      : [];
  const hiddenAbove = (c: CategoryRow, depth = 0): boolean => {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    return parent !== undefined && depth < 10 && (parent.hidden || hiddenAbove(parent, depth + 1));
  };
  // Tree order: each category right after its parent, siblings in the store's order.
  const ordered: CategoryRow[] = [];
  const visit = (parent: number | null) => {
    for (const c of categories.filter((x) => x.parentId === parent)) {
      ordered.push(c);
      visit(c.id);
    }
  };
  visit(null);
  return {
    acabamentos: finishes.map((f) => ({
      slug: f.slug,
      nome: f.label,
      cor: f.color,
      oculto: f.hidden,
      variacoes: finishCount.get(f.slug) ?? 0,
    })),
    marcas: brands.map((b) => ({
      id: b.id,
      nome: b.name,
      slug: b.slug,
      oculta: b.hidden,
      produtos: brandCount.get(b.id) ?? 0,
    })),
    categorias: ordered.map((c) => ({
      id: c.id,
      nome: c.name,
      nomeCompleto: names(c).join(' › '),
      caminho: c.path,
      pai: c.parentId,
      nivel: c.level,
      oculta: c.hidden,
      ocultaPorCima: hiddenAbove(c),
      produtos: categoryCount.get(c.id) ?? 0,
      temFilhas: categories.some((x) => x.parentId === c.id),
    })),
  };
}

/** `base`, or `base-2`, `base-3`… the first that `taken` does not hold. */
function free(base: string, taken: (candidate: string) => boolean): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${String(n)}`;
    if (!taken(candidate)) return candidate;
  }
}

const sameName = (a: string, b: string) => slugify(a) === slugify(b);

export async function createBrand(db: Db, nome: string): Promise<BrandRow> {
  const brands = await db.select().from(t.brands);
  if (brands.some((b) => sameName(b.name, nome)))
    throw new PlatformError(400, 'validation', 'Já existe uma marca com este nome.', {
      nome: 'Já existe uma marca com este nome.',
    });
  const slug = free(slugify(nome) || 'marca', (s) => brands.some((b) => b.slug === s));
  const [made] = await db
    .insert(t.brands)
    .values({ name: nome, slug, color: BRAND_COLOURS[brands.length % BRAND_COLOURS.length] ?? '#0b4f8a' })
    .returning();
  if (!made) throw new Error('brand insert returned nothing');
  return made;
}

export async function updateBrand(
  db: Db,
  id: number,
  change: { nome?: string | undefined; oculta?: boolean | undefined },
): Promise<{ before: BrandRow; after: BrandRow }> {
  const brands = await db.select().from(t.brands);
  const before = brands.find((b) => b.id === id);
  if (!before) throw notFound('Marca não encontrada.');
  if (change.nome !== undefined && brands.some((b) => b.id !== id && sameName(b.name, change.nome ?? '')))
    throw new PlatformError(400, 'validation', 'Já existe uma marca com este nome.', {
      nome: 'Já existe uma marca com este nome.',
    });
  const [after] = await db
    .update(t.brands)
    .set({
      ...(change.nome !== undefined && { name: change.nome }),
      ...(change.oculta !== undefined && { hidden: change.oculta }),
    })
    .where(eq(t.brands.id, id))
    .returning();
  if (!after) throw notFound('Marca não encontrada.');
  return { before, after };
}

export async function createCategory(
  db: Db,
  nome: string,
  parentId: number | undefined,
): Promise<CategoryRow> {
  const categories = await db.select().from(t.categories);
  const parent = parentId === undefined ? undefined : categories.find((c) => c.id === parentId);
  if (parentId !== undefined && !parent)
    throw new PlatformError(400, 'validation', 'Categoria de cima não encontrada.', {
      pai: 'Escolha uma categoria da lista.',
    });
  const siblings = categories.filter((c) => c.parentId === (parent?.id ?? null));
  if (siblings.some((c) => sameName(c.name, nome)))
    throw new PlatformError(400, 'validation', 'Já existe uma categoria com este nome aqui.', {
      nome: 'Já existe uma categoria com este nome aqui.',
    });
  if (parent) {
    // A category with subcategories holds no product of its own: its products would be left in between.
    const [held] = await db
      .select({ n: count() })
      .from(t.products)
      .where(eq(t.products.categoryId, parent.id));
    if ((held?.n ?? 0) > 0)
      throw new PlatformError(
        400,
        'validation',
        `"${parent.name}" tem ${String(held?.n)} produto(s): mova-os para outra categoria antes de criar subcategorias nela.`,
        { pai: 'Esta categoria tem produtos: mova-os antes de criar subcategorias.' },
      );
  }
  const prefix = parent?.path ?? '/';
  const slug = free(slugify(nome) || 'categoria', (s) => categories.some((c) => c.path === `${prefix}${s}/`));
  const [position] = await db
    .select({ n: sql<number>`coalesce(max(${t.categories.position}), 0)::int` })
    .from(t.categories)
    .where(parent ? eq(t.categories.parentId, parent.id) : sql`${t.categories.parentId} is null`);
  const [made] = await db
    .insert(t.categories)
    .values({
      parentId: parent?.id ?? null,
      name: nome,
      slug,
      path: `${prefix}${slug}/`,
      level: (parent?.level ?? 0) + 1,
      position: (position?.n ?? 0) + 1,
    })
    .returning();
  if (!made) throw new Error('category insert returned nothing');
  return made;
}

export async function updateCategory(
  db: Db,
  id: number,
  change: { nome?: string | undefined; oculta?: boolean | undefined },
): Promise<{ before: CategoryRow; after: CategoryRow }> {
  const categories = await db.select().from(t.categories);
  const before = categories.find((c) => c.id === id);
  if (!before) throw notFound('Categoria não encontrada.');
  if (
    change.nome !== undefined &&
    categories.some(
      (c) => c.id !== id && c.parentId === before.parentId && sameName(c.name, change.nome ?? ''),
    )
  )
    throw new PlatformError(400, 'validation', 'Já existe uma categoria com este nome aqui.', {
      nome: 'Já existe uma categoria com este nome aqui.',
    });
  const [after] = await db
    .update(t.categories)
    .set({
      ...(change.nome !== undefined && { name: change.nome }),
      ...(change.oculta !== undefined && { hidden: change.oculta }),
    })
    .where(eq(t.categories.id, id))
    .returning();
  if (!after) throw notFound('Categoria não encontrada.');
  return { before, after };
}

type FinishRow = typeof t.finishes.$inferSelect;

export async function createFinish(db: Db, nome: string, cor: string): Promise<FinishRow> {
  const finishes = await db.select().from(t.finishes);
  if (finishes.some((f) => sameName(f.label, nome)))
    throw new PlatformError(400, 'validation', 'Já existe um acabamento com este nome.', {
      nome: 'Já existe um acabamento com este nome.',
    });
  const slug = free(slugify(nome) || 'acabamento', (s) => finishes.some((f) => f.slug === s));
  const position = Math.max(0, ...finishes.map((f) => f.position)) + 1;
  const [made] = await db.insert(t.finishes).values({ slug, label: nome, color: cor, position }).returning();
  if (!made) throw new Error('finish insert returned nothing');
  return made;
}

/**
 * A finish renamed, recoloured, hidden or shown. A new name is written on the finishes that carry it too (the
 * product pages and the sheet show a finish by its name).
 */
export async function updateFinish(
  db: Db,
  slug: string,
  change: { nome?: string | undefined; cor?: string | undefined; oculto?: boolean | undefined },
): Promise<{ before: FinishRow; after: FinishRow }> {
  const finishes = await db.select().from(t.finishes);
  const before = finishes.find((f) => f.slug === slug);
  if (!before) throw notFound('Acabamento não encontrado.');
  if (
    change.nome !== undefined &&
    finishes.some((f) => f.slug !== slug && sameName(f.label, change.nome ?? ''))
  )
    throw new PlatformError(400, 'validation', 'Já existe um acabamento com este nome.', {
      nome: 'Já existe um acabamento com este nome.',
    });
  const [after] = await db
    .update(t.finishes)
    .set({
      ...(change.nome !== undefined && { label: change.nome }),
      ...(change.cor !== undefined && { color: change.cor }),
      ...(change.oculto !== undefined && { hidden: change.oculto }),
    })
    .where(eq(t.finishes.slug, slug))
    .returning();
  if (!after) throw notFound('Acabamento não encontrado.');
  if (change.nome !== undefined && change.nome !== before.label)
    await db.update(t.variants).set({ finishLabel: change.nome }).where(eq(t.variants.finish, slug));
  return { before, after };
}
