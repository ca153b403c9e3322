import os from 'node:os';
import type { MiddlewareHandler } from 'hono';

/**
 * Without SITE_URL the store builds absolute URLs (canonicals, JSON-LD, images, e-mailed links) on the
 * origin a request names, and keeps pages per origin: a request naming someone else's host must neither
 * write that host into a page others get from the cache, nor grow a cache per invented host. So it only
 * answers on the machine's own names (localhost, loopback, its host name and addresses); any other Host is
 * a 421 telling the operator to set SITE_URL. With SITE_URL every request is taken on it (public-origin.ts).
 */
export function machineHosts(): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', os.hostname().toLowerCase()]);
  for (const addresses of Object.values(os.networkInterfaces()))
    for (const address of addresses ?? [])
      names.add(address.family === 'IPv6' ? `[${address.address.split('%')[0] ?? ''}]` : address.address);
  return names;
}

export function ownHostsOnly(hosts: ReadonlySet<string> = machineHosts()): MiddlewareHandler {
  return async (c, next) => {
    const { hostname, pathname } = new URL(c.req.url);
    // Monitors and load balancers call the health check on whatever address they know.
    if (hosts.has(hostname) || hostname.endsWith('.localhost') || pathname === '/saude') return next();
    return c.text(
      `Este servidor não atende o endereço ${hostname.slice(0, 80)}. Para servir a loja num domínio, ` +
        'defina SITE_URL ao iniciar (por exemplo SITE_URL=https://www.minhaloja.com.br npm start); ' +
        'sem ela, só localhost e os endereços desta máquina são atendidos.',
      421,
      { 'Cache-Control': 'no-store' },
    );
  };
}
