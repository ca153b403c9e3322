import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartSchema } from '#/contract/cart.ts';
import { errorSchema } from '#/contract/common.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { pedidoEquipeSchema } from '#/contract/staff-orders.ts';
import { reais } from '#/server/payments/events.ts';
import * as t from '#/server/db/schema.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { createPlatform } from '#/server/app.ts';
import { expireOrders } from '#/server/orders/status.ts';
import { createPixApi } from '#/server/payments/pix-api/client.ts';
import { ProviderError } from '#/server/payments/http.ts';
import { pixFromSettings } from '#/server/payments/pix-api/config.ts';
import { sweepPixCharges } from '#/server/payments/sweep.ts';
import { startFakePsp } from '../../../support/fake-psp.ts';
import type { FakePsp } from '../../../support/fake-psp.ts';
import { buyer, json, pickVariants, placeAs } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, APP_TOKEN, ORIGIN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * Dynamic Pix through a PSP's API Pix (a fake one on loopback, with mutual TLS): each order gets its own
 * charge; the PSP's notice, or the minute sweep when a notice is lost, makes it paid; a Pix that lands after
 * the order was cancelled is refunded; a PSP down at order time leaves no half order.
 */

const PIX_KEY = 'financeiro@casaemetais.com.br';
let psp: FakePsp;
let pix: NonNullable<Awaited<ReturnType<typeof pixFromSettings>>>;
let store: TestPlatform;
let variant: Variant;
const mail = memoryMailer();
const ctx = () => ({ db: store.database.db, api: pix.api, mailer: mail, origin: ORIGIN });

beforeAll(async () => {
  psp = await startFakePsp();
  const made = await pixFromSettings({ ...psp.settings(PIX_KEY), timeoutMs: 600 });
  if (!made) throw new Error('no Pix API');
  pix = made;
  store = await startPlatform(20, { pix, mailer: mail });
  [variant] = (await pickVariants(store, 1)) as [Variant];
});
afterAll(async () => {
  await store.stop();
  await pix.api.close();
  await psp.close();
});

/** A buyer's order placed with Pix: the answer, and the order's row. */
async function placed(quantidade = 1) {
  const b = await buyer(store, [{ v: variant, quantidade }]);
  const res = await placeAs(store, b, 'pix');
  expect(res.status).toBe(201);
  const { pedido } = pedidoAnswerSchema.parse(await res.json());
  const [row] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, pedido.numero));
  if (!row) throw new Error('no order row');
  return { b, pedido, row };
}

const notify = (body: unknown, secret = pix.webhookSecret, suffix = '/pix') =>
  store.platform.api.request(`${ORIGIN}/webhooks/pix/${secret}${suffix}`, { method: 'POST', ...json(body) });
const reads = (txid: string) => psp.calls.filter((c) => c.method === 'GET' && c.path.endsWith(txid)).length;
const statusOf = async (number: number) =>
  (await store.database.db.select().from(t.orders).where(eq(t.orders.number, number)))[0]?.status;
const stockOf = async () =>
  (await store.database.db.select().from(t.variants).where(eq(t.variants.id, variant.id)))[0]?.stock ?? -1;

describe('settings', () => {
  test('without PIX_API_URL the store keeps its static BR Code; half a configuration stops the start', async () => {
    expect(await pixFromSettings({ pixKey: PIX_KEY })).toBeUndefined();
    await expect(pixFromSettings({ apiUrl: psp.apiUrl, clientId: 'x' })).rejects.toThrow(
      /PIX_TOKEN_URL, PIX_CLIENT_SECRET, PIX_CLIENT_CERT, PIX_CLIENT_KEY, PIX_KEY/,
    );
  });

  test('the PSP takes no call without the client certificate it issued (mutual TLS)', async () => {
    const options = {
      apiUrl: psp.apiUrl,
      tokenUrl: psp.tokenUrl,
      clientId: psp.clientId,
      clientSecret: psp.clientSecret,
      ca: psp.pem.ca,
      pixKey: PIX_KEY,
    };
    for (const identity of [psp.stranger, { cert: '', key: '' }]) {
      const api = createPixApi({ ...options, ...identity });
      const error = await api.readCharge('A'.repeat(30)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      // The PSP ends the TLS handshake and closes the socket: the store sees a closed connection, which it
      // cannot tell from one broken after a request was sent, so it does not claim nothing was sent.
      expect(['unreachable', 'lost']).toContain((error as ProviderError).code);
      await api.close();
    }
  });
});

test('npm run pix -- webhook registers the secret notice address at the PSP', async () => {
  const env = { ...process.env, SITE_URL: 'https://loja.exemplo.com.br', ...psp.env(PIX_KEY) };
  const run = promisify(execFile);
  const { stdout } = await run(
    process.execPath,
    ['--experimental-strip-types', 'scripts/pix.ts', 'webhook'],
    {
      env,
    },
  );
  expect(stdout).toMatch(/^Webhook Pix cadastrado/);
  expect(psp.webhookUrl()).toBe(`https://loja.exemplo.com.br/api/webhooks/pix/${pix.webhookSecret}`);
  // Without a public https address there is nowhere for the PSP to post: said, and nothing is sent.
  const refused = await run(process.execPath, ['--experimental-strip-types', 'scripts/pix.ts', 'webhook'], {
    env: { ...env, SITE_URL: 'http://localhost:4321' },
  }).catch((error: unknown) => error as { code: number; stderr: string });
  expect(refused).toMatchObject({ code: 2 });
  expect((refused as { stderr: string }).stderr).toMatch(/endereço público https/);
});

describe('an order paid by dynamic Pix', () => {
  test('the charge follows the order; the PSP notice makes it paid, the buyer is told', async () => {
    const { b, pedido, row } = await placed(2);
    const cob = psp.charges.get(row.providerRef);
    expect(row.provider).toBe('pix-api');
    expect(row.providerRef).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(cob).toMatchObject({
      status: 'ATIVA',
      chave: PIX_KEY,
      valor: { original: pedido.valores.total.toFixed(2) },
      solicitacaoPagador: `Pedido ${String(pedido.numero)}`,
      devedor: { nome: 'Ana Souza' },
    });
    // Payable for as long as the order waits (30 minutes by the settings), not a PSP's default day.
    expect(cob?.calendario.expiracao).toBeGreaterThan(29 * 60);
    expect(cob?.calendario.expiracao).toBeLessThanOrEqual(30 * 60);
    // The QR and "copia e cola" the buyer sees are the PSP's.
    expect(pedido.pagamento.copiaECola).toBe(cob?.pixCopiaECola);

    const received = psp.pay(row.providerRef);
    const res = await notify(psp.notice(received));
    expect(res.status).toBe(200);
    const page = await store.request(`/v2/front/checkout/order/${String(pedido.numero)}`, {
      headers: { Session: b.session },
    });
    const after = pedidoAnswerSchema.parse(await page.json()).pedido;
    expect(after.situacao).toBe('pago');
    expect(after.pagamento.copiaECola).toBe('');
    expect(after.historico.map((h) => h.situacao)).toEqual(['aguardando_pagamento', 'pago']);
    expect(mail.sent.some((m) => m.subject.includes(String(pedido.numero)) && /pag/i.test(m.subject))).toBe(
      true,
    );
    // The team's timeline says what the PSP did, without personal data.
    const notes = await store.database.db
      .select({ note: t.orderEvents.note, actor: t.orderEvents.actor })
      .from(t.orderEvents)
      .where(eq(t.orderEvents.orderNumber, pedido.numero));
    expect(notes.map((n) => n.note).filter(Boolean)).toEqual([
      expect.stringMatching(/^Cobrança Pix criada no PSP: R\$/),
      expect.stringMatching(/^Pix recebido: R\$/),
    ]);
    expect(JSON.stringify(notes)).not.toContain('Ana');
  });

  test('a repeated, forged or unknown notice changes nothing and costs at most one read', async () => {
    const paid = await placed();
    const received = psp.pay(paid.row.providerRef);
    expect((await notify(psp.notice(received))).status).toBe(200);
    expect(await statusOf(paid.pedido.numero)).toBe('paid');
    const before = reads(paid.row.providerRef);
    // The same notice again: the order is settled, nothing is read.
    expect((await notify(psp.notice(received))).status).toBe(200);
    expect(reads(paid.row.providerRef)).toBe(before);
    expect(
      (
        await store.database.db
          .select()
          .from(t.orderEvents)
          .where(and(eq(t.orderEvents.orderNumber, paid.pedido.numero), eq(t.orderEvents.status, 'paid')))
      ).filter((e) => !e.note),
    ).toHaveLength(1);

    // A forged notice for an order nobody paid: one read, and the PSP says it is still open.
    const open = await placed();
    const forged = { ...received, txid: open.row.providerRef, endToEndId: `E${'1'.repeat(31)}` };
    expect((await notify(psp.notice(forged))).status).toBe(200);
    expect(reads(open.row.providerRef)).toBe(1);
    expect(await statusOf(open.pedido.numero)).toBe('awaiting_payment');

    // A txid the store never made: nothing read at all.
    const calls = psp.calls.length;
    expect((await notify(psp.notice({ ...received, txid: 'X'.repeat(30) }))).status).toBe(200);
    expect(psp.calls.length).toBe(calls);
    // The wrong secret is a 404 before anything is read; a body that is not a notice is a 400.
    expect((await notify(psp.notice(forged), 'segredo-errado')).status).toBe(404);
    const bad = await notify({ pix: [{ txid: open.row.providerRef }] });
    expect(bad.status).toBe(400);
    expect(errorSchema.parse(await bad.json()).mensagem).toBe('Aviso Pix fora do padrão da API Pix.');
    // The PSP's own check of a new webhook (no `pix`) hears 200; the address as registered works too.
    expect((await notify({ evento: 'teste_webhook' }, pix.webhookSecret, '')).status).toBe(200);
    expect(psp.calls.length).toBe(calls);
  });

  test('a lost notice: the minute sweep finds the payment', async () => {
    const { pedido, row } = await placed();
    psp.pay(row.providerRef);
    const report = await sweepPixCharges(ctx());
    expect(report?.paid).toBeGreaterThanOrEqual(1);
    expect(await statusOf(pedido.numero)).toBe('paid');
  });

  test('an order cancelled unpaid: its charge is removed at the PSP', async () => {
    const { pedido, row } = await placed();
    await store.database.db
      .update(t.orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.orders.number, pedido.numero));
    expect(await expireOrders(store.database.db, [pedido.numero])).toEqual([pedido.numero]);
    await sweepPixCharges(ctx());
    expect(psp.charges.get(row.providerRef)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const [after] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, pedido.numero));
    expect(after?.chargeState).toBe('removida');
  });

  test('a charge of an order expired over a day ago is no longer read every minute', async () => {
    const { pedido, row } = await placed();
    await store.database.db
      .update(t.orders)
      .set({ expiresAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(t.orders.number, pedido.numero));
    await expireOrders(store.database.db, [pedido.numero]);
    await sweepPixCharges(ctx());
    expect(reads(row.providerRef)).toBe(0);
    // (The PSP ends it on its own, as it would at its expiry; the next tests count the charges left open.)
    const cob = psp.charges.get(row.providerRef);
    if (cob) cob.status = 'REMOVIDA_PELO_PSP';
  });

  test('a Pix that lands after the order expired is refunded once, and recorded', async () => {
    const { pedido, row } = await placed();
    await store.database.db
      .update(t.orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.orders.number, pedido.numero));
    await expireOrders(store.database.db, [pedido.numero]);
    const stock = await stockOf();
    const received = psp.pay(row.providerRef);
    expect((await notify(psp.notice(received))).status).toBe(200);
    await sweepPixCharges(ctx());
    expect((await notify(psp.notice(received))).status).toBe(200);
    expect(await statusOf(pedido.numero)).toBe('cancelled');
    const cob = psp.charges.get(row.providerRef);
    expect(cob?.pix?.[0]?.devolucoes).toEqual([
      expect.objectContaining({ valor: received.valor, status: 'EM_PROCESSAMENTO' }),
    ]);
    const refunds = await store.database.db
      .select()
      .from(t.refunds)
      .where(eq(t.refunds.orderNumber, pedido.numero));
    expect(refunds).toEqual([
      expect.objectContaining({
        source: received.endToEndId,
        amount: pedido.valores.total,
        status: 'em_processamento',
        reason: 'pago_apos_cancelamento',
      }),
    ]);
    // The stock went back once, when the order expired.
    expect(await stockOf()).toBe(stock);
  });
});

describe('the PSP at order time', () => {
  test('down or too slow: no half order, nothing charged, the cart is back', async () => {
    for (const trouble of ['down', 'slow'] as const) {
      const stock = await stockOf();
      const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
      if (trouble === 'down') psp.state.down = true;
      else psp.state.delayMs = 900;
      const res = await placeAs(store, b, 'pix');
      psp.state.down = false;
      psp.state.delayMs = 0;
      expect(res.status).toBe(502);
      expect(errorSchema.parse(await res.json()).mensagem).toMatch(/nada foi cobrado/);
      const cart = cartSchema.parse(
        await (await store.request('/v2/front/checkout/cart', { headers: { Session: b.session } })).json(),
      );
      expect(cart.itens.map((i) => i.quantidade)).toEqual([1]);
      expect(await stockOf()).toBe(stock);
      const [order] = await store.database.db
        .select()
        .from(t.orders)
        .where(eq(t.orders.customerId, b.customerId));
      expect(order?.status).toBe('cancelled');
    }
    // The slow PSP made its charge after the store gave up: the sweep finds it and removes it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sweepPixCharges(ctx());
    const leftOpen = [...psp.charges.values()].filter((c) => c.status === 'ATIVA');
    const waiting = await store.database.db
      .select({ txid: t.orders.providerRef })
      .from(t.orders)
      .where(and(eq(t.orders.provider, 'pix-api'), eq(t.orders.status, 'awaiting_payment')));
    expect(leftOpen.map((c) => c.txid).sort()).toEqual(waiting.map((w) => w.txid).sort());
  });

  test('one access token serves every call until it expires; a revoked one is renewed once', async () => {
    const issued = psp.state.tokensIssued;
    await placed();
    await placed();
    expect(psp.state.tokensIssued).toBe(issued);
    psp.revokeTokens();
    await placed();
    expect(psp.state.tokensIssued).toBe(issued + 1);
  });
});

describe('two instances', () => {
  test('one notice delivered to both confirms the order once; a late Pix is refunded once', async () => {
    const other = createPlatform({
      db: store.database.db,
      appToken: APP_TOKEN,
      mailer: mail,
      pix,
      mediaDir: '/tmp/loja-midia-teste',
    });
    const both = (body: unknown) =>
      Promise.all(
        [store.platform, other].map(async (p) =>
          p.api.request(`${ORIGIN}/webhooks/pix/${pix.webhookSecret}/pix`, { method: 'POST', ...json(body) }),
        ),
      );
    const sent = mail.sent.length;
    const paid = await placed();
    const answers = await both(psp.notice(psp.pay(paid.row.providerRef)));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const events = await store.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderNumber, paid.pedido.numero), eq(t.orderEvents.status, 'paid')));
    expect(events.filter((e) => !e.note)).toHaveLength(1);
    // The placed e-mail and one paid e-mail.
    expect(mail.sent.length - sent).toBe(2);

    const late = await placed();
    await store.database.db
      .update(t.orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.orders.number, late.pedido.numero));
    await expireOrders(store.database.db, [late.pedido.numero]);
    await both(psp.notice(psp.pay(late.row.providerRef)));
    expect(psp.charges.get(late.row.providerRef)?.pix?.[0]?.devolucoes).toHaveLength(1);
  });
});

describe('refunds by the team', () => {
  const staff = (path: string, init: RequestInit = {}) =>
    store.platform.api.request(`${ORIGIN}/v2/admin/orders${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    });

  test('a paid order refunded: one devolução however many clicks, cancelled with its stock back, the buyer told', async () => {
    const { b, pedido, row } = await placed(2);
    await notify(psp.notice(psp.pay(row.providerRef)));
    expect(await statusOf(pedido.numero)).toBe('paid');
    const seen = pedidoEquipeSchema.parse(
      ((await (await staff(`/${String(pedido.numero)}`)).json()) as { pedido: unknown }).pedido,
    );
    expect(seen.devolucao).toEqual({ valor: pedido.valores.total, provedor: 'Pix (PSP)' });
    // A bare cancel would keep the buyer's money: refused, pointing at the refund.
    const cancel = await staff(`/${String(pedido.numero)}/status`, {
      method: 'PUT',
      body: JSON.stringify({ situacao: 'cancelado' }),
    });
    expect(cancel.status).toBe(409);
    expect(errorSchema.parse(await cancel.json()).mensagem).toMatch(/Devolver o pagamento/);

    const stock = await stockOf();
    const clicks = await Promise.all(
      [1, 2].map(async () =>
        staff(`/${String(pedido.numero)}/refund`, { method: 'POST', body: JSON.stringify({ de: 'pago' }) }),
      ),
    );
    expect(clicks.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(psp.charges.get(row.providerRef)?.pix?.[0]?.devolucoes).toEqual([
      expect.objectContaining({ valor: pedido.valores.total.toFixed(2) }),
    ]);
    expect(await statusOf(pedido.numero)).toBe('cancelled');
    expect(await stockOf()).toBe(stock + 2);
    // Asked, not done: the PSP answered EM_PROCESSAMENTO, and that is all the buyer is told.
    expect(mail.sent.at(-1)?.subject).toBe(
      `Pedido ${String(pedido.numero)}: pedimos a devolução de ${reais(pedido.valores.total)}`,
    );
    const page = await store.request(`/v2/front/checkout/order/${String(pedido.numero)}`, {
      headers: { Session: b.session },
    });
    expect(pedidoAnswerSchema.parse(await page.json()).pedido.reembolso).toMatchObject({
      valor: pedido.valores.total,
      situacao: 'pedida',
    });
    // Nothing is left to refund, and the record says who asked.
    const again = await staff(`/${String(pedido.numero)}/refund`, { method: 'POST', body: '{}' });
    expect(again.status).toBe(409);
    const [audit] = await store.database.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entityId, String(pedido.numero)), eq(t.auditLog.action, 'pedido.devolucao')));
    expect(audit).toMatchObject({
      actor: 'token',
      after: { situacao: 'cancelado', devolvido: pedido.valores.total },
    });
  });

  test('a shipped order keeps its status (the goods come back by a return); the static Pix is refused', async () => {
    const { pedido, row } = await placed();
    await notify(psp.notice(psp.pay(row.providerRef)));
    await staff(`/${String(pedido.numero)}/status`, {
      method: 'PUT',
      body: JSON.stringify({ situacao: 'enviado', transportadora: 'Jadlog', rastreio: '10082340012345' }),
    });
    const stock = await stockOf();
    const res = await staff(`/${String(pedido.numero)}/refund`, { method: 'POST', body: '{}' });
    expect(await res.json()).toMatchObject({
      de: 'enviado',
      situacao: 'enviado',
      valor: pedido.valores.total,
    });
    expect(await stockOf()).toBe(stock);
    // An order the team marked paid by hand (no provider took the money) has nothing to refund here.
    const last = (await placed()).pedido.numero;
    await store.database.db
      .update(t.orders)
      .set({ provider: '', providerRef: '', chargeState: '' })
      .where(eq(t.orders.number, last));
    await staff(`/${String(last)}/status`, { method: 'PUT', body: JSON.stringify({ situacao: 'pago' }) });
    const refused = await staff(`/${String(last)}/refund`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(409);
    expect(errorSchema.parse(await refused.json()).mensagem).toMatch(/Pix estático/);
  });
});

test('every request the store sent and every answer the PSP gave followed the API Pix', () => {
  expect(psp.violations).toEqual([]);
});
