import type { Nivel } from '#/contract/common.ts';
import type * as PageContract from '#/contract/page.ts';
import { getJson } from './core.ts';
import type { Client, Query } from './core.ts';

/** The page contract, loaded only when answers are checked. */
const schema =
  <K extends keyof typeof PageContract>(name: K) =>
  async () =>
    (await import('#/contract/page.ts'))[name];

/** Page resolution: which page a storefront path is, and each page's data (`url/*`). */

export const verifyUrl = async (client: Client, url: string): Promise<Nivel> =>
  (await getJson(client, 'v2/front/url/verify', { url }, schema('verifySchema'))).nivel;

export const getHome = (client: Client) => getJson(client, 'v2/front/url/home', {}, schema('homeSchema'));

export const getInstitutional = (client: Client, url: string) =>
  getJson(client, 'v2/front/url/page', { url }, schema('institutionalSchema'));

export const getProductPage = (client: Client, url: string, sku?: string) =>
  getJson(client, 'v2/front/url/product/detail', { url, sku }, schema('productPageSchema'));

export type ListingKind = 'category' | 'brand' | 'landing-page';

/** A category, brand or landing-page listing; `url` carries the storefront query (filters, order). */
export const getListing = (client: Client, kind: ListingKind, url: string, query: Query) =>
  getJson(client, `v2/front/url/product/listing/${kind}`, { url, ...query }, schema('listingSchema'));

export const searchProducts = (client: Client, busca: string, query: Query) =>
  getJson(client, 'v2/front/url/product/listing/search', { busca, ...query }, schema('listingSchema'));

export const getLists = (client: Client) =>
  getJson(client, 'v2/front/url/list/listing', { url: '/lista' }, schema('listListingSchema'));

export const getList = (client: Client, url: string) =>
  getJson(client, 'v2/front/url/list/detail', { url }, schema('listDetailSchema'));
