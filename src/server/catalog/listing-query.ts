// One concern: the SQL of a listing page (ids of the page, facets), shared by every listing kind.
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Order } from '#/contract/listing.ts';
import { queryRows } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { LandingRule } from '#/server/db/schema.ts';
import type { Taxonomy } from './taxonomy.ts';

/** The SQL half of a listing: which products are in scope, how filters and orders read, and the counts. */

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
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string[]>;

/** What a listing shows before filters: a category, brand, landing page or search. */
export type Scope =
  | { kind: 'category'; id: number }
  | { kind: 'brand'; id: number }
  | { kind: 'landing'; rule: LandingRule }
  | { kind: 'search'; tsquery: string };

const p = t.products;
const list = (values: (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const anyFinish = (finishes: string[]) => sql`${p.finishes} && ARRAY[${list(finishes)}]::text[]`;

/** The products a listing may show: switched on, and in its scope. */
function scopeCondition(scope: Scope, taxonomy: Taxonomy): SQL {
  return sql`${p.active} AND ${scopeOnly(scope, taxonomy)}`;
}

function scopeOnly(scope: Scope, taxonomy: Taxonomy): SQL {
  switch (scope.kind) {
    case 'category':
      return inArray(p.categoryId, taxonomy.subtree(scope.id));
    case 'brand':
      return eq(p.brandId, scope.id);
    case 'search':
      return scope.tsquery
        ? sql`${p.searchVector} @@ to_tsquery('portuguese', ${scope.tsquery})`
        : sql`false`;
    case 'landing': {
      const r = scope.rule;
      return (
        and(
          r.categoryIds?.length
            ? inArray(
                p.categoryId,
                r.categoryIds.flatMap((id) => taxonomy.subtree(id)),
              )
            : undefined,
          r.brandIds?.length ? inArray(p.brandId, r.brandIds) : undefined,
          r.finishes?.length ? anyFinish(r.finishes) : undefined,
          r.minDiscount ? gte(p.discount, r.minDiscount) : undefined,
          r.minPrice ? gte(p.price, r.minPrice) : undefined,
        ) ?? sql`true`
      );
    }
  }
}

/** One boolean SQL condition per active filter (absent = no filter on that key). */
function filterConditions(filters: Filters, taxonomy: Taxonomy): Partial<Record<FilterKey, SQL>> {
  const out: Partial<Record<FilterKey, SQL>> = {};
  if (filters.marca.length)
    out.marca = inArray(
      p.brandId,
      filters.marca.map((s) => taxonomy.brandBySlug.get(s)?.id ?? -1),
    );
  if (filters.filtro.length) out.filtro = anyFinish(filters.filtro);
  if (filters.preco.length) {
    const ranges = filters.preco.map((range) => {
      const [from, to] = range.split('-').map(Number) as [number, number];
      return sql`(${p.price} >= ${from} AND ${p.price} < ${to})`;
    });
    out.preco = sql`(${sql.join(ranges, sql` OR `)})`;
  }
  if (filters.descontoPrecoPor.length)
    out.descontoPrecoPor = gte(p.discount, Math.min(...filters.descontoPrecoPor.map(Number)));
  return out;
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
    'A-Z': [sql`${p.nameKey} COLLATE "C"`],
  };
  return [available, ...keys[order], asc(p.id)];
}

export type Facets = {
  total: number;
  brands: Map<number, number>;
  finishes: Map<string, number>;
  /** Count per index of PRICE_RANGES. */
  prices: Map<number, number>;
  /** Count per DISCOUNT_BUCKETS value. */
  discounts: Map<number, number>;
};

/**
 * Total and facet counts in one scan of the scope. Each facet counts with every filter but its own,
 * so a shopper sees how many products each further choice would give.
 */
export async function queryFacets(
  db: Db,
  taxonomy: Taxonomy,
  scope: Scope,
  filters: Filters,
): Promise<Facets> {
  const f = filterConditions(filters, taxonomy);
  const flag = (key: FilterKey) => f[key] ?? sql`true`;
  const all = sql`fm AND ff AND fp AND fd`;
  const bounds = sql.raw(
    PRICE_RANGES.slice(1)
      .map(([from]) => from)
      .join(','),
  );
  const finishCols = taxonomy.finishes.map(
    (fin, i) =>
      sql`, count(*) FILTER (WHERE fm AND fp AND fd AND ${fin.slug} = ANY(finishes))::int AS ${sql.raw(`f${i}`)}`,
  );
  const discountCols = DISCOUNT_BUCKETS.map(
    (d) => sql`, count(*) FILTER (WHERE fm AND ff AND fp AND discount >= ${d})::int AS ${sql.raw(`d${d}`)}`,
  );
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`
    SELECT grouping(brand_id, bucket)::int AS g, brand_id, bucket,
      count(*) FILTER (WHERE ${all})::int AS total,
      count(*) FILTER (WHERE ff AND fp AND fd)::int AS n_brand,
      count(*) FILTER (WHERE fm AND ff AND fd)::int AS n_price
      ${sql.join(finishCols, sql``)} ${sql.join(discountCols, sql``)}
    FROM (
      SELECT ${p.brandId} AS brand_id, width_bucket(${p.price}, ARRAY[${bounds}]::numeric[]) AS bucket,
        ${p.discount} AS discount, ${p.finishes} AS finishes,
        ${flag('marca')} AS fm, ${flag('filtro')} AS ff, ${flag('preco')} AS fp, ${flag('descontoPrecoPor')} AS fd
      FROM ${p} WHERE ${scopeCondition(scope, taxonomy)}
    ) s
    GROUP BY GROUPING SETS ((brand_id), (bucket), ())`,
  );
  const facets: Facets = {
    total: 0,
    brands: new Map(),
    finishes: new Map(),
    prices: new Map(),
    discounts: new Map(),
  };
  for (const row of rows) {
    const num = (key: string) => Number(row[key] ?? 0);
    if (num('g') === 3) {
      facets.total = num('total');
      taxonomy.finishes.forEach((fin, i) => num(`f${i}`) > 0 && facets.finishes.set(fin.slug, num(`f${i}`)));
      for (const d of DISCOUNT_BUCKETS) facets.discounts.set(d, num(`d${d}`));
    } else if (num('g') === 1 && num('n_brand') > 0) {
      facets.brands.set(num('brand_id'), num('n_brand'));
    } else if (num('g') === 2 && num('n_price') > 0) {
      facets.prices.set(num('bucket'), num('n_price'));
    }
  }
  return facets;
}

/** Ids of one page of products in the requested order (narrow rows keep the sort cheap). */
export async function queryPageIds(
  db: Db,
  taxonomy: Taxonomy,
  scope: Scope,
  filters: Filters,
  order: Order,
  offset: number,
  limit: number,
): Promise<number[]> {
  const where = and(scopeCondition(scope, taxonomy), ...Object.values(filterConditions(filters, taxonomy)));
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(...orderBy(order, scope))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}
