import type { MiddlewareHandler } from 'hono';

/** The methods the platform's API serves; any other (TRACE, CONNECT, PROPFIND…) is a 405, never a 500. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'] as const;
const API = new Set<string>(SERVED_METHODS);
/** Pages are read and their forms posted; nothing else. */
const PAGES = new Set(['GET', 'HEAD', 'POST']);
/**
 * Documents are only read: those made for crawlers (`robots.txt`, the sitemaps, the product feed) and the
 * files people download (an NF-e's XML, the panel's CSV and XLSX, the customer's zip).
 */
const DOCUMENTS = new Set(['GET', 'HEAD']);
const DOCUMENT_PATH = /\.(?:txt|xml|csv|xlsx|zip)$/;

/** What a path may be asked with: a method not in it is answered here, before any route (and its log line). */
export function allowedMethods(path: string): ReadonlySet<string> {
  if (path.startsWith('/api/')) return API;
  return DOCUMENT_PATH.test(path) ? DOCUMENTS : PAGES;
}

export function servedMethods(): MiddlewareHandler {
  return async (c, next) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.has(c.req.method)) return next();
    const headers = { Allow: [...allowed].join(', '), 'Cache-Control': 'no-store' };
    // A page asked what it allows says so; a browser never needs to ask it (nothing is cross-origin).
    if (c.req.method === 'OPTIONS') return c.body(null, 204, headers);
    const mensagem = `O método ${c.req.method.slice(0, 20)} não é aceito aqui.`;
    if (c.req.path.startsWith('/api/'))
      return c.json({ error: 'method_not_allowed', mensagem }, 405, headers);
    return c.text(mensagem, 405, headers);
  };
}
