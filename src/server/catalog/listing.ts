import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Detalhes, ListingInfo } from '../../contract/page.ts';
import type { Produto } from '../../contract/product.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { LandingRule } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { FINISHES } from '../seed/catalog.ts';
import { loadProdutos, toMarca } from './products.ts';
import type { Taxonomy } from './taxonomy.ts';
import { absolute, queryString, rota } from './urls.ts';
import type { Query } from './urls.ts';

export const ORDERS = [
  'Mais Vendidos',
  'Menor Preço',
  'Maior Preço',
  'Lançamentos',
  'Maior Desconto',
  'A-Z',
] as const;
export type Order = (typeof ORDERS)[number];
export const DEFAULT_ORDER: Order = 'Mais Vendidos';
/** The real platform's name for the default order, accepted as an alias. */
const ORDER_ALIASES: Record<string, Order> = { Popularidade: 'Mais Vendidos' };
export const DEFAULT_LIMIT = 40;

export const PRICE_RANGES: [number, number][] = [
  [0, 100],
  [100, 250],
  [250, 500],
  [500, 1000],
  [1000, 2000],
  [2000, 100000],
];
export const DISCOUNT_BUCKETS = [10, 20, 30, 50];
/** Filter keys a listing URL may carry, as the platform names them. */
export const FILTER_KEYS = ['marca', 'filtro', 'preco', 'descontoPrecoPor'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string[]>;

/** What a listing shows before filters: a category, brand, landing page, search or fixed ids. */
export type Scope =
  | { kind: 'category'; id: number }
  | { kind: 'brand'; id: number }
  | { kind: 'landing'; rule: LandingRule }
  | { kind: 'search'; tsquery: string };

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
};

export function parseOrder(value: string | undefined): Order {
  if (!value) return DEFAULT_ORDER;
  const order = ORDER_ALIASES[value] ?? ORDERS.find((o) => o === value);
  if (!order) throw badRequest(`Ordenação inválida. Use uma destas: ${ORDERS.join(', ')}.`);
  return order;
}

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

const p = t.products;
const finishExists = (finishes: string[]) =>
  sql`EXISTS (SELECT 1 FROM ${t.variants} v WHERE v.product_id = ${p.id} AND v.finish IN (${sql.join(
    finishes.map((f) => sql`${f}`),
    sql`, `,
  )}))`;

function scopeCondition(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'category':
      return sql`${p.categoryPath} @> ARRAY[${scope.id}]::int[]`;
    case 'brand':
      return eq(p.brandId, scope.id);
    case 'search':
      return scope.tsquery
        ? sql`${p.searchVector} @@ to_tsquery('portuguese', ${scope.tsquery})`
        : sql`false`;
    case 'landing': {
      const r = scope.rule;
      return and(
        r.categoryIds?.length
          ? sql`${p.categoryPath} && ARRAY[${sql.join(
              r.categoryIds.map((id) => sql`${id}`),
              sql`, `,
            )}]::int[]`
          : undefined,
        r.brandIds?.length ? inArray(p.brandId, r.brandIds) : undefined,
        r.finishes?.length ? finishExists(r.finishes) : undefined,
        r.minDiscount ? gte(p.discount, r.minDiscount) : undefined,
        r.minPrice ? gte(p.price, r.minPrice) : undefined,
      );
    }
  }
}

function filterConditions(filters: Filters, taxonomy: Taxonomy, skip?: FilterKey): (SQL | undefined)[] {
  const brandIds = filters.marca.map((s) => taxonomy.brandBySlug.get(s)?.id ?? -1);
  return [
    skip !== 'marca' && brandIds.length ? inArray(p.brandId, brandIds) : undefined,
    skip !== 'filtro' && filters.filtro.length ? finishExists(filters.filtro) : undefined,
    skip !== 'preco' && filters.preco.length
      ? or(
          ...filters.preco.map((range) => {
            const [from, to] = range.split('-').map(Number) as [number, number];
            return sql`${p.price} >= ${from} AND ${p.price} < ${to}`;
          }),
        )
      : undefined,
    skip !== 'descontoPrecoPor' && filters.descontoPrecoPor.length
      ? gte(p.discount, Math.min(...filters.descontoPrecoPor.map(Number)))
      : undefined,
  ];
}

function orderBy(order: Order, scope: Scope): SQL[] {
  // Unavailable products always go last.
  const available = sql`(${p.stock} > 0) DESC`;
  const relevance =
    scope.kind === 'search' && scope.tsquery
      ? [sql`ts_rank(${p.searchVector}, to_tsquery('portuguese', ${scope.tsquery})) DESC`]
      : [];
  const keys: Record<Order, SQL[]> = {
    'Mais Vendidos': [...relevance, desc(p.sales)],
    'Menor Preço': [asc(p.price)],
    'Maior Preço': [desc(p.price)],
    Lançamentos: [desc(p.createdAt)],
    'Maior Desconto': [desc(p.discount)],
    'A-Z': [sql`${p.searchText} COLLATE "C"`],
  };
  return [available, ...keys[order], asc(p.id)];
}

export type ListingResult = {
  produtos: Produto[];
  info: ListingInfo;
  detalhes: Omit<Detalhes, 'categorias'>;
};

/** Run a listing: one page of products, the total, and the facets with their toggle URLs. */
export async function runListing(db: Db, taxonomy: Taxonomy, req: ListingRequest): Promise<ListingResult> {
  const scope = scopeCondition(req.scope);
  const where = and(scope, ...filterConditions(req.filters, taxonomy));
  const except = (key: FilterKey) => and(scope, ...filterConditions(req.filters, taxonomy, key));
  const [page, [totalRow], brandCounts, finishCounts, priceCounts, discountCounts] = await Promise.all([
    db
      .select({ id: p.id })
      .from(p)
      .where(where)
      .orderBy(...orderBy(req.order, req.scope))
      .limit(req.limit)
      .offset(req.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
    db
      .select({ id: p.brandId, n: sql<number>`count(*)::int` })
      .from(p)
      .where(except('marca'))
      .groupBy(p.brandId),
    db
      .select({ finish: t.variants.finish, n: sql<number>`count(DISTINCT ${p.id})::int` })
      .from(p)
      .innerJoin(t.variants, eq(t.variants.productId, p.id))
      .where(except('filtro'))
      .groupBy(t.variants.finish),
    db
      .select({
        bucket: sql<number>`width_bucket(${p.price}, ARRAY[${sql.raw(
          PRICE_RANGES.map(([from]) => from)
            .slice(1)
            .join(','),
        )}]::numeric[])`,
        n: sql<number>`count(*)::int`,
      })
      .from(p)
      .where(except('preco'))
      .groupBy(sql`1`),
    db
      .select({
        ...Object.fromEntries(
          DISCOUNT_BUCKETS.map((d) => [
            `d${d}`,
            sql<number>`count(*) FILTER (WHERE ${p.discount} >= ${d})::int`,
          ]),
        ),
      })
      .from(p)
      .where(except('descontoPrecoPor')),
  ]);
  const total = totalRow?.n ?? 0;
  const ids = page.map((r) => r.id);
  const produtos = await loadProdutos(db, req.origin, taxonomy, ids);
  const links = listingLinks(req);
  const brandN = new Map(brandCounts.map((r) => [r.id, r.n]));
  const finishN = new Map(finishCounts.map((r) => [r.finish, r.n]));
  const priceN = new Map(priceCounts.map((r) => [r.bucket, r.n]));
  const discountRow = (discountCounts[0] ?? {}) as Record<string, number>;

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
          valores: FINISHES.filter((f) => finishN.has(f.slug) || req.filters.filtro.includes(f.slug)).map(
            (f, ordem) => ({
              id: ordem + 1,
              label: f.label,
              imagem: '',
              imagemOriginal: '',
              ordem,
              ativo: req.filters.filtro.includes(f.slug),
              quantidade: finishN.get(f.slug) ?? 0,
              ...links.toggle('filtro', f.slug),
            }),
          ),
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
          (d) => (discountRow[`d${d}`] ?? 0) > 0 || req.filters.descontoPrecoPor.includes(String(d)),
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
    if (req.limit !== DEFAULT_LIMIT) q['ipp'] = String(req.limit);
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
