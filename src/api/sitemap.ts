import type { SitemapKind } from '#/contract/sitemap.ts';
import { getJson } from './core.ts';
import type { Client } from './core.ts';

export const getSitemapIndex = async (client: Client) =>
  (await getJson(client, 'v2/front/sitemap', {}, 'sitemapIndex')).tipos;

export const getSitemap = (client: Client, tipo: SitemapKind, offset: number, limit: number) =>
  getJson(client, `v2/front/sitemap/${tipo}`, { offset, limit }, 'sitemap');
