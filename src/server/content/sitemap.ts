import { asc, count, eq, sql } from 'drizzle-orm';
import type { SitemapKind } from '#/contract/sitemap.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { brandPath, landingPath, listPath, pagePath, productPath } from '#/server/catalog/urls.ts';

/** How many URLs each kind of sitemap holds (sitemap.xml splits them into files). */
export async function sitemapCounts(db: Db): Promise<{ tipo: SitemapKind; total: number }[]> {
  const taxonomy = await getTaxonomy(db);
  const [[products], [lps], [lists], [pages]] = await Promise.all([
    db.select({ n: count() }).from(t.products).where(eq(t.products.active, true)),
    db.select({ n: count() }).from(t.landingPages),
    db.select({ n: count() }).from(t.lists),
    db.select({ n: count() }).from(t.pages).where(eq(t.pages.published, true)),
  ]);
  return [
    { tipo: 'produtos', total: products?.n ?? 0 },
    { tipo: 'categorias', total: taxonomy.categories.length + (lps?.n ?? 0) },
    { tipo: 'marcas', total: taxonomy.brands.length + 1 },
    { tipo: 'paginas', total: (pages?.n ?? 0) + (lists?.n ?? 0) + 2 },
  ];
}

/** One slice of a sitemap's paths (products page through the table; the rest are few). */
export async function sitemapPaths(
  db: Db,
  tipo: SitemapKind,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ total: number; paths: string[] }> {
  if (tipo === 'produtos') {
    const rows = await db
      .select({ slug: t.products.slug })
      .from(t.products)
      .where(eq(t.products.active, true))
      .orderBy(asc(t.products.id))
      .limit(limit)
      .offset(offset);
    const [n] = await db.select({ n: count() }).from(t.products).where(eq(t.products.active, true));
    return { total: n?.n ?? 0, paths: rows.map((r) => productPath(r.slug)) };
  }
  const taxonomy = await getTaxonomy(db);
  const all =
    tipo === 'categorias'
      ? [
          ...taxonomy.categories.map((cat) => cat.path),
          ...(await db.select({ slug: t.landingPages.slug }).from(t.landingPages)).map((l) =>
            landingPath(l.slug),
          ),
        ]
      : tipo === 'marcas'
        ? ['/marcas', ...taxonomy.brands.map((b) => brandPath(b.slug))]
        : [
            '/',
            '/lista',
            ...(
              await db
                .select({ slug: t.pages.slug })
                .from(t.pages)
                .where(eq(t.pages.published, true))
                .orderBy(sql`id`)
            ).map((p) => pagePath(p.slug)),
            ...(
              await db
                .select({ slug: t.lists.slug })
                .from(t.lists)
                .orderBy(sql`id`)
            ).map((l) => listPath(l.slug)),
          ];
  return { total: all.length, paths: all.slice(offset, offset + limit) };
}
