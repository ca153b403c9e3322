import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { inTransaction } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { queueSchema, startBoss } from '#/server/jobs/boss.ts';
import { FAILURE_ALERT_KIND, startMailQueue } from '#/server/jobs/mail.ts';
import { startOrderNotices } from '#/server/jobs/order-notices.ts';
import { tellOfNewOrder } from '#/server/orders/notices.ts';
import type { TellOrder } from '#/server/orders/notices.ts';
import type { MailQueue } from '#/server/jobs/mail.ts';
import { createMailer } from '#/server/mail/mailer.ts';
import { createPlatform } from '#/server/app.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { deliveriesSchema } from '#/contract/deliveries.ts';
import { startFakeSmtp } from '../../support/fake-smtp.ts';
import type { FakeSmtp } from '../../support/fake-smtp.ts';
import { buyer, pickVariants, placeAs } from './buyers.ts';
import { ADMIN_TOKEN, APP_TOKEN, SESSION_SECRET, startPlatform, withFailingTrigger } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/**
 * E-mail as durable jobs (jobs/mail.ts) on the store's own database, PGlite or PostgreSQL: a real SMTP
 * listener on loopback (support/fake-smtp.ts) that can be down, refuse a recipient, and count what it received.
 */

let smtp: FakeSmtp;
let store: TestPlatform;
let boss: PgBoss;
let queue: MailQueue;
let tellOrder: TellOrder;
/** The store's mailer as boot.ts makes it: what it is given to e-mail goes to the queue. */
let mailer: ReturnType<typeof createMailer>;
const OWNER = `dona.${randomBytes(3).toString('hex')}@loja.test`;
/** This file's own subjects: the PGlite and the PostgreSQL runs may share a worker's modules. */
const RUN = randomBytes(3).toString('hex');

beforeAll(async () => {
  smtp = await startFakeSmtp();
  store = await startPlatform(40);
  const { db } = store.database;
  await db
    .insert(t.staffMembers)
    .values({ email: OWNER, name: 'Dona Marta', role: 'dono', passwordHash: 'x' });
  boss = await startBoss(store.database, 'all');
  queue = await startMailQueue(boss, {
    db,
    transport: createMailer({ smtpUrl: smtp.url, from: 'loja@loja.test' }),
    domain: 'loja.test',
    retry: { limit: 3, delaySeconds: 1 },
    work: true,
    owners: () => Promise.resolve([OWNER]),
    origin: 'https://loja.test',
  });
  mailer = createMailer({ smtpUrl: smtp.url, from: 'loja@loja.test' });
  mailer.post = queue.post;
  tellOrder = await startOrderNotices(boss, { db, mailer, origin: 'https://loja.test', work: true });
});

afterAll(async () => {
  await boss.stop({ graceful: false, timeout: 2000 });
  const schema = store.database.postgres?.schemaName;
  if (schema)
    await store.database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${queueSchema(schema)} CASCADE`));
  await store.stop();
  await smtp.down();
});

const arrived = (subject: string) => smtp.arrived.filter((m) => m.subject === subject);
const stateOf = async (subject: string) => {
  const [row] = await store.database.db
    .select()
    .from(t.mailMessages)
    .where(eq(t.mailMessages.subject, subject));
  return row;
};

describe('messages written with the change, sent by the queue', () => {
  test('a message is sent once, with its Message-ID, and marked sent', async () => {
    await queue.post(store.database.db, {
      kind: 'teste',
      to: 'a@cliente.test',
      subject: `${RUN} Um`,
      text: 'um',
    });
    await vi.waitFor(
      () => {
        expect(arrived(`${RUN} Um`)).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    // Marked sent once the mail server's answer is in (a moment after the message arrived).
    await vi.waitFor(
      async () => {
        expect((await stateOf(`${RUN} Um`))?.state).toBe('enviado');
      },
      {
        timeout: 5000,
        interval: 50,
      },
    );
    const row = await stateOf(`${RUN} Um`);
    // What it said (a code, a link) is not kept once it left.
    expect(row?.body).toEqual({ text: '' });
    expect(arrived(`${RUN} Um`)[0]?.messageId).toBe(`<${row?.id ?? ''}@loja.test>`);
  });

  test('a change rolled back takes its message with it', async () => {
    await expect(
      inTransaction(store.database.db, async (tx) => {
        await queue.post(tx, { kind: 'teste', to: 'b@cliente.test', subject: `${RUN} Desfeito`, text: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await stateOf(`${RUN} Desfeito`)).toBeUndefined();
  });

  test('the same key is one message', async () => {
    for (let i = 0; i < 2; i++)
      await queue.post(store.database.db, {
        kind: 'teste',
        key: 'uma-vez',
        to: 'c@cliente.test',
        subject: `${RUN} Uma vez`,
        text: 'x',
      });
    await vi.waitFor(
      () => {
        expect(arrived(`${RUN} Uma vez`)).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  test('while the mail server is down, every message waits; once it is back, each arrives once', async () => {
    await smtp.down();
    const subjects = [`${RUN} Fora 1`, `${RUN} Fora 2`, `${RUN} Fora 3`];
    for (const subject of subjects)
      await queue.post(store.database.db, { kind: 'teste', to: 'd@cliente.test', subject, text: subject });
    // Tried and refused (connection refused): each is still in the queue, its failure in words.
    await vi.waitFor(
      async () => {
        const row = await stateOf(`${RUN} Fora 1`);
        expect(row?.attempts).toBeGreaterThan(0);
        expect(row?.state).toBe('fila');
        expect(row?.lastError).toMatch(/não atendeu|servidor de e-mail/);
      },
      { timeout: 15_000, interval: 200 },
    );
    await smtp.up();
    await vi.waitFor(
      () => {
        for (const subject of subjects) expect(arrived(subject)).toHaveLength(1);
      },
      { timeout: 25_000, interval: 200 },
    );
    await vi.waitFor(
      async () => {
        for (const subject of subjects) expect((await stateOf(subject))?.state).toBe('enviado');
      },
      { timeout: 5000, interval: 50 },
    );
  });

  test('a message that can never be delivered fails once for all, the owner is told once, and "Reenviar" sends it', async () => {
    smtp.refused.add('nao-existe@cliente.test');
    for (const subject of [`${RUN} Recusada 1`, `${RUN} Recusada 2`])
      await queue.post(store.database.db, {
        kind: 'teste',
        to: 'nao-existe@cliente.test',
        subject,
        text: 'x',
      });
    await vi.waitFor(
      async () => {
        expect((await stateOf(`${RUN} Recusada 1`))?.state).toBe('falhou');
        expect((await stateOf(`${RUN} Recusada 2`))?.state).toBe('falhou');
      },
      { timeout: 25_000, interval: 250 },
    );
    expect((await stateOf(`${RUN} Recusada 1`))?.lastError).toContain('550');
    await vi.waitFor(
      () => {
        expect(smtp.arrived.filter((m) => m.to === OWNER)).toHaveLength(1);
      },
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    const alerts = await store.database.db
      .select()
      .from(t.mailMessages)
      .where(eq(t.mailMessages.kind, FAILURE_ALERT_KIND));
    expect(alerts).toHaveLength(1);
    // The mailbox exists now: "Reenviar" sends it, once.
    smtp.refused.delete('nao-existe@cliente.test');
    const row = await stateOf(`${RUN} Recusada 1`);
    await queue.resend(row?.id ?? '');
    await vi.waitFor(
      () => {
        expect(arrived(`${RUN} Recusada 1`)).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    await vi.waitFor(
      async () => {
        expect((await stateOf(`${RUN} Recusada 1`))?.state).toBe('enviado');
      },
      { timeout: 5000, interval: 50 },
    );
    // Only a failed message can be sent again.
    await expect(queue.resend(row?.id ?? '')).rejects.toThrow('não está com falha');
    await expect(queue.resend('00000000-0000-4000-8000-000000000000')).rejects.toThrow('não encontrada');
  });
});

describe('a message and its job are one', () => {
  test('when the job cannot be written, the message is not written either (never "na fila" with no job)', async () => {
    const { db } = store.database;
    const jobs = `${queueSchema(store.database.postgres?.schemaName)}.job`;
    await withFailingTrigger(db, 'sem_job', 'INSERT', jobs, async () => {
      await expect(
        queue.post(db, { kind: 'teste', to: 'sem@cliente.test', subject: `${RUN} Sem job`, text: 'x' }),
      ).rejects.toThrow();
    });
    expect(await stateOf(`${RUN} Sem job`)).toBeUndefined();
  });
});

describe("the owners' view (/v2/admin/deliveries)", () => {
  test('lists the failed messages and each sweep; "Reenviar" takes only a failed message', async () => {
    const { api } = createPlatform({
      db: store.database.db,
      appToken: 'x',
      adminToken: ADMIN_TOKEN,
      mailer: memoryMailer(),
      mediaDir: '/tmp/unused-media',
      jobs: {
        mail: queue,
        tellOrder,
        sweeps: [
          {
            name: 'teste',
            title: 'Uma rotina',
            cron: '* * * * *',
            everyMs: 60_000,
            run: () => Promise.resolve(''),
          },
        ],
      },
    });
    const call = (path: string, init: RequestInit = {}) =>
      api.request(`https://loja.test/v2/admin/deliveries${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      });
    smtp.refused.add('nunca@cliente.test');
    await queue.post(store.database.db, {
      kind: 'teste',
      to: 'nunca@cliente.test',
      subject: `${RUN} Nunca`,
      text: 'x',
    });
    await vi.waitFor(
      async () => {
        expect((await stateOf(`${RUN} Nunca`))?.state).toBe('falhou');
      },
      {
        timeout: 25_000,
        interval: 250,
      },
    );
    const listed = deliveriesSchema.parse(await (await call('')).json());
    const failure = listed.falhas.find((f) => f.assunto === `${RUN} Nunca`);
    expect(failure?.para).toBe('nunca@cliente.test');
    expect(failure?.motivo).toContain('550');
    expect(listed.rotinas).toEqual([
      expect.objectContaining({
        nome: 'teste',
        titulo: 'Uma rotina',
        aCadaMinutos: 1,
        execucoes: 0,
        atrasada: false,
      }),
    ]);
    expect((await call('/nao-e-um-id/resend', { method: 'POST' })).status).toBe(404);
    expect((await call('/00000000-0000-4000-8000-000000000000/resend', { method: 'POST' })).status).toBe(404);
    smtp.refused.delete('nunca@cliente.test');
    expect((await call(`/${failure?.id ?? ''}/resend`, { method: 'POST' })).status).toBe(200);
    expect((await call(`/${failure?.id ?? ''}/resend`, { method: 'POST' })).status).toBe(409);
    await vi.waitFor(
      () => {
        expect(arrived(`${RUN} Nunca`)).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});

describe("an order's e-mails: a job written in the change's transaction", () => {
  test('a new order: the buyer and the team hear of it once, even when the job runs again; then paid', async () => {
    const { api } = createPlatform({
      db: store.database.db,
      appToken: APP_TOKEN,
      sessionSecret: SESSION_SECRET,
      adminToken: ADMIN_TOKEN,
      mailer,
      mediaDir: '/tmp/unused-media',
      jobs: { mail: queue, tellOrder, sweeps: [] },
    });
    // The shared buyer helpers, on this platform (the queue's) instead of the harness's.
    const onQueue = {
      ...store,
      request: (pathAndQuery: string, init: RequestInit = {}) =>
        api.request(`https://loja.test${pathAndQuery}`, {
          ...init,
          headers: { 'App-Token': APP_TOKEN, ...(init.headers as Record<string, string> | undefined) },
        }),
    };
    const [variant] = await pickVariants(onQueue, 1);
    if (!variant) throw new Error('no variant');
    const shopper = await buyer(onQueue, [{ v: variant, quantidade: 1 }]);
    const res = await placeAs(onQueue, shopper);
    expect(res.status).toBe(201);
    const { pedido } = (await res.json()) as { pedido: { numero: number } };
    const numero = String(pedido.numero);
    const [customer] = await store.database.db
      .select({ email: t.customers.email })
      .from(t.customers)
      .where(eq(t.customers.id, shopper.customerId));
    const about = (to: string) => smtp.arrived.filter((m) => m.to === to && m.subject.includes(numero));
    await vi.waitFor(
      () => {
        expect(about(customer?.email ?? '')).toHaveLength(1);
        expect(about(OWNER)).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(about(customer?.email ?? '')[0]?.text).toContain('Pix copia e cola');
    // The job again (its completion lost): the same two messages, not two more.
    await tellOfNewOrder({ db: store.database.db, mailer, origin: 'https://loja.test' }, pedido.numero);
    const rows = await store.database.db
      .select({ to: t.mailMessages.recipient })
      .from(t.mailMessages)
      .where(eq(t.mailMessages.orderNumber, pedido.numero));
    expect(rows.map((r) => r.to).sort()).toEqual([customer?.email ?? '', OWNER].sort());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(about(customer?.email ?? '')).toHaveLength(1);
    expect(about(OWNER)).toHaveLength(1);

    // The team marks it paid: the buyer's e-mail is a job written with the move, sent once.
    const moved = await api.request(`https://loja.test/v2/admin/orders/${numero}/status`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ situacao: 'pago', de: 'aguardando_pagamento' }),
    });
    expect(moved.status).toBe(200);
    const paid = () => smtp.arrived.filter((m) => m.subject === `Pagamento do pedido ${numero} confirmado`);
    await vi.waitFor(
      () => {
        expect(paid()).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(paid()[0]?.to).toBe(customer?.email);
    // A move refused (it is paid already) writes no job and tells no one.
    const again = await api.request(`https://loja.test/v2/admin/orders/${numero}/status`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ situacao: 'pago', de: 'aguardando_pagamento' }),
    });
    expect(again.status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(paid()).toHaveLength(1);
  });
});
