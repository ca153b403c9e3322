import type { MiddlewareHandler } from 'hono';
import { readdress } from './readdress.ts';

/**
 * The store's public origin (SITE_URL) in front of whatever address the server sees. Behind a CDN or
 * proxy (netlify.toml) the Node server is reached on its own host, often over plain http, so every
 * request is taken as made on the public origin: absolute URLs (canonicals, Open Graph, JSON-LD), the
 * cookies' Secure flag and Astro's origin check of form posts all use it.
 *
 * With `redirect` (deployments without a CDN doing it), a request that arrived on another origin
 * (http, or the domain without www) gets a 301 to the same path on the public origin instead. The
 * health check is answered wherever it is asked (monitors call the server's own address).
 */
/** Where the visitor addressed the request: a proxy's forwarded values, else the request's own. */
export function arrivedOn(request: Request): string {
  const url = new URL(request.url);
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim();
  const protocol = first('x-forwarded-proto') ?? url.protocol.replace(':', '');
  const host = first('x-forwarded-host') ?? request.headers.get('host') ?? url.host;
  return `${protocol}://${host}`;
}

export function publicOrigin(site: string, options: { redirect: boolean }): MiddlewareHandler {
  const target = new URL(site).origin;
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (options.redirect && url.pathname !== '/saude' && arrivedOn(c.req.raw) !== target) {
      return c.redirect(`${target}${url.pathname}${url.search}`, 301);
    }
    if (url.origin !== target) {
      c.req.raw = readdress(c.req.raw, `${target}${url.pathname}${url.search}`);
    }
    await next();
    return undefined;
  };
}
