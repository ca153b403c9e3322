import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject, vi } from 'vitest';
import type { z } from 'zod';
import { mintSessionId } from '#/server/accounts/sessions.ts';
import { createPlatform } from '#/server/app.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { startIntegrations } from '#/server/integrations/hub.ts';
import type { EnvIntegrations } from '#/server/integrations/hub.ts';
import type { InvoiceProvider } from '#/server/invoices/provider.ts';
import type { ShippingProvider } from '#/server/carriers/provider.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import type { PaymentProvider } from '#/server/orders/payments.ts';
import type { PixApi } from '#/server/payments/pix-api/client.ts';
import type { MercadoPago } from '#/server/payments/mercadopago/client.ts';
import { openDatabase } from '#/server/db/client.ts';
import type { Database } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { seedDatabase } from '#/server/seed/index.ts';

export const APP_TOKEN = 'test-token';
export const ORIGIN = 'https://loja.test';
/** Signs the session ids of test platforms, so a test can hold ids of its own (`newSession`). */
export const SESSION_SECRET = 'chave-de-sessao-dos-testes-0123456789';

/** The Pix key the owner of a test store gave in Configurações (a valid CNPJ that is not the seed's example). */
export const OWNERS_PIX_KEY = '11222333000181';

/** The staff API's token on test platforms. */
export const ADMIN_TOKEN = 'token-da-equipe-dos-testes-0123456789';

/** A session id the test platforms accept, as if the platform had issued it to a new visitor. */
export const newSession = (): string => mintSessionId(SESSION_SECRET);

let extensionsInPublic: Promise<void> | undefined;

/**
 * The migrations' extensions (pg_trgm, unaccent) in `public`, where every test schema finds them. Left to
 * the first migration, they would land in its throw-away schema: other schemas could not see them, and
 * dropping that schema (CASCADE) would take them and every index built on them.
 */
async function putExtensionsInPublic(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7342001)');
    for (const name of ['pg_trgm', 'unaccent']) {
      const { rows } = await client.query<{ schema: string }>(
        'SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = $1',
        [name],
      );
      const where = rows[0]?.schema;
      if (where === undefined) await client.query(`CREATE EXTENSION IF NOT EXISTS ${name} SCHEMA public`);
      else if (where !== 'public') await client.query(`ALTER EXTENSION ${name} SET SCHEMA public`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7342001)').catch(() => undefined);
    await client.end();
  }
}

/**
 * An in-memory PGlite seeded with `products`: loaded from this run's snapshot of that size when one exists,
 * else migrated and seeded here, then saved for the next test file (write, then rename: whole or absent).
 */
async function seededPglite(products: number): Promise<Database> {
  // Suites outside the server projects (the browser stores' tests) have no snapshot folder.
  const folder = inject('pgliteSnapshots') as string | undefined;
  const file = folder && path.join(folder, `seed-${String(products)}.tar`);
  const saved = file ? await readFile(file).catch(() => undefined) : undefined;
  if (saved) return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([saved]) });
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedDatabase(database.db, products);
  const dump = file && (await database.dump?.());
  if (file && dump) {
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  return database;
}

/**
 * A seeded platform on in-memory PGlite, or in a throw-away schema of TEST_DATABASE_URL. Its e-mail is
 * kept in memory (`mail`) unless a test hands it a real `mailer`.
 */
export async function startPlatform(
  products = 400,
  options: {
    mailer?: Mailer;
    paymentProvider?: PaymentProvider;
    pix?: { api: PixApi; webhookSecret: string };
    mercadoPago?: MercadoPago;
    invoiceProvider?: InvoiceProvider | undefined;
    invoiceWebhookSecret?: string;
    /** The shipping provider, built on the test's database (its tokens live there). */
    shipping?: (db: Database['db']) => ShippingProvider | undefined;
    /** SITE_URL and PIX_KEY, as the environment gives them. */
    siteUrl?: string;
    pixKey?: string;
    /**
     * Keep the seed's example Pix key, as a new store has it (then no Pix is offered). By default the owner
     * has given the store's own key (OWNERS_PIX_KEY), as every store that sells has.
     */
    examplePixKey?: boolean;
    /**
     * Providers as the store process builds them (integrations/hub.ts): from these environment settings and
     * from what the owner keeps in /painel/integracoes. The platform then reads its mailer and providers there.
     */
    integrations?: EnvIntegrations;
  } = {},
) {
  const postgres = process.env['TEST_DB'] === 'postgres';
  const schemaName = postgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (postgres) await (extensionsInPublic ??= putExtensionsInPublic(process.env['TEST_DATABASE_URL'] ?? ''));
  let database: Database;
  if (postgres) {
    database = await openDatabase({ url: process.env['TEST_DATABASE_URL'], schemaName });
    await seedDatabase(database.db, products);
  } else database = await seededPglite(products);
  if (!options.examplePixKey)
    await database.db
      .update(t.settings)
      .set({
        value: sql`jsonb_set(${t.settings.value}, '{pagamentos,pix,chave}', ${JSON.stringify(OWNERS_PIX_KEY)}::jsonb)`,
      })
      .where(sql`${t.settings.key} = 'configuracoes'`);
  /** What the platform e-mailed, newest last. */
  const mail = memoryMailer();
  const integrations =
    options.integrations &&
    (await startIntegrations({
      db: database.db,
      env: options.integrations,
      key: () => Promise.resolve(SESSION_SECRET),
      storeName: () => Promise.resolve('Loja de teste'),
    }));
  const platform = createPlatform({
    db: database.db,
    appToken: APP_TOKEN,
    sessionSecret: SESSION_SECRET,
    adminToken: ADMIN_TOKEN,
    mailer: options.mailer ?? mail,
    paymentProvider: options.paymentProvider,
    pix: options.pix,
    mercadoPago: options.mercadoPago,
    invoiceProvider: options.invoiceProvider,
    invoiceWebhookSecret: options.invoiceWebhookSecret,
    shippingProvider: options.shipping?.(database.db),
    siteUrl: options.siteUrl,
    pixKey: options.pixKey,
    integrations,
    mediaDir: path.join(os.tmpdir(), `store-media-${randomBytes(4).toString('hex')}`),
  });
  const request = (pathAndQuery: string, init: RequestInit = {}) =>
    platform.api.request(`${ORIGIN}${pathAndQuery}`, {
      ...init,
      headers: { 'App-Token': APP_TOKEN, ...(init.headers as Record<string, string> | undefined) },
    });
  /** GET a path, expect `status`, and parse the body with a contract schema. */
  const getJson = async <S extends z.ZodType>(
    pathAndQuery: string,
    schema: S,
    status = 200,
  ): Promise<z.infer<S>> => {
    const res = await request(pathAndQuery);
    const body: unknown = await res.json();
    if (res.status !== status)
      throw new Error(`${pathAndQuery}: expected ${status}, got ${res.status} ${JSON.stringify(body)}`);
    return schema.parse(body);
  };
  /**
   * A customer logged in on `session`, written straight into the tables (the login endpoint is tested on
   * its own): for routes that need a logged-in shopper.
   */
  const loginAs = async (session: string, customer: { name: string; internalSeller?: string }) => {
    const email = `${randomBytes(6).toString('hex')}@exemplo.com.br`;
    const [row] = await database.db
      .insert(t.customers)
      .values({
        email,
        pessoa: 'F',
        document: String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)),
        name: customer.name,
        passwordHash: 'não usado',
        internalSeller: customer.internalSeller ?? '',
      })
      .returning({ id: t.customers.id });
    if (!row) throw new Error('no customer');
    await database.db
      .insert(t.sessions)
      .values({ id: session, customerId: row.id })
      .onConflictDoUpdate({ target: t.sessions.id, set: { customerId: row.id } });
    return row.id;
  };
  const stop = async () => {
    await integrations?.close();
    if (schemaName) await database.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`));
    await database.close();
  };
  return { platform, database, request, getJson, loginAs, stop, mail: mail.sent, integrations };
}

export type TestPlatform = Awaited<ReturnType<typeof startPlatform>>;

/**
 * Run `work` while the database refuses every `event` (INSERT, UPDATE…) on `table`, as a fault between two
 * steps would: a trigger raises, and is dropped afterwards. The platform's error log is silenced meanwhile.
 */
export async function withFailingTrigger(
  db: Database['db'],
  name: string,
  event: string,
  table: string,
  work: () => Promise<void>,
): Promise<void> {
  await db.execute(
    sql.raw(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'falha simulada'; END $$`,
    ),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await work();
  } finally {
    errors.mockRestore();
    await db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
    await db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  }
}
