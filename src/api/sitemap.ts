import { sitemapIndexSchema, sitemapSchema } from '../contract/sitemap.ts';
import type { SitemapKind } from '../contract/sitemap.ts';
import { getJson } from './http.ts';
import type { Client } from './http.ts';

export const getSitemapIndex = async (client: Client) =>
  (await getJson(client, 'v2/front/sitemap', {}, sitemapIndexSchema)).tipos;

export const getSitemap = (client: Client, tipo: SitemapKind, offset: number, limit: number) =>
  getJson(client, `v2/front/sitemap/${tipo}`, { offset, limit }, sitemapSchema);
