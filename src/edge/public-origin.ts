import type { MiddlewareHandler } from 'hono';
import { readdress } from './readdress.ts';

/**
 * The store's public origin (SITE_URL) in front of whatever address the server sees. Behind a CDN or
 * TLS proxy (netlify.toml) the Node server is reached on its own host over plain http, so every request
 * is taken as made on the public origin: absolute URLs (canonicals, Open Graph, JSON-LD), the cookies'
 * Secure flag and Astro's origin check of form posts all use it.
 *
 * An https store needs to know the visitor really is on https: a `Secure` cookie sent to a browser on
 * plain http is dropped, and the visitor's session with it, without a word. So with an https SITE_URL
 * the proxy must say `X-Forwarded-Proto: https`; a request it reports as http is redirected to https
 * (308: a form post is posted again there), and one that says nothing is refused with a 421 that tells
 * the operator what is missing (a redirect would loop behind a proxy that never says it). The health
 * check is answered wherever it is asked (monitors call the server's own address).
 *
 * With `redirect` (deployments without a CDN doing it), a request that arrived on another origin
 * (http, or the domain without www) gets a 301 to the same path on the public origin first; a TLS
 * proxy that does not send X-Forwarded-Proto then loops, which is why it must.
 */
/** Where the visitor addressed the request: a proxy's forwarded values, else the request's own. */
export function arrivedOn(request: Request): string {
  const url = new URL(request.url);
  const protocol = forwardedProto(request) ?? url.protocol.replace(':', '');
  const host = first(request, 'x-forwarded-host') ?? request.headers.get('host') ?? url.host;
  return `${protocol}://${host}`;
}

const first = (request: Request, name: string) => request.headers.get(name)?.split(',')[0]?.trim();
const forwardedProto = (request: Request) => first(request, 'x-forwarded-proto')?.toLowerCase();

/** Paths answered whatever the protocol: the monitors' health check. */
const ANY_PROTOCOL = new Set(['/saude']);

export function publicOrigin(site: string, options: { redirect: boolean }): MiddlewareHandler {
  const target = new URL(site).origin;
  const secure = target.startsWith('https:');
  return async (c, next) => {
    const url = new URL(c.req.url);
    const here = `${target}${url.pathname}${url.search}`;
    if (options.redirect && !ANY_PROTOCOL.has(url.pathname) && arrivedOn(c.req.raw) !== target) {
      return c.redirect(here, 301);
    }
    if (secure && !ANY_PROTOCOL.has(url.pathname) && url.protocol !== 'https:') {
      const proto = forwardedProto(c.req.raw);
      if (proto === undefined)
        return c.text(
          `Esta loja só atende por https: ${here}\n\n` +
            'Para quem opera a loja: o proxy TLS à frente do servidor deve enviar o cabeçalho ' +
            'X-Forwarded-Proto: https (docs/operations.md, "Behind TLS").\n',
          421,
          { 'Cache-Control': 'no-store' },
        );
      if (proto !== 'https') {
        const get = c.req.method === 'GET' || c.req.method === 'HEAD';
        c.header('Cache-Control', 'no-store');
        return c.redirect(here, get ? 301 : 308);
      }
    }
    if (url.origin !== target) c.req.raw = readdress(c.req.raw, here);
    await next();
    return undefined;
  };
}
