import { getJson } from './core.ts';
import type { Client, Query } from './core.ts';

/** Page resolution: which page a storefront path is, and each page's data (`url/*`). */

/** Which page a path is; `destino` when it is a product's former address (answered with a 301 there). */
export const verifyUrl = (client: Client, url: string) =>
  getJson(client, 'v2/front/url/verify', { url }, 'verify');

export const getHome = (client: Client) => getJson(client, 'v2/front/url/home', {}, 'home');

export const getInstitutional = (client: Client, url: string) =>
  getJson(client, 'v2/front/url/page', { url }, 'institutional');

export const getProductPage = (client: Client, url: string, sku?: string) =>
  getJson(client, 'v2/front/url/product/detail', { url, sku }, 'productPage');

export type ListingKind = 'category' | 'brand' | 'landing-page';

/** A category, brand or landing-page listing; `url` carries the storefront query (filters, order). */
export const getListing = (client: Client, kind: ListingKind, url: string, query: Query) =>
  getJson(client, `v2/front/url/product/listing/${kind}`, { url, ...query }, 'listing');

export const searchProducts = (client: Client, busca: string, query: Query) =>
  getJson(client, 'v2/front/url/product/listing/search', { busca, ...query }, 'listing');

export const getLists = (client: Client) =>
  getJson(client, 'v2/front/url/list/listing', { url: '/lista' }, 'listListing');

export const getList = (client: Client, url: string) =>
  getJson(client, 'v2/front/url/list/detail', { url }, 'listDetail');
