import type { Rota } from '#/contract/common.ts';

export type Query = Record<string, string | string[]>;

/** Query string in a stable order, repeated keys for several values. */
export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function rota(
  name: string,
  path: string,
  params: Record<string, string> = {},
  query: Query = {},
): Rota {
  return { name, route: path, path, params, query };
}

export const productPath = (slug: string) => `/${slug}.html`;
export const brandPath = (slug: string) => `/marcas/${slug}`;
export const landingPath = (slug: string) => `/c/${slug}`;
export const listPath = (slug: string) => `/lista/${slug}.html`;
export const pagePath = (slug: string) => `/institucional/${slug}`;

/** Absolute URL of a storefront path on this store's origin. */
export const absolute = (origin: string, pathAndQuery: string) => `${origin}${pathAndQuery}`;
