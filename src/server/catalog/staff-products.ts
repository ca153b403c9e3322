// One concern: the catalogue as the store's team looks through it: products by name or SKU, brand, category, stock.
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { PRODUCTS_PER_PAGE } from '#/contract/staff-products.ts';
import type { StaffProductList, StaffProductQuery } from '#/contract/staff-products.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { likeLiteral } from '#/server/lib/text.ts';
import { catalogueChoices } from './product-options.ts';
import { productPath } from './urls.ts';

const ORDER_BY = {
  recentes: [desc(t.products.createdAt), desc(t.products.id)],
  nome: [sql`${t.products.nameKey} COLLATE "C"`, asc(t.products.id)],
  'menor-estoque': [asc(t.products.stock), asc(t.products.id)],
  'mais-vendidos': [desc(t.products.sales), asc(t.products.id)],
} as const;

/** The products that match, a page at a time, with what the filters can offer. */
export async function listStaffProducts(db: Db, query: StaffProductQuery): Promise<StaffProductList> {
  const where: SQL[] = [];
  if (query.q) {
    // Products whose name or one of whose SKUs holds the text, found once for the page and its count.
    const text = `%${likeLiteral(query.q)}%`;
    const byName = db.select({ id: t.products.id }).from(t.products).where(ilike(t.products.name, text));
    const bySku = db.select({ id: t.variants.productId }).from(t.variants).where(ilike(t.variants.sku, text));
    const ids = (await union(byName, bySku)).map((r) => r.id);
    // One array parameter, however many match (thousands for a word like "torneira").
    where.push(sql`${t.products.id} = any(${sql.param(ids)}::int[])`);
  }
  if (query.marca) where.push(eq(t.products.brandId, query.marca));
  if (query.categoria) where.push(eq(t.products.categoryId, query.categoria));
  if (query.esgotados) where.push(eq(t.products.stock, 0));
  if (query.situacao) where.push(eq(t.products.active, query.situacao === 'ativos'));
  const filter = and(...where);
  const [rows, [total], choices] = await Promise.all([
    db
      .select({
        id: t.products.id,
        name: t.products.name,
        slug: t.products.slug,
        brand: t.brands.name,
        category: t.categories.path,
        price: t.products.price,
        listPrice: t.products.listPrice,
        stock: t.products.stock,
        active: t.products.active,
        skus: sql<
          string[]
        >`(select coalesce(array_agg(${t.variants.sku} order by ${t.variants.position}), '{}') from ${t.variants} where ${t.variants.productId} = ${t.products.id})`,
      })
      .from(t.products)
      .innerJoin(t.brands, eq(t.brands.id, t.products.brandId))
      .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
      .where(filter)
      .orderBy(...ORDER_BY[query.ordem])
      .offset((query.pagina - 1) * PRODUCTS_PER_PAGE)
      .limit(PRODUCTS_PER_PAGE),
    db.select({ n: count() }).from(t.products).where(filter),
    catalogueChoices(db),
  ]);
  const n = total?.n ?? 0;
  return {
    itens: rows.map((r) => ({
      id: r.id,
      nome: r.name,
      caminho: productPath(r.slug),
      marca: r.brand,
      categoria: r.category,
      preco: r.price,
      precoDe: r.listPrice,
      estoque: r.stock,
      ativo: r.active,
      acabamentos: r.skus.length,
      skus: r.skus,
    })),
    total: n,
    pagina: query.pagina,
    paginas: Math.max(1, Math.ceil(n / PRODUCTS_PER_PAGE)),
    marcas: choices.marcas,
    categorias: choices.categorias,
  };
}
