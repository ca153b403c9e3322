import memoryProvider from 'astro/cache/memory';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { CATALOGUE_CACHE } from '#/lib/page-cache.ts';
import { withOwnHashes } from './page-csp.ts';

/**
 * Astro's in-memory route cache, kept where src/fetch.ts can reach it: when the catalogue or the settings
 * change (on any instance: src/server/changes.ts), every cached page of this process is dropped at once
 * instead of living out its minute (and its ten stale ones).
 */
const registry: Set<CacheProvider> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('loja.route-cache')
] ??= new Set<CacheProvider>()) as Set<CacheProvider>;

/** How many times the cache was dropped: a page whose render saw it change was rendered across a change. */
const drops: { count: number } = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('loja.route-cache-drops')
] ??= { count: 0 }) as { count: number };

/**
 * `page`, sent but never kept: its render began before a drop, so it may show what the change replaced (a
 * price from before the sheet was applied), and kept it would outlive the drop by a minute.
 */
function sentNotKept(page: Response): Response {
  const headers = new Headers(page.headers);
  headers.set('CDN-Cache-Control', 'no-store');
  const out = new Response(page.body, { status: page.status, statusText: page.statusText, headers });
  // The cookies the page set ride on the response object until Astro writes them (edge/page-csp.ts).
  const cookies = Symbol.for('astro.cookies');
  Reflect.set(out, cookies, Reflect.get(page, cookies));
  return out;
}

const routeCache: CacheProviderFactory = (config) => {
  const provider = memoryProvider(config);
  registry.add(provider);
  const onRequest = provider.onRequest?.bind(provider);
  if (!onRequest) return provider;
  // A page is sent with only its own styles, and a policy naming only its own styles and scripts
  // (edge/page-styles.ts, edge/page-csp.ts), worked out as it renders: once for a page this cache keeps.
  return {
    ...provider,
    invalidate: provider.invalidate.bind(provider),
    onRequest: (context, next) =>
      onRequest(context, async () => {
        const before = drops.count;
        const page = await withOwnHashes(await next());
        return drops.count === before ? page : sentNotKept(page);
      }),
  };
};
export default routeCache;

/** Forget every cached catalogue page of this process, and keep none whose render is under way now. */
export async function dropRouteCache(): Promise<void> {
  drops.count++;
  await Promise.all([...registry].map((provider) => provider.invalidate({ tags: CATALOGUE_CACHE.tags })));
}
