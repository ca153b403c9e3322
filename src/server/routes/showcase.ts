import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Banner, Showcase } from '../../contract/store.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { bannerImage } from '../catalog/media-urls.ts';
import { loadProdutos, relatedProductIds } from '../catalog/products.ts';
import { getTaxonomy } from '../catalog/taxonomy.ts';

export const showcase = new Hono<PlatformEnv>();

const SHOWCASE_MAX = 24;
const smallInt = (value: string | undefined, name: string, fallback: number, max: number) => {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value))
    throw badRequest(`O parâmetro ${name} deve ser um número inteiro não negativo.`);
  return Math.min(Number(value), max);
};

showcase.get('/banners/:hash', async (c) => {
  const idNivel = smallInt(c.req.query('idNivel'), 'idNivel', 0, 2 ** 31 - 1);
  const limit = smallInt(c.req.query('limit'), 'limit', 20, 20);
  const hash = c.req.param('hash');
  const rows = await c
    .get('config')
    .db.select()
    .from(t.banners)
    .where(
      and(
        eq(t.banners.hash, hash),
        ...(c.req.query('idNivel') !== undefined ? [eq(t.banners.levelId, idNivel)] : []),
        // A promotion that has ended is gone with its banner.
        or(isNull(t.banners.endsAt), gt(t.banners.endsAt, new Date())),
      ),
    )
    .orderBy(t.banners.position)
    .limit(limit);
  const origin = c.get('origin');
  const link = (path: string) => (path.startsWith('/') ? origin + path : path);
  const banners: Banner[] = rows.map((b) => ({
    id: b.id,
    nome: b.name,
    titulo: b.title,
    target: '',
    ordem: b.position,
    fim: b.endsAt?.toISOString() ?? '',
    dimensoes: {
      desktop: {
        link: link(b.link),
        ...bannerImage(origin, b.id, 'desktop'),
        largura: b.desktopSize[0] ?? 0,
        altura: b.desktopSize[1] ?? 0,
      },
      mobile: {
        link: link(b.link),
        ...bannerImage(origin, b.id, 'mobile'),
        largura: b.mobileSize[0] ?? 0,
        altura: b.mobileSize[1] ?? 0,
      },
    },
  }));
  return c.json({ banners });
});

/** Showcases: curated ones by hash, plus the computed `produto-detalhe-indicados` and `ultimos-vistos`. */
showcase.get('/products/:hash', async (c) => {
  const hash = c.req.param('hash');
  const db = c.get('config').db;
  const limit = smallInt(c.req.query('limit'), 'limit', 12, SHOWCASE_MAX);
  let ids: number[];
  let vitrine: Showcase['vitrine'];
  if (hash === 'produto-detalhe-indicados') {
    const productId = smallInt(c.req.query('productId'), 'productId', 0, 2 ** 31 - 1);
    if (!productId) throw badRequest('Informe o parâmetro productId.');
    ids = await relatedProductIds(db, productId, limit);
    vitrine = { id: 0, nivel: 'produto', titulo: 'Você também pode gostar', tagTitulo: 'h2' };
  } else if (hash === 'ultimos-vistos') {
    const seen = (c.req.query('seenProducts') ?? '').split(';').filter(Boolean);
    if (seen.length > 50 || seen.some((s) => !/^\d{1,9}$/.test(s))) {
      throw badRequest('seenProducts deve ser uma lista de ids separados por ponto e vírgula (;).');
    }
    const current = c.req.query('productId');
    ids = [...new Set(seen.map(Number))].filter((id) => String(id) !== current).slice(0, limit);
    vitrine = { id: 0, nivel: 'produto', titulo: 'Vistos recentemente', tagTitulo: 'h2' };
  } else {
    const [row] = await db.select().from(t.showcases).where(eq(t.showcases.hash, hash));
    if (!row) throw notFound('Vitrine não encontrada.');
    ids = row.productIds.slice(0, limit);
    vitrine = { id: row.id, nivel: 'home', titulo: row.title, tagTitulo: row.tag };
  }
  const produtos = await loadProdutos(db, c.get('origin'), await getTaxonomy(db), ids);
  return c.json({ vitrine, produtos });
});
