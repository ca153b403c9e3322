import { Hono } from 'hono';
import { SITEMAP_KINDS } from '#/contract/sitemap.ts';
import type { SitemapKind } from '#/contract/sitemap.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { sitemapCounts, sitemapPaths } from '#/server/content/sitemap.ts';

/** `GET sitemap` (counts by kind) and `GET sitemap/{tipo}?offset&limit` (absolute URLs), for sitemap.xml. */
export const sitemap = new Hono<PlatformEnv>();
const LIMIT_MAX = 50_000;

sitemap.get('/', async (c) => c.json({ tipos: await sitemapCounts(c.get('config').db) }));

sitemap.get('/:tipo', async (c) => {
  const tipo = c.req.param('tipo') as SitemapKind;
  if (!SITEMAP_KINDS.includes(tipo)) throw notFound('Tipo de sitemap desconhecido.');
  const offsetText = c.req.query('offset') ?? '0';
  const limitText = c.req.query('limit') ?? String(LIMIT_MAX);
  if (!/^\d{1,9}$/.test(offsetText) || !/^\d{1,9}$/.test(limitText))
    throw badRequest('offset e limit devem ser números inteiros.');
  const { total, paths } = await sitemapPaths(c.get('config').db, tipo, {
    offset: Number(offsetText),
    limit: Math.min(Math.max(1, Number(limitText)), LIMIT_MAX),
  });
  const origin = c.get('origin');
  return c.json({ total, urls: paths.map((p) => ({ loc: `${origin}${p}` })) });
});
