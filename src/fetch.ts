// One file on purpose: the request pipeline reads top to bottom in the order every request takes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Hono } from 'hono';
import { astro } from 'astro/hono';
import {
  ADMIN_TOKEN,
  DATABASE_URL,
  DATA_DIR,
  FORCE_SITE_URL,
  MAIL_FROM,
  MAIL_OUTBOX,
  FOCUSNFE_API_URL,
  FOCUSNFE_TOKEN,
  FOCUSNFE_WEBHOOK_SECRET,
  MAINTENANCE,
  MAINTENANCE_SECRET,
  MELHORENVIO_API_URL,
  MELHORENVIO_CLIENT_ID,
  MELHORENVIO_CLIENT_SECRET,
  MELHORENVIO_REFRESH_TOKEN,
  MELHORENVIO_TOKEN,
  MERCADOPAGO_ACCESS_TOKEN,
  MERCADOPAGO_API_URL,
  MERCADOPAGO_WEBHOOK_SECRET,
  PIX_API_URL,
  PIX_CA,
  PIX_CLIENT_CERT,
  PIX_CLIENT_ID,
  PIX_CLIENT_KEY,
  PIX_CLIENT_SECRET,
  PIX_KEY,
  PIX_TOKEN_URL,
  PORT,
  CEP_PROVIDERS,
  PROXY_SIGNATURE_SECRET,
  REDIS_URL,
  ROLE,
  MAIL_RETRY_LIMIT,
  MAIL_RETRY_DELAY_SECONDS,
  SEED_PRODUCTS,
  SESSION_SECRET,
  SITE_URL,
  SMTP_URL,
  STORE_API_URL,
  STORE_APP_TOKEN,
} from 'astro:env/server';
import { createClient, setServerTransport } from './api/http.ts';
import { forgetLayoutData, getLayoutData } from './api/layout.ts';
import { closeWhileDraining, healthCheck, outagePages } from './edge/availability.ts';
import { lifecycle } from './edge/lifecycle.ts';
import { servedMethods } from './edge/methods.ts';
import { ownHostsOnly } from './edge/own-hosts.ts';
import { privatePanel } from './edge/panel.ts';
import { pageParamsOnly } from './edge/query.ts';
import { dropRouteCache } from './edge/route-cache.ts';
import { builtDir, serveAssets } from './edge/assets.ts';
import { compression } from './edge/compression.ts';
import { maintenance } from './edge/maintenance.ts';
import { proxyApi } from './edge/proxy.ts';
import { publicOrigin } from './edge/public-origin.ts';
import { refusalStatus } from './edge/refusal-status.ts';
import { securityHeaders } from './edge/security-headers.ts';
import { tooLarge } from './edge/too-large.ts';
import { trustedProxy } from './edge/trusted-proxy.ts';
import { servePrerendered } from './edge/static-pages.ts';
import { bootPlatform } from './server/boot.ts';
import type { Booted } from './server/boot.ts';
import { DEFAULT_MAIL_RETRY } from './server/jobs/mail.ts';
import { CLIENT_HEADER } from './server/context.ts';
import { SHEET_MAX_BYTES, SHEET_TOO_LARGE, SHEET_UPLOAD_PATH } from './contract/catalog-sheet.ts';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, PHOTO_UPLOAD_PATH } from './contract/staff-products.ts';
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE, LOGO_UPLOAD_PATH } from './contract/store-config.ts';
import { BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_TOO_LARGE, BANNER_UPLOAD_PATH } from './contract/banners.ts';

/** No form or API call of the store comes near this; anything larger is refused while it streams. */
const BODY_MAX_BYTES = 256 * 1024;

/**
 * The request entry: `/api/*` goes to the embedded store platform (or, with STORE_API_URL, to the
 * external one), `/arquivos/*` serves its rendered images, and everything else is Astro.
 */
const app = new Hono();
app.use(closeWhileDraining());
app.use(servedMethods());
// Bodies are counted while they arrive, each path to its own limit (edge/too-large.ts; the API caps its
// JSON lower still, server/middleware.ts). The node adapter's own limit (astro.config.mjs) is above them all.
const anyBody = tooLarge(BODY_MAX_BYTES, 'Os dados enviados são grandes demais.');
// A catalogue sheet (the back office's form, and the staff API call it makes) may be larger…
const sheetBody = tooLarge(SHEET_MAX_BYTES + 64 * 1024, SHEET_TOO_LARGE);
const SHEET_PATHS = new Set(['/painel/produtos/planilha', `/api${SHEET_UPLOAD_PATH}`]);
// … and a product's photo: the product's panel page posts it, then its staff API call.
const photoBody = tooLarge(PHOTO_MAX_BYTES + 64 * 1024, PHOTO_TOO_LARGE);
const PHOTO_PAGE = /^\/painel\/produtos\/\d{1,9}$/;
// … and the store's logo: Configurações posts it, then its staff API call.
const logoBody = tooLarge(LOGO_MAX_BYTES + 64 * 1024, LOGO_TOO_LARGE);
const LOGO_PATHS = new Set(['/painel/configuracoes', `/api${LOGO_UPLOAD_PATH}`]);
// … and a banner's two images: its panel page posts both, then one staff API call each.
const bannerPageBody = tooLarge(2 * BANNER_IMAGE_MAX_BYTES + 64 * 1024, BANNER_IMAGE_TOO_LARGE);
const bannerImageBody = tooLarge(BANNER_IMAGE_MAX_BYTES + 64 * 1024, BANNER_IMAGE_TOO_LARGE);
const BANNER_PAGE = /^\/painel\/banners(\/\d{1,9})?$/;
app.use((c, next) =>
  (SHEET_PATHS.has(c.req.path)
    ? sheetBody
    : PHOTO_PAGE.test(c.req.path) || (c.req.path.startsWith('/api/') && PHOTO_UPLOAD_PATH.test(c.req.path))
      ? photoBody
      : LOGO_PATHS.has(c.req.path)
        ? logoBody
        : BANNER_PAGE.test(c.req.path)
          ? bannerPageBody
          : c.req.path === `/api${BANNER_UPLOAD_PATH}`
            ? bannerImageBody
            : anyBody)(c, next),
);
// Behind Netlify's signed proxy, the visitor's address comes from X-Forwarded-For (trusted-proxy.ts).
if (PROXY_SIGNATURE_SECRET) app.use(trustedProxy(PROXY_SIGNATURE_SECRET));
// Requests are taken as made on SITE_URL, or redirected there (public-origin.ts); without it, only the
// machine's own names are served, so no request can put another host into a page (own-hosts.ts).
app.use(SITE_URL ? publicOrigin(SITE_URL, { redirect: FORCE_SITE_URL }) : ownHostsOnly());
app.use(securityHeaders());
app.on(
  ['GET', 'HEAD'],
  '/saude',
  healthCheck(() => unavailable()),
);
// A worker (ROLE=worker) works the queue and answers only its health check: the web instances serve.
if (ROLE === 'worker')
  app.all('*', (c) => c.text('Esta instância só trabalha a fila de tarefas (ROLE=worker).', 404));
// HTML, JSON, XML and SVG leave compressed (brotli or gzip); images are already compressed formats.
app.use(compression());
// While the database is away, a page that needed it is the outage page (503), and /saude says so.
app.use(outagePages(() => unavailable()));

/** The visitor whose page is being rendered, for the in-process calls that page makes. */
const visitor = new AsyncLocalStorage<string | undefined>();

/** Why the store cannot serve now (the embedded platform's database is away or not open yet), or undefined. */
let unavailable: () => string | undefined = () => undefined;

if (STORE_API_URL) {
  const upstream = STORE_API_URL;
  setServerTransport({
    baseUrl: `${upstream.replace(/\/$/, '')}/`,
    appToken: STORE_APP_TOKEN,
    validate: true,
  });
  app.all('/api/*', (c) => proxyApi(c.req.raw, upstream));
} else {
  const holder = globalThis as typeof globalThis & { __storePlatform?: Promise<Booted> };
  let booted: Booted | undefined;
  let bootFailed = false;
  // One platform per process (dev reloads this module; the database must not be opened twice). Opening
  // starts now: a locked data folder stops the server at start, not at the first visit.
  holder.__storePlatform ??= bootPlatform({
    databaseUrl: DATABASE_URL,
    dataDir: DATA_DIR,
    appToken: STORE_APP_TOKEN,
    siteUrl: SITE_URL,
    publicOrigin: SITE_URL ?? `http://localhost:${String(PORT)}`,
    seedProducts: SEED_PRODUCTS,
    sessionSecret: SESSION_SECRET,
    pixKey: PIX_KEY,
    pix: {
      apiUrl: PIX_API_URL,
      tokenUrl: PIX_TOKEN_URL,
      clientId: PIX_CLIENT_ID,
      clientSecret: PIX_CLIENT_SECRET,
      clientCert: PIX_CLIENT_CERT,
      clientKey: PIX_CLIENT_KEY,
      ca: PIX_CA,
    },
    mercadoPago: {
      accessToken: MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: MERCADOPAGO_WEBHOOK_SECRET,
      apiUrl: MERCADOPAGO_API_URL,
    },
    melhorEnvio: {
      token: MELHORENVIO_TOKEN,
      apiUrl: MELHORENVIO_API_URL,
      clientId: MELHORENVIO_CLIENT_ID,
      clientSecret: MELHORENVIO_CLIENT_SECRET,
      refreshToken: MELHORENVIO_REFRESH_TOKEN,
    },
    focusNfe: { token: FOCUSNFE_TOKEN, apiUrl: FOCUSNFE_API_URL, webhookSecret: FOCUSNFE_WEBHOOK_SECRET },
    adminToken: ADMIN_TOKEN,
    cepProviders: CEP_PROVIDERS,
    mail: { smtpUrl: SMTP_URL, from: MAIL_FROM, outboxDir: MAIL_OUTBOX },
    redisUrl: REDIS_URL,
    role: ROLE,
    mailRetry:
      MAIL_RETRY_LIMIT === undefined && MAIL_RETRY_DELAY_SECONDS === undefined
        ? undefined
        : {
            limit: MAIL_RETRY_LIMIT ?? DEFAULT_MAIL_RETRY.limit,
            delaySeconds: MAIL_RETRY_DELAY_SECONDS ?? DEFAULT_MAIL_RETRY.delaySeconds,
          },
    // Another instance (or a tool) changed the catalogue or the settings: drop what this one cached.
    onChange: () => {
      forgetLayoutData();
      void dropRouteCache();
    },
    onRetry: () => {
      bootFailed = true;
    },
  });
  const ready = holder.__storePlatform.then(
    (platform) => {
      booted = platform;
      lifecycle.onClose(platform.close);
      return platform;
    },
    (error: unknown) => {
      console.error(`[platform] ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
  unavailable = () =>
    !booted
      ? 'banco de dados ainda não aberto'
      : booted.database.health.up
        ? undefined
        : 'banco de dados fora do ar';
  /** The platform, or undefined when it is not open yet and a visitor should not wait for it. */
  const platform = async (): Promise<Booted | undefined> => {
    if (booted) return booted;
    if (bootFailed) return undefined;
    // A first start opens and seeds the database: wait for it, but never past 2 s per request.
    return Promise.race([ready, new Promise<undefined>((resolve) => setTimeout(resolve, 2000))]);
  };
  const notReady = () =>
    Response.json(
      { error: 'unavailable', mensagem: 'A loja está iniciando. Tente de novo em alguns segundos.' },
      { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
    );
  const embedded = async (request: Request, client: string | undefined) => {
    const call = rewrite(request, '/api');
    // The platform keys rate limits on this header: ours, never the caller's.
    call.headers.delete(CLIENT_HEADER);
    if (client) call.headers.set(CLIENT_HEADER, client);
    const open = await platform();
    return open ? open.api.fetch(call) : notReady();
  };
  // Server-side rendering reaches the embedded platform in-process: no loopback HTTP.
  setServerTransport({
    appToken: STORE_APP_TOKEN,
    validate: false,
    fetch: (input, init) => embedded(new Request(input, init), visitor.getStore()),
  });
  app.all('/api/*', (c) => embedded(c.req.raw, clientAddress(c.req.raw)));
  app.get('/arquivos/*', async (c) => {
    const open = await platform();
    return open ? open.media.fetch(rewrite(c.req.raw, '/arquivos')) : notReady();
  });
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

// Maintenance (src/edge/maintenance.ts): the waiting page for everyone but a released visitor.
app.use(
  maintenance({
    mode: MAINTENANCE,
    secret: MAINTENANCE_SECRET,
    settings: (origin) => getLayoutData(createClient(origin), origin).then((layout) => layout.settings),
  }),
);

// Marketing pages built to static HTML by `astro build` (src/edge/static-pages.ts).
const prerendered = builtDir(import.meta.url, 'pages');
if (prerendered) app.use(servePrerendered(prerendered, STORE_APP_TOKEN));

// The back office (/painel) is never cached, indexed or referred (edge/panel.ts).
app.use(privatePanel());
// Pages render (and are cached) with the query parameters they read, nothing else (edge/query.ts).
app.use(pageParamsOnly());
app.use((c, next) => visitor.run(clientAddress(c.req.raw), next));
// A page that met a refusal of the platform answers with its status, not Astro's 500 (edge/refusal-status.ts).
app.use(refusalStatus());
app.use(astro());

export default app;
