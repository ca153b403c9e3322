// One concern: running a listing (controls in, page of products and facets out).
import { DEFAULT_ORDER, DEFAULT_PAGE_SIZE, ORDERS } from '#/contract/listing.ts';
import type { Order } from '#/contract/listing.ts';
import type { Detalhes, ListingInfo } from '#/contract/page.ts';
import type { Produto } from '#/contract/product.ts';
import type { Db } from '#/server/db/client.ts';
import { badRequest } from '#/server/errors.ts';
import { DISCOUNT_BUCKETS, FILTER_KEYS, PRICE_RANGES, queryFacets, queryPageIds } from './listing-query.ts';
import { catalogCaches } from './caches.ts';
import type { FilterKey, Filters, Scope } from './listing-query.ts';
import { loadProdutos, toMarca } from './products.ts';
import type { PricePolicy } from './price-policy.ts';
import type { Taxonomy } from './taxonomy.ts';
import { absolute, queryString, rota } from './urls.ts';
import type { Query } from './urls.ts';

export type { Filters, Scope };

export type ListingRequest = {
  scope: Scope;
  filters: Filters;
  order: Order;
  offset: number;
  limit: number;
  /** Storefront path of the listing (e.g. `/cozinha/`), and query keys that always stay (e.g. `busca`). */
  basePath: string;
  baseQuery: Query;
  origin: string;
  /** What prices may promise (price-policy.ts). */
  policy: PricePolicy;
};

const MAX_FILTER_VALUES = 20;
/** Filter values from a query; values are data, compared literally, and capped in number and length. */
export function parseFilters(all: (key: string) => string[]): Filters {
  const out = {} as Filters;
  for (const key of FILTER_KEYS) {
    const values = [...new Set(all(key).filter((v) => v.length > 0))];
    if (values.length > MAX_FILTER_VALUES || values.some((v) => v.length > 60)) {
      throw badRequest(`Filtro ${key} inválido: valores demais ou longos demais.`);
    }
    out[key] = values;
  }
  for (const range of out.preco) {
    if (!/^\d{1,6}-\d{1,6}$/.test(range)) throw badRequest('Faixa de preço inválida. Use o formato 100-250.');
  }
  for (const d of out.descontoPrecoPor) {
    if (!/^\d{1,2}$/.test(d)) throw badRequest('Desconto inválido. Use um número de 1 a 99.');
  }
  return out;
}

export type ListingResult = {
  produtos: Produto[];
  info: ListingInfo;
  detalhes: Omit<Detalhes, 'categorias'>;
};

type CoreRequest = Pick<ListingRequest, 'scope' | 'filters' | 'order' | 'offset' | 'limit'>;

/** Counts and page ids, through the caches. Counts do not depend on order or page: browsing reuses them. */
async function listingCore(db: Db, taxonomy: Taxonomy, req: CoreRequest) {
  const caches = catalogCaches(db);
  const scopeKey = JSON.stringify([req.scope, req.filters]);
  const [facets, ids] = await Promise.all([
    caches.facets.getOrCompute(scopeKey, () => queryFacets(db, taxonomy, req.scope, req.filters)),
    caches.pages.getOrCompute(JSON.stringify([scopeKey, req.order, req.offset, req.limit]), () =>
      queryPageIds(db, taxonomy, req.scope, req.filters, req.order, req.offset, req.limit),
    ),
  ]);
  return { facets, ids };
}

const NO_FILTERS: Filters = { marca: [], filtro: [], preco: [], descontoPrecoPor: [] };

/**
 * Fill the caches with the first page of every category, so the first shoppers after a start do not pay
 * for the counts (the stale-while-revalidate caches then keep them warm).
 */
export async function warmListings(db: Db, taxonomy: Taxonomy): Promise<number> {
  for (const category of taxonomy.categories) {
    await listingCore(db, taxonomy, {
      scope: { kind: 'category', id: category.id },
      filters: NO_FILTERS,
      order: DEFAULT_ORDER,
      offset: 0,
      limit: DEFAULT_PAGE_SIZE,
    });
  }
  return taxonomy.categories.length;
}

/** Run a listing: one page of products, the total, and the facets with their toggle URLs. */
export async function runListing(db: Db, taxonomy: Taxonomy, req: ListingRequest): Promise<ListingResult> {
  const { facets, ids } = await listingCore(db, taxonomy, req);
  const total = facets.total;
  const produtos = await loadProdutos(db, req.origin, taxonomy, req.policy, ids);
  const links = listingLinks(req);
  const brandN = facets.brands;
  const finishN = facets.finishes;
  const priceN = facets.prices;

  return {
    produtos,
    info: {
      offset: req.offset,
      limit: req.limit,
      exibindo: produtos.length,
      total,
      prev: req.offset > 0 ? links.page(Math.floor(Math.max(0, req.offset - req.limit) / req.limit) + 1) : '',
      self: links.page(Math.floor(req.offset / req.limit) + 1),
      next: req.offset + req.limit < total ? links.page(Math.floor(req.offset / req.limit) + 2) : '',
      filtros: Object.fromEntries([
        ...Object.entries(req.baseQuery),
        ...FILTER_KEYS.filter((k) => req.filters[k].length).map((k) => [k, req.filters[k]] as const),
      ]),
    },
    detalhes: {
      marcas: taxonomy.brands
        .filter((b) => brandN.has(b.id) || req.filters.marca.includes(b.slug))
        .map((b) => {
          const link = links.toggle('marca', b.slug);
          return {
            ...toMarca(req.origin, b),
            ...link,
            quantidade: brandN.get(b.id) ?? 0,
            ativo: req.filters.marca.includes(b.slug),
          };
        }),
      filtros: [
        {
          id: 1,
          nome: 'Acabamento',
          tipo: 'texto',
          valores: taxonomy.finishes
            .filter((f) => finishN.has(f.slug) || req.filters.filtro.includes(f.slug))
            .map((f, ordem) => ({
              id: ordem + 1,
              label: f.label,
              imagem: '',
              imagemOriginal: '',
              ordem,
              ativo: req.filters.filtro.includes(f.slug),
              quantidade: finishN.get(f.slug) ?? 0,
              ...links.toggle('filtro', f.slug),
            })),
        },
      ],
      atributos: [],
      filtrosPreco: PRICE_RANGES.flatMap(([de, ate], i) => {
        const key = `${de}-${ate}`;
        const active = req.filters.preco.includes(key);
        return priceN.has(i) || active ? [{ de, ate, ativo: active, ...links.toggle('preco', key) }] : [];
      }),
      filtrosDescontoPrecoPor: Object.fromEntries(
        DISCOUNT_BUCKETS.filter(
          (d) => (facets.discounts.get(d) ?? 0) > 0 || req.filters.descontoPrecoPor.includes(String(d)),
        ).map((d) => [
          String(d),
          {
            de: d,
            ate: 100,
            ativo: req.filters.descontoPrecoPor.includes(String(d)),
            ...links.toggle('descontoPrecoPor', String(d)),
          },
        ]),
      ),
      selos: [],
      ordenacao: ORDERS.map((label) => ({
        label,
        title: `Ordenar por ${label}`,
        atual: label === req.order,
        ...links.order(label),
      })),
    },
  };
}

/** Storefront URLs of this listing: pages, orders and filter toggles, as `{ rota, url }`. */
function listingLinks(req: ListingRequest) {
  const current = (): Query => {
    const q: Query = { ...req.baseQuery };
    for (const key of FILTER_KEYS) if (req.filters[key].length) q[key] = req.filters[key];
    if (req.order !== DEFAULT_ORDER) q['order'] = req.order;
    if (req.limit !== DEFAULT_PAGE_SIZE) q['ipp'] = String(req.limit);
    return q;
  };
  const link = (query: Query) => ({
    rota: rota(
      req.scope.kind === 'search' ? 'product/listing/search' : 'product/listing',
      req.basePath,
      {},
      query,
    ),
    url: absolute(req.origin, req.basePath + queryString(query)),
  });
  return {
    page: (n: number) => {
      const q = current();
      if (n > 1) q['pg'] = String(n);
      return absolute(req.origin, req.basePath + queryString(q));
    },
    order: (order: Order) => {
      const q = current();
      if (order === DEFAULT_ORDER) delete q['order'];
      else q['order'] = order;
      return link(q);
    },
    toggle: (key: FilterKey, value: string) => {
      const values = req.filters[key].includes(value)
        ? req.filters[key].filter((v) => v !== value)
        : [...req.filters[key], value];
      const { [key]: _old, ...rest } = current();
      return link(values.length ? { ...rest, [key]: values } : rest);
    },
  };
}
