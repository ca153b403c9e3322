import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { feedItems } from '#/server/catalog/feed.ts';
import { currentPricePolicy } from '#/server/catalog/price-policy.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { loadSettings } from '#/server/content/settings.ts';

/** `GET feed` (our extension): every finish on sale, for the shopping feeds (`/feeds/google.xml`). */
export const feed = new Hono<PlatformEnv>();

feed.get('/', async (c) => {
  const config = c.get('config');
  const origin = c.get('origin');
  const [settings, taxonomy, policy] = await Promise.all([
    loadSettings(config.db),
    getTaxonomy(config.db),
    currentPricePolicy(config),
  ]);
  return c.json({
    loja: { nome: settings.nomeLoja, url: origin, descricao: settings.seo.description },
    itens: await feedItems(config.db, origin, taxonomy, policy),
  });
});
