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
    onRequest: (context, next) => onRequest(context, async () => withOwnHashes(await next())),
  };
};
export default routeCache;

/** Forget every cached catalogue page of this process. */
export async function dropRouteCache(): Promise<void> {
  await Promise.all([...registry].map((provider) => provider.invalidate({ tags: CATALOGUE_CACHE.tags })));
}
