import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { createPlatform } from './app.ts';
import type { Platform } from './app.ts';
import { followChanges } from './changes.ts';
import { warmListings } from './catalog/listing.ts';
import { getTaxonomy } from './catalog/taxonomy.ts';
import { inTransaction, SEED_LOCK, openDatabase } from './db/client.ts';
import type { Database, Db } from './db/client.ts';
import { errorCode, isConnectionLoss } from './db/health.ts';
import { cepProviderFrom } from './addresses/cep.ts';
import { loadSettings, pixRefusal } from './content/settings.ts';
import { sharedSessionKey } from './accounts/sessions.ts';
import type { SettingsEnv } from './content/settings.ts';
import { mailDelivers } from './mail/mailer.ts';
import type { PixSettings } from './payments/pix-api/config.ts';
import type { MercadoPagoSettings } from './payments/mercadopago/config.ts';
import type { FocusNfeSettings } from './invoices/focusnfe/config.ts';
import { startIntegrations } from './integrations/hub.ts';
import type { Integrations } from './integrations/hub.ts';
import type { MelhorEnvioSettings } from './carriers/melhorenvio/config.ts';
import { startBoss, works } from './jobs/boss.ts';
import type { Role } from './jobs/boss.ts';
import { DEFAULT_MAIL_RETRY, startMailQueue } from './jobs/mail.ts';
import type { MailQueue, MailRetry } from './jobs/mail.ts';
import { startOrderNotices } from './jobs/order-notices.ts';
import { startSweeps } from './jobs/sweeps.ts';
import type { Sweep } from './jobs/sweeps.ts';
import { storeSweeps } from './jobs/store-sweeps.ts';
import { ownerAddresses } from './staff/alerts.ts';
import { createLimits } from './rate-limit.ts';
import { offerFirstOwner } from './staff/first-owner.ts';
import type { LimitStore } from './rate-limit.ts';
import { DEFAULT_PRODUCTS, ensureAdvertisedCoupons, isSeeded, seedDatabase } from './seed/index.ts';

export type BootOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  appToken: string;
  siteUrl?: string | undefined;
  seedProducts?: number | undefined;
  /** E-mail: SMTP when `smtpUrl` is set, else the `mail_outbox` table (and `.eml` files in `outboxDir` when set). */
  mail?: { smtpUrl?: string | undefined; from?: string | undefined; outboxDir?: string | undefined };
  /** Signs session ids; unset = a key kept in the database (see accounts/sessions.ts). */
  sessionSecret?: string | undefined;
  /** The store's Pix key; unset = the store settings' key. */
  pixKey?: string | undefined;
  /** A PSP's API Pix (PIX_API_URL and the rest); unset = the static BR Code the team confirms. */
  pix?: Omit<PixSettings, 'pixKey'> | undefined;
  /** Mercado Pago for card and boleto (MERCADOPAGO_*); unset = the checkout takes Pix alone. */
  mercadoPago?: MercadoPagoSettings | undefined;
  /** Focus NFe for the orders' NF-e (FOCUSNFE_*); unset = no NF-e issued by the store. */
  focusNfe?: FocusNfeSettings | undefined;
  /** Melhor Envio for labels and tracking (MELHORENVIO_*); unset = tracking typed by the team. */
  melhorEnvio?: MelhorEnvioSettings | undefined;
  /** Bearer token of the staff API; unset = no staff API. */
  adminToken?: string | undefined;
  /** `cep-promise` services for street-level CEP lookup (`brasilapi,viacep`); unset = the embedded table. */
  cepProviders?: string | undefined;
  /** Redis for what instances share (rate-limit counters); unset = PostgreSQL, or this process. */
  redisUrl?: string | undefined;
  /**
   * A server that people use (default): warm the listing caches in the background, and tell the operator at
   * start what needs them (the first owner's address, e-mail that does not leave). The build's platform, which
   * only reads menus and pages, passes false: nobody could use what it would print.
   */
  warm?: boolean;
  /** Told (after the platform's own caches are dropped) when the catalogue or the settings change. */
  onChange?: (tables: ReadonlySet<string>) => void;
  /** Where the printed first-owner address points (SITE_URL, else this server's local address). */
  publicOrigin?: string | undefined;
  /** Told of each failed attempt while PostgreSQL cannot be reached at start (boot keeps trying). */
  onRetry?: (error: unknown) => void;
  /**
   * Start the job queue (default). The build's platform, which only reads menus and pages, passes false: it
   * writes nothing to send, and its in-memory database ends with the build.
   */
  queue?: boolean;
  /** What this process does (ROLE): serve and work the queue (default), only serve, or only work. */
  role?: Role | undefined;
  /** How the queue retries a message the mail server refused or did not take (MAIL_RETRY_*). */
  mailRetry?: MailRetry | undefined;
};

export type Booted = Platform & {
  database: Database;
  /** The e-mail queue ("Reenviar" in the panel goes through it); absent when the queue was not started. */
  mailQueue: MailQueue | undefined;
  /** The sweeps the queue runs, for the panel's list. */
  sweeps: readonly Sweep[];
  close: () => Promise<void>;
};

const RETRY_MS = 1000;

/**
 * Open the database (creating, migrating and seeding it on first start) and build the platform. A
 * PostgreSQL that cannot be reached is tried again every second until it answers: the store serves its
 * 503 page meanwhile instead of exiting.
 */
export async function bootPlatform(options: BootOptions): Promise<Booted> {
  const database = await openWithRetry(options);
  if (!(await isSeeded(database.db))) await seedOnce(database, options.seedProducts ?? DEFAULT_PRODUCTS);
  // The coupons the shipped pages advertise exist in every store, also one seeded before coupons did.
  await ensureAdvertisedCoupons(database.db);
  // Warm the listing caches in the background; a failure only means cold first visits.
  if (options.warm !== false) warmInBackground(database.db);
  const redis = options.redisUrl ? connectRedis(options.redisUrl) : undefined;
  const store: LimitStore = redis
    ? { kind: 'redis', client: redis }
    : database.pool
      ? { kind: 'postgres', pool: database.pool }
      : { kind: 'memory' };
  // The panel's integrations are built again on every instance when their table (or the Pix key) changes.
  const started: { integrations?: Integrations } = {};
  const stopFollowing = await followChanges(database, (tables) => {
    options.onChange?.(tables);
    if ([...tables].some((table) => /(^|\.)(integrations|settings)$/.test(table) || table === '*'))
      void started.integrations?.refresh();
  });
  // Background work has no request to take an origin from: e-mailed links use SITE_URL.
  const origin = options.siteUrl ?? 'http://localhost';
  // The same key the platform signs with (createPlatform's sessionKey): SESSION_SECRET, else the database's.
  const sessionSecret = options.sessionSecret;
  const signingKey = () => (sessionSecret ? Promise.resolve(sessionSecret) : sharedSessionKey(database.db));
  const integrations = await startIntegrations({
    db: database.db,
    env: {
      mail: options.mail,
      pixKey: options.pixKey,
      pix: options.pix,
      mercadoPago: options.mercadoPago,
      focusNfe: options.focusNfe,
      melhorEnvio: options.melhorEnvio,
    },
    key: signingKey,
    siteUrl: options.siteUrl,
    storeName: async () => (await loadSettings(database.db)).nomeLoja,
  });
  started.integrations = integrations;
  const { mailer } = integrations;
  // The queue: every message and sweep is a job on the store's own database (jobs/).
  const role = options.role ?? 'all';
  const boss = options.queue === false ? undefined : await startBoss(database, role);
  const mailQueue =
    boss &&
    (await startMailQueue(boss, {
      db: database.db,
      transport: mailer,
      domain: new URL(options.siteUrl ?? 'http://loja.local').hostname,
      retry: options.mailRetry ?? DEFAULT_MAIL_RETRY,
      work: works(role),
      owners: () => ownerAddresses(database.db),
      origin: options.publicOrigin ?? origin,
    }));
  // From here on, what the store e-mails is written to the queue in the change's transaction.
  if (mailQueue) mailer.post = mailQueue.post;
  const tellOrder =
    boss &&
    (await startOrderNotices(boss, {
      db: database.db,
      mailer,
      origin: options.publicOrigin ?? origin,
      work: works(role),
    }));
  const sweeps = storeSweeps({
    database,
    integrations,
    mailer,
    origin: options.publicOrigin ?? origin,
    key: signingKey,
    tell: tellOrder,
  });
  if (boss) await startSweeps(boss, database.db, sweeps, works(role));
  if (options.warm !== false) {
    await announceFirstOwner(database.db, options.publicOrigin ?? origin);
    await warnOfSeedPixKey(database.db, options);
    if (!mailDelivers(mailer))
      console.warn(
        '[mail] Sem SMTP (nem SMTP_URL nem /painel/integracoes): os e-mails da loja ficam na caixa de saída (/painel/caixa-de-saida) e NÃO são enviados a ninguém.',
      );
  }
  const platform = createPlatform({
    db: database.db,
    appToken: options.appToken,
    siteUrl: options.siteUrl,
    sessionSecret: options.sessionSecret,
    pixKey: options.pixKey,
    integrations,
    adminToken: options.adminToken,
    cepProvider: cepProviderFrom(options.cepProviders),
    mailer,
    mediaDir: path.resolve(options.dataDir, 'media'),
    limits: createLimits(store),
    health: database.health,
    jobs: mailQueue && tellOrder && { mail: mailQueue, tellOrder, sweeps },
  });
  return {
    ...platform,
    database,
    mailQueue,
    sweeps,
    close: async () => {
      // A job in hand is finished (or, past the timeout, left for another instance to take again).
      await boss?.stop({ graceful: true, timeout: 10_000 });
      await stopFollowing();
      await integrations.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

async function openWithRetry(options: BootOptions): Promise<Database> {
  const open = () =>
    openDatabase({ url: options.databaseUrl, dataDir: options.databaseUrl ? undefined : options.dataDir });
  for (;;) {
    try {
      return await open();
    } catch (error) {
      if (!options.databaseUrl || !isConnectionLoss(error)) throw error;
      options.onRetry?.(error);
      console.error(`[platform] PostgreSQL unreachable at start (${errorCode(error)}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

/** Seed an empty database once, even when several instances start on it together. */
async function seedOnce(database: Database, products: number): Promise<void> {
  await inTransaction(database.db, async (db) => {
    if (database.kind === 'postgres') await db.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isSeeded(db)) return;
    console.log(`[platform] empty database: seeding ${String(products)} products…`);
    await seedDatabase(db, products);
  });
}

/** Redis for the shared counters: commands fail at once while it is away (the limiter then counts in memory). */
function connectRedis(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 1000 });
  let reported = false;
  redis.on('error', (error: unknown) => {
    if (!reported)
      console.error(`[redis] ${errorCode(error)}: counting rate limits in this process meanwhile`);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}

/**
 * A store with no owner yet prints the one-time address that makes the first one (staff/first-owner.ts): a
 * newcomer who just ran `npm start` opens it, with nothing to stop.
 */
async function announceFirstOwner(db: Db, origin: string): Promise<void> {
  try {
    const address = await offerFirstOwner(db, origin);
    if (address)
      console.log(
        `[painel] A loja ainda não tem dono. Crie o primeiro neste endereço (vale uma vez, por 24 horas):\n  ${address}`,
      );
  } catch (error) {
    console.error(`[painel] first-owner address not made (${errorCode(error)}): use npm run staff -- add`);
  }
}

function warmInBackground(db: Db): void {
  void getTaxonomy(db)
    .then((taxonomy) => warmListings(db, taxonomy))
    .then((n) => {
      console.log(`[platform] listing caches warm for ${String(n)} categories`);
    })
    .catch((error: unknown) => {
      console.warn(`[platform] cache warm-up failed (${errorCode(error)})`);
    });
}

/** A store still on the seed's example Pix key takes no Pix (content/settings.ts): said at start, not only in the panel. */
async function warnOfSeedPixKey(db: Db, env: SettingsEnv): Promise<void> {
  const { pix } = (await loadSettings(db)).pagamentos;
  const why = pix.ativo ? pixRefusal(env.pixKey ?? pix.chave) : undefined;
  if (why)
    console.warn(
      '[pix] O Pix está desligado: a chave Pix ainda é a de exemplo da instalação. Informe a da loja em /painel/configuracoes (ou em PIX_KEY).',
    );
}
