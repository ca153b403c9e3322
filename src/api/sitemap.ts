import type { SitemapKind } from '#/contract/sitemap.ts';
import { getJson } from './core.ts';
import type { Client } from './core.ts';

const sitemapIndexSchema = async () => (await import('#/contract/sitemap.ts')).sitemapIndexSchema;
const sitemapSchema = async () => (await import('#/contract/sitemap.ts')).sitemapSchema;

export const getSitemapIndex = async (client: Client) =>
  (await getJson(client, 'v2/front/sitemap', {}, sitemapIndexSchema)).tipos;

export const getSitemap = (client: Client, tipo: SitemapKind, offset: number, limit: number) =>
  getJson(client, `v2/front/sitemap/${tipo}`, { offset, limit }, sitemapSchema);
