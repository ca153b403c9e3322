import { AsyncLocalStorage } from 'node:async_hooks';
import { Hono } from 'hono';
import { astro } from 'astro/hono';
import {
  DATA_DIR,
  DATABASE_URL,
  FORCE_SITE_URL,
  MAINTENANCE,
  MAINTENANCE_SECRET,
  PROXY_SIGNATURE_SECRET,
  SEED_PRODUCTS,
  SITE_URL,
  STORE_API_URL,
  STORE_APP_TOKEN,
} from 'astro:env/server';
import { createClient, setServerTransport } from './api/http.ts';
import { getLayoutData } from './api/layout.ts';
import { builtDir, serveAssets } from './lib/assets.ts';
import { compression } from './lib/compression.ts';
import { maintenance } from './lib/maintenance.ts';
import { proxyApi } from './lib/proxy.ts';
import { publicOrigin } from './lib/public-origin.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { trustedProxy } from './lib/trusted-proxy.ts';
import { servePrerendered } from './lib/static-pages.ts';
import { bootPlatform } from './server/boot.ts';
import type { Platform } from './server/app.ts';
import { CLIENT_HEADER } from './server/context.ts';

/**
 * The request entry: `/api/*` goes to the embedded store platform (or, with STORE_API_URL, to the
 * external one), `/arquivos/*` serves its rendered images, and everything else is Astro.
 */
const app = new Hono();
// Behind Netlify's signed proxy, the visitor's address comes from X-Forwarded-For (trusted-proxy.ts).
if (PROXY_SIGNATURE_SECRET) app.use(trustedProxy(PROXY_SIGNATURE_SECRET));
// Requests are taken as made on SITE_URL, or redirected there (public-origin.ts).
if (SITE_URL) app.use(publicOrigin(SITE_URL, { redirect: FORCE_SITE_URL }));
app.use(securityHeaders());
// HTML, JSON, XML and SVG leave compressed (brotli or gzip); images are already compressed formats.
app.use(compression());

/** The visitor whose page is being rendered, for the in-process calls that page makes. */
const visitor = new AsyncLocalStorage<string | undefined>();

type Booted = Awaited<ReturnType<typeof bootPlatform>>;
const holder = globalThis as typeof globalThis & { __storePlatform?: Promise<Booted> };

/** One platform per process (dev reloads this module; the database must not be opened twice). */
function platform(): Promise<Platform> {
  holder.__storePlatform ??= bootPlatform({
    databaseUrl: DATABASE_URL,
    dataDir: DATA_DIR,
    appToken: STORE_APP_TOKEN,
    siteUrl: SITE_URL,
    seedProducts: SEED_PRODUCTS,
  });
  return holder.__storePlatform;
}

if (STORE_API_URL) {
  const upstream = STORE_API_URL;
  setServerTransport({
    baseUrl: `${upstream.replace(/\/$/, '')}/`,
    appToken: STORE_APP_TOKEN,
    validate: true,
  });
  app.all('/api/*', (c) => proxyApi(c.req.raw, upstream));
} else {
  // Start opening the database now: a locked data folder stops the server at start, not at the first visit.
  platform().catch((error: unknown) => {
    console.error(`[platform] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  // Close the database on shutdown so PGlite flushes its files and the folder lock is released.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void holder.__storePlatform?.then((booted) => booted.database.close()).finally(() => process.exit(0));
    });
  }
  const embedded = async (request: Request, client: string | undefined) => {
    const call = rewrite(request, '/api');
    // The platform keys rate limits on this header: ours, never the caller's.
    call.headers.delete(CLIENT_HEADER);
    if (client) call.headers.set(CLIENT_HEADER, client);
    return (await platform()).api.fetch(call);
  };
  // Server-side rendering reaches the embedded platform in-process: no loopback HTTP.
  setServerTransport({
    appToken: STORE_APP_TOKEN,
    validate: false,
    fetch: (input, init) => embedded(new Request(input, init), visitor.getStore()),
  });
  app.all('/api/*', (c) => embedded(c.req.raw, clientAddress(c.req.raw)));
  app.get('/arquivos/*', async (c) => (await platform()).media.fetch(rewrite(c.req.raw, '/arquivos')));
}

/** The visitor's address as Astro's node adapter found it (X-Forwarded-For only behind a trusted proxy). */
function clientAddress(request: Request): string | undefined {
  const address: unknown = Reflect.get(request, Symbol.for('astro.clientAddress'));
  return typeof address === 'string' ? address : undefined;
}

/** The same request with a path prefix removed, for a sub-app that knows nothing of where it is mounted. */
function rewrite(request: Request, prefix: string): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  return new Request(url, request);
}

// Island JavaScript, precompressed at build time (the node adapter would send it uncompressed).
const assets = builtDir(import.meta.url, 'assets');
if (assets) app.get('/_astro/*', serveAssets(assets));

// Maintenance (src/lib/maintenance.ts): the waiting page for everyone but a released visitor.
app.use(
  maintenance({
    mode: MAINTENANCE,
    secret: MAINTENANCE_SECRET,
    settings: (origin) => getLayoutData(createClient(origin), origin).then((layout) => layout.settings),
  }),
);

// Marketing pages built to static HTML by `astro build` (src/lib/static-pages.ts).
const prerendered = builtDir(import.meta.url, 'pages');
if (prerendered) app.use(servePrerendered(prerendered));

app.use((c, next) => visitor.run(clientAddress(c.req.raw), next));
app.use(astro());

export default app;
