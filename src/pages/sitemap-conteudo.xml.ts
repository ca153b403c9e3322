import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { contentPagePath } from '#/lib/content-pages.ts';
import { urlsetXml } from '#/lib/sitemap.ts';

/** The store's own pages: marketing pages that may be indexed (src/content) and the service pages. */
export const GET: APIRoute = async ({ url }) => {
  const marketing = (await getCollection('paginas', (p) => p.data.indexar)).map((p) => contentPagePath(p.id));
  const service = [
    '/pagina/central-de-atendimento',
    '/pagina/sou-arquiteto/form-estudante',
    '/pagina/sou-arquiteto/form-profissional',
  ];
  const urls = [...marketing, ...service].sort().map((path) => ({ loc: `${url.origin}${path}` }));
  return new Response(urlsetXml(urls), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
