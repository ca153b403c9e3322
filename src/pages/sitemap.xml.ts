import type { APIRoute } from 'astro';
import { createClient } from '#/api/http.ts';
import { getSitemapIndex } from '#/api/sitemap.ts';
import { SITEMAP_CHUNK, sitemapIndexXml } from '#/lib/sitemap.ts';

/** The sitemap index: one chunk file per 5,000 URLs of each kind, and the store's own pages. */
export const GET: APIRoute = async ({ url }) => {
  const kinds = await getSitemapIndex(createClient(url.origin));
  const locs = kinds.flatMap(({ tipo, total }) =>
    Array.from(
      { length: Math.max(1, Math.ceil(total / SITEMAP_CHUNK)) },
      (_, i) => `${url.origin}/sitemap-${tipo}-${String(i + 1)}.xml`,
    ),
  );
  locs.push(`${url.origin}/sitemap-conteudo.xml`);
  return new Response(sitemapIndexXml(locs), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
