import { SEED_PRODUCTS, STORE_API_URL, STORE_APP_TOKEN } from 'astro:env/server';
import { hasServerTransport, setServerTransport } from '#/api/http.ts';

let ready: Promise<void> | undefined;

/**
 * Prerendered pages (the marketing pages of src/content) are rendered by `astro build`, where
 * src/fetch.ts does not run. Their shell (menus, footer, store settings) comes from STORE_API_URL
 * when set, or else from an embedded platform in memory with the same deterministic seed a new store
 * starts from. Nothing is written anywhere: the build never opens the store's own database.
 */
export function useBuildTimeApi(): Promise<void> {
  ready ??= connect();
  return ready;
}

async function connect(): Promise<void> {
  // `astro dev` renders prerendered routes on request, through src/fetch.ts: its transport stands.
  if (hasServerTransport()) return;
  if (STORE_API_URL) {
    setServerTransport({
      baseUrl: `${STORE_API_URL.replace(/\/$/, '')}/`,
      appToken: STORE_APP_TOKEN,
      validate: true,
    });
    return;
  }
  const { bootPlatform } = await import('#/server/boot.ts');
  const platform = await bootPlatform({
    dataDir: 'memory://',
    appToken: STORE_APP_TOKEN,
    seedProducts: SEED_PRODUCTS,
    warm: false,
    queue: false,
  });
  setServerTransport({
    appToken: STORE_APP_TOKEN,
    validate: false,
    fetch: (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      url.pathname = url.pathname.replace(/^\/api/, '') || '/';
      return Promise.resolve(platform.api.fetch(new Request(url, request)));
    },
  });
}
