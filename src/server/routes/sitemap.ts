import { asc, count, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { SITEMAP_KINDS } from '../../contract/sitemap.ts';
import type { SitemapKind } from '../../contract/sitemap.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { getTaxonomy } from '../catalog/taxonomy.ts';
import { brandPath, landingPath, listPath, pagePath, productPath } from '../catalog/urls.ts';

/** `GET sitemap` (counts by kind) and `GET sitemap/{tipo}?offset&limit` (absolute URLs), for sitemap.xml. */
export const sitemap = new Hono<PlatformEnv>();
const LIMIT_MAX = 50_000;

sitemap.get('/', async (c) => {
  const { db } = c.get('config');
  const taxonomy = await getTaxonomy(db);
  const [[products], [lps], [lists], [pages]] = await Promise.all([
    db.select({ n: count() }).from(t.products),
    db.select({ n: count() }).from(t.landingPages),
    db.select({ n: count() }).from(t.lists),
    db.select({ n: count() }).from(t.pages),
  ]);
  return c.json({
    tipos: [
      { tipo: 'produtos', total: products?.n ?? 0 },
      { tipo: 'categorias', total: taxonomy.categories.length + (lps?.n ?? 0) },
      { tipo: 'marcas', total: taxonomy.brands.length + 1 },
      { tipo: 'paginas', total: (pages?.n ?? 0) + (lists?.n ?? 0) + 2 },
    ],
  });
});

sitemap.get('/:tipo', async (c) => {
  const tipo = c.req.param('tipo') as SitemapKind;
  if (!SITEMAP_KINDS.includes(tipo)) throw notFound('Tipo de sitemap desconhecido.');
  const offsetText = c.req.query('offset') ?? '0';
  const limitText = c.req.query('limit') ?? String(LIMIT_MAX);
  if (!/^\d{1,9}$/.test(offsetText) || !/^\d{1,9}$/.test(limitText))
    throw badRequest('offset e limit devem ser números inteiros.');
  const offset = Number(offsetText);
  const limit = Math.min(Math.max(1, Number(limitText)), LIMIT_MAX);
  const { db } = c.get('config');
  const origin = c.get('origin');
  const taxonomy = await getTaxonomy(db);
  let paths: string[];
  let total: number;
  if (tipo === 'produtos') {
    const rows = await db
      .select({ slug: t.products.slug })
      .from(t.products)
      .orderBy(asc(t.products.id))
      .limit(limit)
      .offset(offset);
    const [n] = await db.select({ n: count() }).from(t.products);
    paths = rows.map((r) => productPath(r.slug));
    total = n?.n ?? 0;
  } else {
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
                  .orderBy(sql`id`)
              ).map((p) => pagePath(p.slug)),
              ...(
                await db
                  .select({ slug: t.lists.slug })
                  .from(t.lists)
                  .orderBy(sql`id`)
              ).map((l) => listPath(l.slug)),
            ];
    paths = all.slice(offset, offset + limit);
    total = all.length;
  }
  return c.json({ total, urls: paths.map((p) => ({ loc: `${origin}${p}` })) });
});
