import { Hono } from 'hono';
import type { Context } from 'hono';
import { listingQuerySchema } from '#/contract/page.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { DEFAULT_LIMIT, parseFilters, parseOrder } from '#/server/catalog/listing.ts';
import { findLandingPage, listingPage } from '#/server/catalog/listing-page.ts';
import type { ListingControls } from '#/server/catalog/listing-page.ts';
import { plainText } from '#/server/catalog/page.ts';
import { parseStoreUrl, resolvePath } from '#/server/catalog/resolve.ts';
import { planSearch } from '#/server/catalog/search.ts';
import { searchTextSchema } from '#/contract/search.ts';
import { getTaxonomy } from '#/server/catalog/taxonomy.ts';
import { brandPath, landingPath } from '#/server/catalog/urls.ts';

/** `url/product/listing/{category|brand|landing-page|search}`: a listing page of the storefront. */
export const listing = new Hono<PlatformEnv>();

/**
 * The shopper's controls, read once: offset/limit/order from the call, else the storefront's
 * `pg`/`ipp`/`order` inside `url`; filters from both.
 */
function readControls(c: Context<PlatformEnv>, urlQuery: URLSearchParams): ListingControls {
  const raw = {
    offset: c.req.query('offset'),
    limit: c.req.query('limit') ?? urlQuery.get('ipp') ?? undefined,
    order: c.req.query('order'),
  };
  const parsed = listingQuerySchema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)),
  );
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? 'Parâmetros de listagem inválidos.');
  const limit = parsed.data.limit ?? DEFAULT_LIMIT;
  let offset = parsed.data.offset;
  if (offset === undefined) {
    const pg = urlQuery.get('pg');
    if (pg !== null && !/^\d{1,6}$/.test(pg))
      throw badRequest('O parâmetro pg deve ser um número de página.');
    offset = (Math.max(1, Number(pg ?? 1)) - 1) * limit;
  }
  const filters = parseFilters((key) => [...urlQuery.getAll(key), ...(c.req.queries(key) ?? [])]);
  // The call's own `order` must be one of ORDERS; a storefront URL's unknown order is the default order.
  const order =
    raw.order !== undefined
      ? parseOrder(parsed.data.order)
      : parseOrder(urlQuery.get('order') ?? undefined, { lenient: true });
  return { offset, limit, order, filters };
}

/** Resolve `url`, insist it is a page of the expected kind, and read the shopper's controls. */
async function resolveAs(c: Context<PlatformEnv>, nivel: string) {
  const { db } = c.get('config');
  const { path, query } = parseStoreUrl(c.req.query('url'));
  const taxonomy = await getTaxonomy(db);
  const resolved = await resolvePath(db, taxonomy, path);
  if (resolved?.nivel !== nivel || !('id' in resolved)) throw notFound();
  return { db, id: resolved.id, taxonomy, controls: readControls(c, query) };
}

listing.get('/category', async (c) => {
  const { db, id, taxonomy, controls } = await resolveAs(c, 'product/listing/category');
  const lineage = taxonomy.lineage(id);
  const cat = lineage.at(-1);
  if (!cat) throw notFound();
  const page = await listingPage(db, c.get('origin'), taxonomy, {
    nivel: 'product/listing/category',
    scope: { kind: 'category', id },
    basePath: cat.path,
    baseQuery: {},
    entity: {
      key: 'categoria',
      value: { id: cat.id, nome: cat.name, descricao: cat.description, descricaoLonga: cat.longDescription },
    },
    trail: lineage.map((l) => ({ label: l.name, path: l.path, name: 'product/listing/category' })),
    seo: {
      title: lineage
        .map((l) => l.name)
        .reverse()
        .join(' - '),
      description: cat.description,
    },
    controls,
  });
  return c.json(page);
});

listing.get('/brand', async (c) => {
  const { db, id, taxonomy, controls } = await resolveAs(c, 'product/listing/brand');
  const brand = taxonomy.brandById.get(id);
  if (!brand) throw notFound();
  const path = brandPath(brand.slug);
  const page = await listingPage(db, c.get('origin'), taxonomy, {
    nivel: 'product/listing/brand',
    scope: { kind: 'brand', id },
    basePath: path,
    baseQuery: {},
    entity: {
      key: 'marca',
      value: {
        id: brand.id,
        nome: brand.name,
        descricao: brand.description,
        descricaoLonga: brand.description,
      },
    },
    trail: [
      { label: 'Marcas', path: '/marcas' },
      { label: brand.name, path, name: 'product/listing/brand' },
    ],
    seo: { title: `${brand.name}: metais e acessórios`, description: brand.description },
    controls,
  });
  return c.json(page);
});

listing.get('/landing-page', async (c) => {
  const { db, id, taxonomy, controls } = await resolveAs(c, 'product/listing/landing-page');
  const lp = await findLandingPage(db, id);
  const path = landingPath(lp.slug);
  const page = await listingPage(db, c.get('origin'), taxonomy, {
    nivel: 'product/listing/landing-page',
    scope: { kind: 'landing', rule: lp.rule },
    basePath: path,
    baseQuery: {},
    entity: {
      key: 'landingPage',
      value: { id: lp.id, nome: lp.name, descricao: lp.description, descricaoLonga: lp.description },
    },
    trail: [{ label: lp.name, path, name: 'product/listing/landing-page' }],
    seo: { title: lp.name, description: plainText(lp.description) },
    controls,
  });
  return c.json(page);
});

listing.get('/search', async (c) => {
  const busca = searchTextSchema.safeParse(c.req.query('busca') ?? '');
  if (!busca.success) throw badRequest(busca.error.issues[0]?.message ?? 'Texto da busca inválido.');
  const text = busca.data;
  const { db } = c.get('config');
  const taxonomy = await getTaxonomy(db);
  const plan = await planSearch(db, text);
  const urlQuery = c.req.query('url') ? parseStoreUrl(c.req.query('url')).query : new URLSearchParams();
  const page = await listingPage(db, c.get('origin'), taxonomy, {
    nivel: 'product/listing/search',
    scope: { kind: 'search', tsquery: plan.tsquery },
    basePath: '/busca',
    baseQuery: { busca: text },
    trail: [
      {
        label: `Busca por "${text}"`,
        path: `/busca?busca=${encodeURIComponent(text)}`,
        name: 'product/listing/search',
      },
    ],
    seo: {
      title: text ? `Resultados para "${text}"` : 'Busca',
      description: `Resultados da busca por ${text} na nossa loja.`,
      indexar: false,
    },
    search: { texto: text, sugestao: plan.suggestions },
    controls: readControls(c, urlQuery),
  });
  return c.json(page);
});
