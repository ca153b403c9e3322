import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '#/server/accounts/passwords.ts';
import { createPlatform } from '#/server/app.ts';
import * as t from '#/server/db/schema.ts';
import { queueSchema, startBoss } from '#/server/jobs/boss.ts';
import { startMailQueue } from '#/server/jobs/mail.ts';
import { startOrderNotices } from '#/server/jobs/order-notices.ts';
import { createMailer } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { askDeletion } from '#/server/rights/deletion.ts';
import { tellBuyerOnce } from '#/server/invoices/invoices.ts';
import { ADMIN_TOKEN, APP_TOKEN, startPlatform, withFailingTrigger } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * A change and the messages it owes are one (jobs/mail.ts): a contact message and the team's notice of it, a
 * deletion request and its receipt. When a message cannot be written, the change is not kept either, and the
 * person is told it failed instead of hearing "recebida" with nobody told.
 */

let store: TestPlatform;
let boss: PgBoss;
let mailer: Mailer;
let api: ReturnType<typeof createPlatform>['api'];

beforeAll(async () => {
  store = await startPlatform(4);
  const { db } = store.database;
  boss = await startBoss(store.database, 'all');
  // Written, not sent: this file is about what is kept with the change.
  const queue = await startMailQueue(boss, {
    db,
    transport: createMailer({ from: 'loja@loja.test', db }),
    domain: 'loja.test',
    retry: { limit: 1, delaySeconds: 1 },
    work: false,
    owners: () => Promise.resolve([]),
    origin: 'https://loja.test',
  });
  mailer = createMailer({ from: 'loja@loja.test', db });
  mailer.post = queue.post;
  const tellOrder = await startOrderNotices(boss, { db, mailer, origin: 'https://loja.test', work: false });
  ({ api } = createPlatform({
    db,
    appToken: APP_TOKEN,
    adminToken: ADMIN_TOKEN,
    mailer,
    mediaDir: '/tmp/unused-media',
    jobs: { mail: queue, tellOrder, sweeps: [] },
  }));
});

afterAll(async () => {
  await boss.stop({ graceful: false, timeout: 2000 });
  const schema = store.database.postgres?.schemaName;
  if (schema)
    await store.database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${queueSchema(schema)} CASCADE`));
  await store.stop();
});

const jobTable = () => `${queueSchema(store.database.postgres?.schemaName)}.job`;
const contact = (email: string) =>
  api.request('https://loja.test/v2/front/form/contact', {
    method: 'POST',
    headers: { 'App-Token': APP_TOKEN, 'Content-Type': 'application/json', 'X-Loja-Cliente': '10.7.0.1' },
    body: JSON.stringify({
      nome: 'Rita Moraes',
      email,
      contato: '(19) 99876-5432',
      assunto: 'Pedido e entrega',
      mensagem: 'Quando chega o meu pedido?',
    }),
  });
const kept = (email: string) =>
  store.database.db.select().from(t.formSubmissions).where(eq(t.formSubmissions.email, email));
const messagesTo = (email: string) =>
  store.database.db.select().from(t.mailMessages).where(eq(t.mailMessages.recipient, email));

describe('a change and its messages are one', () => {
  test('a contact message is kept with the team’s notice, or neither is', async () => {
    expect((await contact('rita@exemplo.com.br')).status).toBe(200);
    expect(await kept('rita@exemplo.com.br')).toHaveLength(1);
    const [notice] = await store.database.db
      .select()
      .from(t.mailMessages)
      .where(eq(t.mailMessages.kind, 'equipe-mensagem'));
    expect(notice?.state).toBe('fila');

    await withFailingTrigger(store.database.db, 'sem_aviso', 'INSERT', jobTable(), async () => {
      const res = await contact('sem.aviso@exemplo.com.br');
      expect(res.status).toBeGreaterThanOrEqual(500);
    });
    expect(await kept('sem.aviso@exemplo.com.br')).toHaveLength(0);
  });

  test('a deletion request is kept with its receipt, or neither is', async () => {
    const email = 'apagar@exemplo.com.br';
    const [customer] = await store.database.db
      .insert(t.customers)
      .values({
        email,
        pessoa: 'F',
        document: '39053344705',
        name: 'Paula Apagar',
        passwordHash: await hashPassword('uma senha bem comprida'),
      })
      .returning();
    if (!customer) throw new Error('no customer');
    const deps = { db: store.database.db, mailer, origin: 'https://loja.test' };
    await withFailingTrigger(store.database.db, 'sem_recibo', 'INSERT', jobTable(), async () => {
      await expect(askDeletion(deps, customer, 'uma senha bem comprida')).rejects.toThrow();
    });
    expect(
      await store.database.db
        .select()
        .from(t.deletionRequests)
        .where(eq(t.deletionRequests.customerId, customer.id)),
    ).toHaveLength(0);
    expect(await messagesTo(email)).toHaveLength(0);
    // Asked again once the messages can be written: the request and its receipt, together.
    await askDeletion(deps, customer, 'uma senha bem comprida');
    expect((await messagesTo(email)).map((m) => m.kind)).toEqual(['conta-exclusao-pedida']);
  });

  test('an authorised NF-e is claimed with its e-mail to the buyer, or not claimed at all', async () => {
    const { db } = store.database;
    const email = 'nota@exemplo.com.br';
    const [customer] = await db
      .insert(t.customers)
      .values({ email, pessoa: 'F', document: '52998224725', name: 'Nina Nota', passwordHash: '' })
      .returning();
    if (!customer) throw new Error('no customer');
    const [order] = await db
      .insert(t.orders)
      .values({
        customerId: customer.id,
        sessionId: 's',
        idempotencyKey: 'nota-1',
        status: 'paid',
        payment: 'pix',
        subtotal: 100,
        discount: 0,
        shippingPrice: 0,
        total: 100,
        shipping: {
          id: 'economica',
          tipo: 'entrega',
          label: 'Econômica',
          valor: 0,
          prazo: '',
          dias: 5,
          entregaAgendada: false,
        },
        address: {
          nome: 'Nina Nota',
          cep: '13035000',
          logradouro: 'Rua A',
          numero: '1',
          complemento: '',
          bairro: 'Centro',
          cidade: 'Campinas',
          uf: 'SP',
        },
        expiresAt: new Date(),
      })
      .returning();
    if (!order) throw new Error('no order');
    await db.insert(t.invoices).values({
      orderNumber: order.number,
      provider: 'focusnfe',
      status: 'autorizada',
      number: '123',
      series: '1',
      accessKey: '3'.repeat(44),
    });
    const ctx = { db, mailer, origin: 'https://loja.test', provider: undefined };
    await withFailingTrigger(db, 'sem_nota', 'INSERT', jobTable(), async () => {
      await expect(tellBuyerOnce(ctx, order.number)).rejects.toThrow();
    });
    const [still] = await db.select().from(t.invoices).where(eq(t.invoices.orderNumber, order.number));
    expect(still?.buyerToldAt).toBeNull();
    expect(await messagesTo(email)).toHaveLength(0);
    // Once the message can be written: claimed and written together, once however often it is told.
    await tellBuyerOnce(ctx, order.number);
    await tellBuyerOnce(ctx, order.number);
    expect((await messagesTo(email)).map((m) => m.kind)).toEqual(['pedido-nota-fiscal']);
  });
});
