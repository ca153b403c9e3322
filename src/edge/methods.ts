import type { MiddlewareHandler } from 'hono';

/** The methods the store serves anywhere; any other (TRACE, CONNECT, PROPFIND…) is a 405, never a 500. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'] as const;
const served = new Set<string>(SERVED_METHODS);

export function servedMethods(): MiddlewareHandler {
  return async (c, next) => {
    if (served.has(c.req.method)) return next();
    const allow = SERVED_METHODS.join(', ');
    const mensagem = `O método ${c.req.method.slice(0, 20)} não é aceito aqui.`;
    if (c.req.path.startsWith('/api/'))
      return c.json({ error: 'method_not_allowed', mensagem }, 405, {
        Allow: allow,
        'Cache-Control': 'no-store',
      });
    return c.text(mensagem, 405, { Allow: allow, 'Cache-Control': 'no-store' });
  };
}
