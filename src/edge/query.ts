import type { MiddlewareHandler } from 'hono';
import { isPanelPath } from './panel.ts';
import { readdress } from './readdress.ts';

/**
 * The query parameters pages read: listing controls and filters, search, the product's variant and its
 * reviews' page and star count (`avaliacoes`, `nota`: also the review form's chosen stars), the
 * shipping calculator, forms' return addresses and one-time links, the error page's `debug`, the
 * order page's `novo` (just placed) and `payment_id` (back from Mercado Pago: the store reads that payment),
 * the checkout's delivery address (`endereco`), and the account order page's `desistencia` (a withdrawal
 * just recorded).
 * Any other parameter (a tracking tag, a cache-buster, junk) is dropped before the page renders: the page
 * is the bare page, rendered and cached once under the bare key, so `?x=<n>` can neither fill the route
 * cache nor make every request a render. The browser keeps its address as typed (analytics read it there).
 */
export const PAGE_PARAMS = new Set([
  'pg',
  'ipp',
  'order',
  'marca',
  'filtro',
  'preco',
  'descontoPrecoPor',
  'busca',
  'sku',
  'avaliacoes',
  'nota',
  'produto',
  'variante',
  'cep',
  'retorno',
  'token',
  'key',
  'liberar',
  'debug',
  'novo',
  'payment_id',
  'endereco',
  'desistencia',
]);
/** Longer queries than any page makes are refused rather than parsed and keyed. */
export const QUERY_MAX = 2048;

export function pageParamsOnly(): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const url = new URL(c.req.url);
    if (
      (method !== 'GET' && method !== 'HEAD') ||
      !url.search ||
      /^\/(api|_astro|arquivos)\//.test(url.pathname) ||
      // The back office's pages are never cached; their filters are their own (edge/panel.ts).
      isPanelPath(url.pathname)
    )
      return next();
    if (url.search.length > QUERY_MAX)
      return c.text('Endereço longo demais.', 414, { 'Cache-Control': 'no-store' });
    const kept = new URLSearchParams();
    let dropped = false;
    for (const [name, value] of url.searchParams) {
      if (PAGE_PARAMS.has(name)) kept.append(name, value);
      else dropped = true;
    }
    if (dropped) {
      const query = kept.toString();
      c.req.raw = readdress(c.req.raw, `${url.origin}${url.pathname}${query ? `?${query}` : ''}`);
    }
    return next();
  };
}
