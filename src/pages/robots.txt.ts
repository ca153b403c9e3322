import type { APIRoute } from 'astro';

/** Crawlers may read the catalogue; carts, accounts, searches, the back office and the API are not for them. */
export const GET: APIRoute = ({ url }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /checkout/',
      'Disallow: /minha-conta/',
      'Disallow: /painel',
      'Disallow: /carrinho/',
      'Disallow: /busca',
      `Sitemap: ${url.origin}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } },
  );
