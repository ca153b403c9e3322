// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import lateHydration from './src/lib/late-hydration/integration.ts';
import buildOutput from './src/build/output-integration.ts';
import { islandChunks } from './src/build/island-chunks.ts';
import { terserPass } from './src/build/terser-pass.ts';
import { islandRuntimeImport } from './src/build/island-runtime-import.ts';
import { BUILD_ORIGIN } from './src/edge/static-pages.ts';
import { INLINE_SCRIPTS, scriptHash } from './src/lib/inline-scripts.ts';
import { TAG_MANAGER_CONNECT, TAG_MANAGER_ORIGIN } from './src/lib/tag-manager.ts';

const serverSecret = /** @type {const} */ ({ context: 'server', access: 'secret', optional: true });

export default defineConfig({
  output: 'server',
  // The adapter's own cut, above every limit src/fetch.ts sets per path while a body streams (256 KB for a
  // form, 8 MB for the panel's sheet, 10 MB for a product photo, each plus 64 KB of form): those answer a
  // clear 413 first. Lower than them, a documented upload failed inside the page (a 2 MB phone photo).
  adapter: node({ mode: 'standalone', bodySizeLimit: 11 * 1024 * 1024 }),
  integrations: [react(), lateHydration(), buildOutput()],
  // The origin written into prerendered pages: SITE_URL, or a stand-in replaced per request (static-pages.ts).
  site: process.env.SITE_URL || BUILD_ORIGIN,
  // Styles travel inside the (compressed, cached) HTML: no render-blocking request on slow connections.
  build: { inlineStylesheets: 'always' },
  // A short class instead of a long data attribute on every element: a third less HTML.
  scopedStyleStrategy: 'class',
  server: { host: true, port: 4321 },
  // Marketing Markdown has no code to colour (Shiki's inline styles would also need a CSP exception).
  markdown: { syntaxHighlight: false },
  // Content-Security-Policy in every page: Astro hashes its own scripts and styles, and our few inline
  // scripts have fixed code (src/lib/inline-scripts.ts) allowed by hash; no 'unsafe-inline' script. Style attributes (badge colours from
  // the platform, a hero's colours) are allowed; the tag manager only loads after consent, from Google.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: https:",
        `connect-src 'self' ${TAG_MANAGER_CONNECT.join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: {
        resources: ["'self'", TAG_MANAGER_ORIGIN],
        hashes: INLINE_SCRIPTS.map(scriptHash),
      },
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // Catalogue HTML is the same for every visitor: kept in memory and revalidated in the background, and
  // dropped at once when the catalogue changes on any instance (src/edge/route-cache.ts).
  cache: { provider: { name: 'memory', entrypoint: './src/edge/route-cache.ts', config: { max: 2000 } } },
  vite: {
    plugins: [terserPass(), islandRuntimeImport()],
    environments: {
      client: {
        build: {
          // The islands' shared code travels as one file, not a dozen (src/build/island-chunks.ts).
          rollupOptions: { output: { manualChunks: islandChunks } },
        },
      },
    },
  },
  env: {
    schema: {
      /** Base URL of an external store platform; unset = the embedded platform answers /api. */
      STORE_API_URL: envField.string({ ...serverSecret, url: true }),
      /** The App-Token the platform expects: the store identifier, sent by browsers too (not a secret). */
      // A secret only in Astro's sense: read when the server starts, not written into the build.
      STORE_APP_TOKEN: envField.string({ context: 'server', access: 'secret', default: 'wapstore' }),
      /** PostgreSQL connection string; unset = embedded PGlite in DATA_DIR. */
      DATABASE_URL: envField.string(serverSecret),
      /** Signs shopper session ids (32+ characters); unset = a key made on first start, kept in the database. */
      SESSION_SECRET: envField.string({ ...serverSecret, min: 32 }),
      /** SMTP server for e-mail to shoppers (`smtp://user:pass@host:587`); unset = kept in the mail_outbox table. */
      SMTP_URL: envField.string({ ...serverSecret, url: true }),
      /**
       * The sender of the store's e-mail; unset = loja@localhost under the store's name from its settings (a
       * default with a name would send every store's e-mail under the example's).
       */
      MAIL_FROM: envField.string(serverSecret),
      /** While SMTP_URL is unset, also write kept e-mail as .eml files to this folder; unset = the table only. */
      MAIL_OUTBOX: envField.string(serverSecret),
      /** The store's Pix key (CNPJ, CPF, e-mail, +55 phone or random key); unset = the one in the store settings. */
      PIX_KEY: envField.string({ ...serverSecret, max: 77 }),
      /** A PSP's API Pix (`https://pix.example.com/v2`): each Pix order gets its own charge, confirmed by itself; unset = the static BR Code the team confirms. */
      PIX_API_URL: envField.string({ ...serverSecret, url: true }),
      /** The PSP's OAuth2 client-credentials endpoint (with PIX_API_URL). */
      PIX_TOKEN_URL: envField.string({ ...serverSecret, url: true }),
      /** The store's OAuth2 client at the PSP (with PIX_API_URL). */
      PIX_CLIENT_ID: envField.string(serverSecret),
      PIX_CLIENT_SECRET: envField.string(serverSecret),
      /** PEM files of the store's client certificate and key for mutual TLS with the PSP (with PIX_API_URL). */
      PIX_CLIENT_CERT: envField.string(serverSecret),
      PIX_CLIENT_KEY: envField.string(serverSecret),
      /** A PEM file of a private chain the PSP's server certificate is signed by; unset = the system's. */
      PIX_CA: envField.string(serverSecret),
      /** Mercado Pago's access token: the checkout offers card (interest-free installments) and boleto on its hosted page; unset = Pix alone. */
      MERCADOPAGO_ACCESS_TOKEN: envField.string(serverSecret),
      /** The secret Mercado Pago signs its notices with (required with the token). */
      MERCADOPAGO_WEBHOOK_SECRET: envField.string(serverSecret),
      /** Mercado Pago's API base; unset = https://api.mercadopago.com (tests point it to a double). */
      MERCADOPAGO_API_URL: envField.string({ ...serverSecret, url: true }),
      /** Focus NFe's company token: orders get their NF-e through it (the panel's button or at payment); unset = no NF-e issued. */
      FOCUSNFE_TOKEN: envField.string(serverSecret),
      /** Focus NFe's API base; unset = its homologation address https://homologacao.focusnfe.com.br (notes without fiscal value). Production: https://api.focusnfe.com.br. */
      FOCUSNFE_API_URL: envField.string({ ...serverSecret, url: true }),
      /** What Focus NFe's webhook sends in `Authorization` (the `authorization` given when creating it); unset = notices are only triggers to read again. */
      FOCUSNFE_WEBHOOK_SECRET: envField.string(serverSecret),
      /** Melhor Envio's access token: labels bought and parcels followed from the order page; unset = tracking typed by the team. */
      MELHORENVIO_TOKEN: envField.string(serverSecret),
      /** Melhor Envio's base; unset = its sandbox https://sandbox.melhorenvio.com.br (labels without value). Production: https://melhorenvio.com.br. */
      MELHORENVIO_API_URL: envField.string({ ...serverSecret, url: true }),
      /** The OAuth2 application and refresh token that renew an expired access token (all three, or none). */
      MELHORENVIO_CLIENT_ID: envField.string(serverSecret),
      MELHORENVIO_CLIENT_SECRET: envField.string(serverSecret),
      MELHORENVIO_REFRESH_TOKEN: envField.string(serverSecret),
      /** Bearer token of the staff API (`/api/v2/admin/orders`); unset = no staff API. */
      ADMIN_TOKEN: envField.string({ ...serverSecret, min: 24 }),
      /** `cep-promise` services that fill an address from its CEP (`brasilapi,viacep`); unset = the embedded table only. */
      CEP_PROVIDERS: envField.string(serverSecret),
      /** Redis for what instances share (rate-limit counters); unset = PostgreSQL when DATABASE_URL is set. */
      REDIS_URL: envField.string(serverSecret),
      /** What this process does: `all` serves the store and works the job queue; `web` only serves; `worker` only works the queue (docs/operations.md). */
      ROLE: envField.enum({ ...serverSecret, values: ['all', 'web', 'worker'], default: 'all' }),
      /** How many times the queue retries an e-mail the mail server did not take (default 10, about two hours). */
      MAIL_RETRY_LIMIT: envField.number({ ...serverSecret, int: true, gt: -1, lt: 51 }),
      /** Seconds before the first retry of an e-mail, doubled each time up to an hour (default 30). */
      MAIL_RETRY_DELAY_SECONDS: envField.number({ ...serverSecret, int: true, gt: 0, lt: 3601 }),
      /** Folder of the embedded database and the rendered image cache. */
      DATA_DIR: envField.string({ ...serverSecret, default: '.data' }),
      /** Public origin of the store (absolute URLs in API answers); unset = the request's origin. */
      SITE_URL: envField.string({ ...serverSecret, url: true }),
      /** Answer a request made on another origin than SITE_URL (http, no www) with a 301 there (no CDN doing it). */
      FORCE_SITE_URL: envField.boolean({ context: 'server', access: 'secret', default: false }),
      /** The secret of Netlify's signed proxy (netlify.toml): requests signed with it have their X-Forwarded-For believed. */
      PROXY_SIGNATURE_SECRET: envField.string(serverSecret),
      /** The port the server listens on (the Node adapter reads it too): the printed local addresses use it. */
      PORT: envField.number({ ...serverSecret, default: 4321, int: true, gt: 0 }),
      /** Number of products the first start seeds into an empty database. */
      SEED_PRODUCTS: envField.number({ ...serverSecret, default: 400, int: true, gt: 0 }),
      /** Maintenance mode regardless of the platform's setting (`on`), or never (`off`); unset = the setting decides. */
      MAINTENANCE: envField.enum({ ...serverSecret, values: ['on', 'off'] }),
      /** The value of `?liberar=` that shows the store during maintenance; unset = nobody can bypass it. */
      MAINTENANCE_SECRET: envField.string(serverSecret),
    },
  },
});
