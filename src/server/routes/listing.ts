import { Hono } from 'hono';
import type { Context } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { listingQuerySchema, OFFSET_MAX, pageNumber, pageSize, storefrontOrder } from '#/contract/listing.ts';
import type { ListingQuery } from '#/contract/listing.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { parseFilters } from '#/server/catalog/listing.ts';
import { currentPricePolicy } from '#/server/catalog/price-policy.ts';
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

/** The call's own offset, limit and order, checked by the contract's listing query (a 400 names the problem). */
const callControls = zValidator('query', listingQuerySchema, (result) => {
  if (!result.success)
    throw badRequest(result.error.issues[0]?.message ?? 'Parâmetros de listagem inválidos.');
});

/**
 * The shopper's controls, read once: offset/limit/order from the call, else the storefront's `pg`/`ipp`/
 * `order` inside `url`, read as the storefront reads them (contract/listing.ts); filters from both. A `pg`
 * that is not a page number is a 400 here: the storefront never sends one (it sends the offset).
 */
function readControls(
  c: Context<PlatformEnv>,
  call: ListingQuery,
  urlQuery: URLSearchParams,
): ListingControls {
  const limit = call.limit ?? pageSize(urlQuery.get('ipp'));
  let offset = call.offset;
  if (offset === undefined) {
    const page = pageNumber(urlQuery.get('pg'));
    if (page === undefined) throw badRequest('O parâmetro pg deve ser um número de página.');
    offset = (page - 1) * limit;
    if (offset > OFFSET_MAX) throw notFound();
  }
  const filters = parseFilters((key) => [...urlQuery.getAll(key), ...(c.req.queries(key) ?? [])]);
  const order = call.order ?? storefrontOrder(urlQuery.get('order'));
  return { offset, limit, order, filters };
}

/** Resolve `url`, insist it is a page of the expected kind, and read the shopper's controls. */
async function resolveAs(c: Context<PlatformEnv>, call: ListingQuery, nivel: string) {
  const { db } = c.get('config');
  const { path, query } = parseStoreUrl(c.req.query('url'));
  const taxonomy = await getTaxonomy(db);
  const resolved = await resolvePath(db, taxonomy, path);
  if (resolved?.nivel !== nivel || !('id' in resolved)) throw notFound();
  return { db, id: resolved.id, taxonomy, controls: readControls(c, call, query) };
}

listing.get('/category', callControls, async (c) => {
  const { db, id, taxonomy, controls } = await resolveAs(c, c.req.valid('query'), 'product/listing/category');
  const lineage = taxonomy.lineage(id);
  const cat = lineage.at(-1);
  if (!cat) throw notFound();
  const page = await listingPage(db, c.get('origin'), taxonomy, await currentPricePolicy(c.get('config')), {
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

listing.get('/brand', callControls, async (c) => {
  const { db, id, taxonomy, controls } = await resolveAs(c, c.req.valid('query'), 'product/listing/brand');
  const brand = taxonomy.brandById.get(id);
  if (!brand) throw notFound();
  const path = brandPath(brand.slug);
  const page = await listingPage(db, c.get('origin'), taxonomy, await currentPricePolicy(c.get('config')), {
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

listing.get('/landing-page', callControls, async (c) => {
  const { db, id, taxonomy, controls } = await resolveAs(
    c,
    c.req.valid('query'),
    'product/listing/landing-page',
  );
  const lp = await findLandingPage(db, id);
  const path = landingPath(lp.slug);
  const page = await listingPage(db, c.get('origin'), taxonomy, await currentPricePolicy(c.get('config')), {
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

listing.get('/search', callControls, async (c) => {
  const busca = searchTextSchema.safeParse(c.req.query('busca') ?? '');
  if (!busca.success) throw badRequest(busca.error.issues[0]?.message ?? 'Texto da busca inválido.');
  const text = busca.data;
  // The results' title, as the page's heading and (with the page and the store's name) its <title>.
  const title = text ? `Resultados para "${text}"` : 'Busca';
  const { db } = c.get('config');
  const taxonomy = await getTaxonomy(db);
  const plan = await planSearch(db, text);
  const urlQuery = c.req.query('url') ? parseStoreUrl(c.req.query('url')).query : new URLSearchParams();
  const page = await listingPage(db, c.get('origin'), taxonomy, await currentPricePolicy(c.get('config')), {
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
      title,
      description: `Resultados da busca por ${text} na nossa loja.`,
      indexar: false,
    },
    search: { texto: text, sugestao: plan.suggestions, titulo: title },
    controls: readControls(c, c.req.valid('query'), urlQuery),
  });
  return c.json(page);
});
