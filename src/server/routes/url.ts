import { Hono } from 'hono';
import type { Context } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound } from '#/server/errors.ts';
import { estrutura } from '#/server/catalog/page.ts';
import { loadListDetail, loadListIndex } from '#/server/catalog/lists.ts';
import { currentPricePolicy } from '#/server/catalog/price-policy.ts';
import { loadProductPage } from '#/server/catalog/product-page.ts';
import { parseStoreUrl, resolvePath } from '#/server/catalog/resolve.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { productPath } from '#/server/catalog/urls.ts';
import { loadInstitutionalPage } from '#/server/content/pages.ts';
import { loadSettings, settingsInForce } from '#/server/content/settings.ts';
import { offeredMethods } from '#/server/orders/payments.ts';
import { fillSettings } from '#/server/content/fill.ts';

/** `url/*`: the page a storefront URL shows (listings have their own router, routes/listing.ts). */
export const url = new Hono<PlatformEnv>();

async function resolve(c: Context<PlatformEnv>) {
  const { path, query } = parseStoreUrl(c.req.query('url'));
  const db = c.get('config').db;
  const taxonomy = await getTaxonomy(db);
  return { resolved: await resolvePath(db, taxonomy, path), query, taxonomy, db };
}

url.get('/verify', async (c) => {
  const { resolved } = await resolve(c);
  if (!resolved) throw notFound();
  const moved = resolved.nivel === 'product/detail' && resolved.moved;
  return c.json({ nivel: resolved.nivel, ...(moved && { destino: productPath(resolved.slug) }) });
});

url.get('/home', async (c) => {
  const db = c.get('config').db;
  const settings = await loadSettings(db);
  const { nomeLoja, seo } = settings;
  return c.json({
    estrutura: await estrutura(
      db,
      c.get('origin'),
      'home',
      {
        // The store's name first on its home page, then what it sells (the settings' SEO title).
        title: seo.title.includes(nomeLoja) ? seo.title : `${nomeLoja} | ${seo.title}`,
        description: fillSettings(seo.description, settings),
        canonical: '/',
      },
      [],
      settings,
    ),
    conteudo: { nome: nomeLoja },
  });
});

url.get('/page', async (c) => {
  const { resolved, db } = await resolve(c);
  if (resolved?.nivel !== 'page') throw notFound();
  // A page may list the payment methods the checkout offers now ({formas-de-pagamento}, content/fill.ts).
  const config = c.get('config');
  const settings = await settingsInForce(db, config);
  const methods = offeredMethods(settings, config.paymentProvider, config.pix !== undefined);
  return c.json(await loadInstitutionalPage(db, c.get('origin'), resolved.id, settings, { methods }));
});

url.get('/product/detail', async (c) => {
  const { resolved, query, taxonomy, db } = await resolve(c);
  if (resolved?.nivel !== 'product/detail') throw notFound();
  const sku = c.req.query('sku') ?? query.get('sku') ?? undefined;
  const policy = await currentPricePolicy(c.get('config'));
  const page = await loadProductPage(db, c.get('origin'), taxonomy, policy, resolved.slug, sku);
  if (!page) throw notFound();
  return c.json(page);
});

url.get('/list/listing', async (c) => {
  const { resolved, db } = await resolve(c);
  if (resolved?.nivel !== 'list/listing') throw notFound();
  return c.json(await loadListIndex(db, c.get('origin')));
});

url.get('/list/detail', async (c) => {
  const { resolved, taxonomy, db } = await resolve(c);
  if (resolved?.nivel !== 'list/detail') throw notFound();
  return c.json(
    await loadListDetail(
      db,
      c.get('origin'),
      taxonomy,
      await currentPricePolicy(c.get('config')),
      resolved.id,
    ),
  );
});
