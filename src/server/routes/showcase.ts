import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { currentPricePolicy } from '#/server/catalog/price-policy.ts';
import { homeShowcases, loadBanners, loadShowcase } from '#/server/content/showcases.ts';
import type { ShowcaseRequest } from '#/server/content/showcases.ts';

/** `GET showcase/banners/{hash}` and `GET showcase/products/{hash}` (curated, related, recently seen). */
export const showcase = new Hono<PlatformEnv>();

const SHOWCASE_MAX = 24;
const ID_MAX = 2 ** 31 - 1;
const smallInt = (value: string | undefined, name: string, fallback: number, max: number) => {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value))
    throw badRequest(`O parâmetro ${name} deve ser um número inteiro não negativo.`);
  return Math.min(Number(value), max);
};

showcase.get('/banners/:hash', async (c) => {
  const given = c.req.query('idNivel');
  const banners = await loadBanners(c.get('config').db, c.get('origin'), {
    hash: c.req.param('hash'),
    levelId: given === undefined ? undefined : smallInt(given, 'idNivel', 0, ID_MAX),
    limit: smallInt(c.req.query('limit'), 'limit', 20, 20),
  });
  return c.json({ banners });
});

/** The showcases the team puts on the home (`/painel/vitrines`), in their order. */
showcase.get('/home', async (c) => c.json({ vitrines: await homeShowcases(c.get('config').db) }));

showcase.get('/products/:hash', async (c) => {
  const hash = c.req.param('hash');
  const limit = smallInt(c.req.query('limit'), 'limit', 12, SHOWCASE_MAX);
  let request: ShowcaseRequest;
  if (hash === 'produto-detalhe-indicados') {
    const productId = smallInt(c.req.query('productId'), 'productId', 0, ID_MAX);
    if (!productId) throw badRequest('Informe o parâmetro productId.');
    request = { kind: 'related', productId, limit };
  } else if (hash === 'ultimos-vistos') {
    const seen = (c.req.query('seenProducts') ?? '').split(';').filter(Boolean);
    if (seen.length > 50 || seen.some((s) => !/^\d{1,9}$/.test(s)))
      throw badRequest('seenProducts deve ser uma lista de ids separados por ponto e vírgula (;).');
    const current = c.req.query('productId') ?? '';
    request = {
      kind: 'seen',
      seen: seen.map(Number),
      current: /^\d{1,9}$/.test(current) ? Number(current) : undefined,
      limit,
    };
  } else {
    request = { kind: 'curated', hash, limit };
  }
  return c.json(
    await loadShowcase(
      c.get('config').db,
      c.get('origin'),
      await currentPricePolicy(c.get('config')),
      request,
    ),
  );
});
