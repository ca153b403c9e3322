import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ListingPage } from '../../contract/page.ts';
import { listingQuerySchema } from '../../contract/page.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { DEFAULT_LIMIT, parseFilters, parseOrder, runListing } from '../catalog/listing.ts';
import type { Scope } from '../catalog/listing.ts';
import { estrutura, plainText } from '../catalog/page.ts';
import { parseStoreUrl, resolvePath } from '../catalog/resolve.ts';
import { clampSearchText, planSearch } from '../catalog/search.ts';
import { getTaxonomy } from '../catalog/taxonomy.ts';
import type { Taxonomy } from '../catalog/taxonomy.ts';
import { brandPath, landingPath } from '../catalog/urls.ts';

export const listing = new Hono<PlatformEnv>();

type Entity = { id: number; nome: string; descricao: string; descricaoLonga: string };

/** offset/limit/order from the call, falling back to the storefront's `pg`/`ipp`/`order` inside `url`. */
function paging(c: Context<PlatformEnv>, urlQuery: URLSearchParams) {
  const raw = {
    offset: c.req.query('offset'),
    limit: c.req.query('limit') ?? urlQuery.get('ipp') ?? undefined,
    order: c.req.query('order') ?? urlQuery.get('order') ?? undefined,
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
  return { offset, limit, order: parseOrder(parsed.data.order) };
}

/** Filter values from both the call's query and the storefront query inside `url`. */
function filters(c: Context<PlatformEnv>, urlQuery: URLSearchParams) {
  return parseFilters((key) => [...urlQuery.getAll(key), ...(c.req.queries(key) ?? [])]);
}

async function respond(
  c: Context<PlatformEnv>,
  taxonomy: Taxonomy,
  nivel: ListingPage['estrutura']['nivel'],
  scope: Scope,
  basePath: string,
  baseQuery: Record<string, string>,
  urlQuery: URLSearchParams,
  entity: { key: 'categoria' | 'marca' | 'landingPage'; value: Entity } | undefined,
  trail: { label: string; path: string; name?: string }[],
  seo: { title: string; description: string; indexar?: boolean },
) {
  const { offset, limit, order } = paging(c, urlQuery);
  const f = filters(c, urlQuery);
  const origin = c.get('origin');
  const result = await runListing(c.get('config').db, taxonomy, {
    scope,
    filters: f,
    order,
    offset,
    limit,
    basePath,
    baseQuery,
    origin,
  });
  const filtered = Object.values(f).some((v) => v.length > 0);
  const page = Math.floor(offset / limit) + 1;
  const body: ListingPage = {
    estrutura: estrutura(
      origin,
      nivel,
      {
        ...seo,
        title: page > 1 ? `${seo.title} - Página ${page}` : seo.title,
        canonical: basePath + (page > 1 ? `?pg=${page}` : ''),
        // Filtered, re-ordered and search pages are not indexed; plain pagination is.
        indexar: (seo.indexar ?? true) && !filtered && order === 'Mais Vendidos',
      },
      trail,
    ),
    conteudo: {
      produtos: result.produtos,
      busca: { texto: '', sugestao: [] },
      layoutPersonalizado: { layout: '', codigoCss: '' },
      ...(entity ? { [entity.key]: entity.value } : {}),
      detalhes: { ...result.detalhes, categorias: categoryTree(taxonomy, scope, origin) },
    },
    info: result.info,
  };
  return body;
}

function categoryTree(taxonomy: Taxonomy, scope: Scope, origin: string) {
  const link = (id: number) => {
    const cat = taxonomy.categoryById.get(id);
    return cat
      ? [
          {
            id: cat.id,
            nome: cat.name,
            rota: {
              name: 'product/listing/category',
              route: cat.path,
              path: cat.path,
              params: {},
              query: {},
            },
            url: origin + cat.path,
          },
        ]
      : [];
  };
  if (scope.kind !== 'category') {
    return {
      niveisAnteriores: [],
      atual: [],
      irmas: [],
      filhas: taxonomy.categories.filter((c) => c.level === 1).flatMap((c) => link(c.id)),
    };
  }
  const lineage = taxonomy.lineage(scope.id);
  const current = lineage.at(-1);
  return {
    niveisAnteriores: lineage.slice(0, -1).flatMap((c) => link(c.id)),
    atual: link(scope.id),
    irmas: taxonomy.categories
      .filter((c) => c.parentId === (current?.parentId ?? null) && c.id !== scope.id)
      .flatMap((c) => link(c.id)),
    filhas: taxonomy.categories.filter((c) => c.parentId === scope.id).flatMap((c) => link(c.id)),
  };
}

/** Resolve `url` and insist it is a page of the expected kind. */
async function resolveAs(c: Context<PlatformEnv>, nivel: string) {
  const { path, query } = parseStoreUrl(c.req.query('url'));
  const taxonomy = await getTaxonomy(c.get('config').db);
  const resolved = await resolvePath(c.get('config').db, taxonomy, path);
  if (resolved?.nivel !== nivel || !('id' in resolved)) throw notFound();
  return { id: resolved.id, query, taxonomy };
}

listing.get('/category', async (c) => {
  const { id, query, taxonomy } = await resolveAs(c, 'product/listing/category');
  const lineage = taxonomy.lineage(id);
  const cat = lineage.at(-1);
  if (!cat) throw notFound();
  const entity = {
    id: cat.id,
    nome: cat.name,
    descricao: cat.description,
    descricaoLonga: cat.longDescription,
  };
  const trail = lineage.map((l) => ({ label: l.name, path: l.path, name: 'product/listing/category' }));
  return c.json(
    await respond(
      c,
      taxonomy,
      'product/listing/category',
      { kind: 'category', id },
      cat.path,
      {},
      query,
      { key: 'categoria', value: entity },
      trail,
      {
        title: lineage
          .map((l) => l.name)
          .reverse()
          .join(' - '),
        description: cat.description,
      },
    ),
  );
});

listing.get('/brand', async (c) => {
  const { id, query, taxonomy } = await resolveAs(c, 'product/listing/brand');
  const brand = taxonomy.brandById.get(id);
  if (!brand) throw notFound();
  const path = brandPath(brand.slug);
  const entity = {
    id: brand.id,
    nome: brand.name,
    descricao: brand.description,
    descricaoLonga: brand.description,
  };
  return c.json(
    await respond(
      c,
      taxonomy,
      'product/listing/brand',
      { kind: 'brand', id },
      path,
      {},
      query,
      { key: 'marca', value: entity },
      [
        { label: 'Marcas', path: '/marcas' },
        { label: brand.name, path, name: 'product/listing/brand' },
      ],
      { title: `${brand.name}: metais e acessórios`, description: brand.description },
    ),
  );
});

listing.get('/landing-page', async (c) => {
  const { id, query, taxonomy } = await resolveAs(c, 'product/listing/landing-page');
  const [lp] = await c.get('config').db.select().from(t.landingPages).where(eq(t.landingPages.id, id));
  if (!lp) throw notFound();
  const path = landingPath(lp.slug);
  const entity = { id: lp.id, nome: lp.name, descricao: lp.description, descricaoLonga: lp.description };
  return c.json(
    await respond(
      c,
      taxonomy,
      'product/listing/landing-page',
      { kind: 'landing', rule: lp.rule },
      path,
      {},
      query,
      { key: 'landingPage', value: entity },
      [{ label: lp.name, path, name: 'product/listing/landing-page' }],
      { title: lp.name, description: plainText(lp.description) },
    ),
  );
});

listing.get('/search', async (c) => {
  const raw = c.req.query('busca') ?? '';
  if (raw.includes('\u0000')) throw badRequest('O texto da busca contém caracteres inválidos.');
  const text = clampSearchText(raw);
  const db = c.get('config').db;
  const taxonomy = await getTaxonomy(db);
  const plan = await planSearch(db, text);
  const urlQuery = c.req.query('url') ? parseStoreUrl(c.req.query('url')).query : new URLSearchParams();
  const body = await respond(
    c,
    taxonomy,
    'product/listing/search',
    { kind: 'search', tsquery: plan.tsquery },
    '/busca',
    { busca: text },
    urlQuery,
    undefined,
    [
      {
        label: `Busca por "${text}"`,
        path: `/busca?busca=${encodeURIComponent(text)}`,
        name: 'product/listing/search',
      },
    ],
    {
      title: text ? `Resultados para "${text}"` : 'Busca',
      description: `Resultados da busca por ${text} na nossa loja.`,
      indexar: false,
    },
  );
  body.conteudo.busca = { texto: text, sugestao: plan.suggestions };
  body.estrutura.seo.canonical = `${c.get('origin')}/busca?busca=${encodeURIComponent(text)}`;
  return c.json(body);
});
