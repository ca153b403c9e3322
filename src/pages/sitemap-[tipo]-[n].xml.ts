import type { APIRoute } from 'astro';
import { SITEMAP_KINDS } from '#/contract/sitemap.ts';
import { createClient } from '#/api/http.ts';
import { getSitemap } from '#/api/sitemap.ts';
import { SITEMAP_CHUNK, urlsetXml } from '#/lib/sitemap.ts';

/** One chunk of indexable URLs (products, categories and landing pages, brands, pages). */
export const GET: APIRoute = async ({ params, url }) => {
  const tipo = SITEMAP_KINDS.find((k) => k === params['tipo']);
  const n = Number(params['n']);
  if (!tipo || !Number.isInteger(n) || n < 1) return new Response('Sitemap não encontrado.', { status: 404 });
  const page = await getSitemap(createClient(url.origin), tipo, (n - 1) * SITEMAP_CHUNK, SITEMAP_CHUNK);
  if (page.urls.length === 0 && n > 1) return new Response('Sitemap não encontrado.', { status: 404 });
  return new Response(urlsetXml(page.urls), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
