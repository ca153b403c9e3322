import type { Context, Handler, MiddlewareHandler } from 'hono';
import { lifecycle } from './lifecycle.ts';

/** Seconds a visitor (or a crawler) should wait before trying a page again during an outage. */
export const OUTAGE_RETRY_SECONDS = 30;

/** Why the store cannot answer now, or undefined when it can. */
export type Availability = () => string | undefined;

const outageHtml = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5"><meta name="robots" content="noindex"><title>Voltamos em instantes</title><style>body{margin:0;font-family:system-ui,sans-serif;color:#1f2937;background:#f4f6f9;display:grid;place-items:center;min-height:100vh}main{max-width:560px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 6px 24px rgb(15 23 42/12%)}h1{color:#0b4f8a;margin-top:0}a{color:#0b4f8a}</style></head><body><main><h1>Voltamos em instantes</h1><p>Nossa loja está fora do ar por alguns instantes. Seu carrinho está guardado: tente de novo em um minuto.</p><p><a href="">Tentar de novo</a></p></main></body></html>`;

/** The page every visitor gets while the store's database is away: 503, Retry-After, never cached. */
export function outageResponse(c: Context): Response {
  return c.html(outageHtml, 503, {
    'Retry-After': String(OUTAGE_RETRY_SECONDS),
    'Cache-Control': 'no-store',
  });
}

/**
 * `/saude` for load balancers and uptime monitors: 200 while the store can serve, 503 while it is
 * shutting down or its database is away (so traffic goes to another instance), never cached.
 */
export function healthCheck(unavailable: Availability): Handler {
  return (c) => {
    const why = lifecycle.draining ? 'desligando' : unavailable();
    c.header('Cache-Control', 'no-store');
    if (why)
      return c.html(`<!doctype html><title>Loja indisponível</title><p>Loja indisponível: ${why}.</p>`, 503);
    return c.html('<!doctype html><title>Loja no ar</title><p>Loja no ar.</p>', 200);
  };
}

/** While draining, no connection is kept alive: the stopping instance is left as soon as its answers are out. */
export function closeWhileDraining(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!lifecycle.draining) return;
    const res = new Response(c.res.body, c.res);
    res.headers.set('Connection', 'close');
    // Replaced whole (a proxied answer's headers are immutable; Hono would copy the old ones back).
    c.res = undefined;
    c.res = res;
  };
}

/**
 * A page that failed while the database is away becomes the outage page (a cached page is still served
 * from the route cache: only what needed the database fails).
 */
export function outagePages(unavailable: Availability): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // The API answers its own JSON 503; pages get the outage page.
    const page = !c.req.path.startsWith('/api/');
    // (The maintenance page, a 503 with Retry-After of its own, stays as it is.)
    const failed = c.res.status >= 500 && !c.res.headers.has('Retry-After');
    if (page && failed && unavailable()) {
      // Replaced whole: Hono would otherwise copy the failed answer's headers onto the new one.
      c.res = undefined;
      c.res = outageResponse(c);
    }
  };
}
