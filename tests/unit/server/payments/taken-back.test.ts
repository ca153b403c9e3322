import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { pedidoEquipeSchema, staffOrderListSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { revenueOfOrder } from '#/server/orders/revenue.ts';
import { mercadoPagoFromSettings } from '#/server/payments/mercadopago/config.ts';
import { sweepMercadoPago } from '#/server/payments/mercadopago/sweep.ts';
import { pixFromSettings } from '#/server/payments/pix-api/config.ts';
import { RECHECK_HOURS } from '#/server/payments/recheck.ts';
import { sweepPixCharges } from '#/server/payments/sweep.ts';
import { startFakeMercadoPago } from '../../../support/fake-mercadopago.ts';
import type { FakeMercadoPago } from '../../../support/fake-mercadopago.ts';
import { startFakePsp } from '../../../support/fake-psp.ts';
import type { FakePsp } from '../../../support/fake-psp.ts';
import { buyer, chave, json, pickVariants, place, placeAs } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, ORIGIN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * Money a provider takes back after paying it (a card chargeback, a refund or cancellation Mercado Pago makes
 * on its own, a Pix returned through the MED) is an alert for the owners and a held order: no label, no
 * "enviado", out of revenue, never offered for refund, until the team decides. Paid charges are read again
 * for months, so a lost notice (or none at all, as for the MED) is found by the sweep.
 */

const OWNER = 'dona@casaemetais.com.br';
let mp: FakeMercadoPago;
let psp: FakePsp;
let store: TestPlatform;
let variant: Variant;
let pix: NonNullable<Awaited<ReturnType<typeof pixFromSettings>>>;
let made: NonNullable<ReturnType<typeof mercadoPagoFromSettings>>;
const mail = memoryMailer();

beforeAll(async () => {
  mp = await startFakeMercadoPago({
    deliver: async (url, init) => store.platform.api.request(url.replace(`${ORIGIN}/api`, ORIGIN), init),
  });
  psp = await startFakePsp();
  const mpMade = mercadoPagoFromSettings({
    accessToken: mp.accessToken,
    webhookSecret: mp.webhookSecret,
    apiUrl: mp.apiUrl,
    timeoutMs: 600,
  });
  const pixMade = await pixFromSettings({ ...psp.settings('financeiro@casaemetais.com.br'), timeoutMs: 600 });
  if (!mpMade || !pixMade) throw new Error('no providers');
  made = mpMade;
  pix = pixMade;
  store = await startPlatform(20, {
    paymentProvider: made.provider,
    mercadoPago: made.mp,
    pix,
    mailer: mail,
  });
  [variant] = (await pickVariants(store, 1)) as [Variant];
  await store.database.db.insert(t.staffMembers).values({ email: OWNER, name: 'Dona Teresa', role: 'dono' });
});
afterAll(async () => {
  await store.stop();
  await pix.api.close();
  await psp.close();
  await mp.close();
});

const db = () => store.database.db;
const staff = (path: string, init: RequestInit = {}) =>
  store.request(`/v2/admin/orders${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
  });
const staffOrder = async (number: number) =>
  pedidoEquipeSchema.parse(
    ((await (await staff(`/${String(number)}`)).json()) as { pedido: unknown }).pedido,
  );
const revenue = async (number: number) =>
  Number((await db().select({ r: revenueOfOrder }).from(t.orders).where(eq(t.orders.number, number)))[0]?.r);
const takebacksOf = (number: number) =>
  db().select().from(t.takebacks).where(eq(t.takebacks.orderNumber, number));
const ownerAlerts = (number: number) =>
  mail.sent.filter((m) => m.to === OWNER && m.subject.includes(`pedido ${String(number)} precisa da equipe`));
/** Make the order's paid charge due to be read again now. */
const recheckNow = (number: number) =>
  db()
    .update(t.orders)
    .set({ recheckAt: sql`now() - interval '1 second'` })
    .where(eq(t.orders.number, number));
const mpSweep = () =>
  sweepMercadoPago({ db: db(), mp: made.mp, mailer: mail, origin: ORIGIN }, 1).then(async (r) => {
    // The lease is per sweep: let the next one run at once.
    await db().delete(t.leases);
    return r;
  });

/** A card order paid through Mercado Pago. */
async function cardOrder() {
  const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
  const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b, 'cartao')).json());
  const [prefId] = mp.preferenceOf(pedido.numero) ?? [];
  if (!prefId) throw new Error('no preference');
  const payment = await mp.pay(prefId, 'approved');
  return { b, pedido, payment, prefId };
}

describe('Mercado Pago takes an approved payment back', () => {
  test('a chargeback: the owners alerted, the order held, out of revenue, no refund; the team cancels it', async () => {
    const { b, pedido, payment } = await cardOrder();
    expect(await revenue(pedido.numero)).toBe(pedido.valores.total);
    // Paid through a provider: its charge is read again, the first time an hour after payment.
    const [paid] = await db().select().from(t.orders).where(eq(t.orders.number, pedido.numero));
    expect(paid?.recheckAt?.getTime()).toBeGreaterThan(Date.now() + (RECHECK_HOURS[0] * 3_600_000) / 2);

    await mp.takeBack(payment.id, 'charged_back');
    expect(await takebacksOf(pedido.numero)).toMatchObject([
      { kind: 'contestado', status: 'retido', amount: pedido.valores.total, source: String(payment.id) },
    ]);
    expect(ownerAlerts(pedido.numero)).toHaveLength(1);
    expect(ownerAlerts(pedido.numero)[0]?.text).toMatch(/retido/);
    expect(await revenue(pedido.numero)).toBe(0);
    // The same notice again changes nothing and alerts no one twice.
    await mp.takeBack(payment.id, 'charged_back');
    await recheckNow(pedido.numero);
    await mpSweep();
    expect(await takebacksOf(pedido.numero)).toHaveLength(1);
    expect(ownerAlerts(pedido.numero)).toHaveLength(1);

    // Held: no "enviado", no bare cancel, no refund of money already gone; the panel's home lists it.
    const ship = await staff(`/${String(pedido.numero)}/status`, {
      method: 'PUT',
      body: JSON.stringify({ situacao: 'enviado', transportadora: 'Correios', rastreio: 'AA123456789BR' }),
    });
    expect(ship.status).toBe(409);
    expect(errorSchema.parse(await ship.json())).toMatchObject({ error: 'order_held' });
    const cancel = await staff(`/${String(pedido.numero)}/status`, {
      method: 'PUT',
      body: JSON.stringify({ situacao: 'cancelado' }),
    });
    expect(cancel.status).toBe(409);
    const refund = await staff(`/${String(pedido.numero)}/refund`, {
      method: 'POST',
      body: JSON.stringify({ de: 'pago' }),
    });
    expect(refund.status).toBe(409);
    expect(JSON.stringify(await refund.json())).toMatch(/não há o que devolver/);
    const seen = await staffOrder(pedido.numero);
    expect(seen.devolucao).toBeUndefined();
    expect(seen.proximas).toEqual([]);
    expect(seen.tomadas).toMatchObject([{ tipo: 'contestado', situacao: 'retido' }]);
    const list = staffOrderListSchema.parse(await (await staff('')).json());
    expect(list.alertas.map((a) => a.numero)).toContain(pedido.numero);

    // A decision needs a reason; then the order is cancelled, its stock back, and the buyer is told the truth.
    const tomada = seen.tomadas[0]?.id ?? 0;
    const decide = (body: unknown) =>
      staff(`/${String(pedido.numero)}/takebacks/${String(tomada)}/decision`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    expect((await decide({ decisao: 'cancelar', nota: '' })).status).toBe(400);
    expect((await decide({ decisao: 'devolver', nota: 'cliente contestou' })).status).toBe(400);
    expect((await decide({ decisao: 'cancelar', nota: 'Cliente contestou no cartão' })).status).toBe(200);
    expect((await decide({ decisao: 'cancelar', nota: 'Cliente contestou no cartão' })).status).toBe(409);
    const after = await staffOrder(pedido.numero);
    expect(after.situacao).toBe('cancelado');
    expect(after.tomadas[0]).toMatchObject({ situacao: 'cancelado', nota: 'Cliente contestou no cartão' });
    expect(await db().select().from(t.refunds).where(eq(t.refunds.orderNumber, pedido.numero))).toEqual([]);
    const cancelled = mail.sent.find((m) => m.subject === `Pedido ${String(pedido.numero)} cancelado`);
    expect(cancelled?.text).toMatch(/já voltou para você/);
    expect(cancelled?.text).not.toMatch(/devolve o valor/);
    const buyerView = pedidoAnswerSchema.parse(
      await (
        await store.request(`/v2/front/checkout/order/${String(pedido.numero)}`, {
          headers: { Session: b.session },
        })
      ).json(),
    ).pedido;
    expect(buyerView.estorno).toMatchObject({ valor: pedido.valores.total });
    const list2 = staffOrderListSchema.parse(await (await staff('')).json());
    expect(list2.alertas.map((a) => a.numero)).not.toContain(pedido.numero);
  });

  test('notice lost: the sweep reads the paid order again and finds the chargeback; a won dispute counts again', async () => {
    const { pedido, payment } = await cardOrder();
    mp.state.notify = false;
    try {
      await mp.takeBack(payment.id, 'charged_back');
      expect(await takebacksOf(pedido.numero)).toEqual([]);
      await mpSweep();
      // Not due yet: nothing read.
      expect(await takebacksOf(pedido.numero)).toEqual([]);
      await recheckNow(pedido.numero);
      await mpSweep();
      expect(await takebacksOf(pedido.numero)).toMatchObject([{ status: 'retido' }]);
      const [row] = await db().select().from(t.orders).where(eq(t.orders.number, pedido.numero));
      // Read once, the next read is later (six hours).
      expect(row?.rechecks).toBe(1);
      expect(row?.recheckAt?.getTime()).toBeGreaterThan(Date.now() + 5 * 3_600_000);

      // Released by the team, the order may ship; the money stays out of revenue.
      const [tomada] = await takebacksOf(pedido.numero);
      const ok = await staff(`/${String(pedido.numero)}/takebacks/${String(tomada?.id)}/decision`, {
        method: 'POST',
        body: JSON.stringify({ decisao: 'seguir', nota: 'Vamos contestar no Mercado Pago' }),
      });
      expect(ok.status).toBe(200);
      expect((await staffOrder(pedido.numero)).proximas).toContain('enviado');
      expect(await revenue(pedido.numero)).toBe(0);

      // The store wins the dispute: the money is back, and so is the revenue.
      await mp.takeBack(payment.id, 'charged_back', 'reimbursed');
      await recheckNow(pedido.numero);
      await mpSweep();
      expect(await takebacksOf(pedido.numero)).toMatchObject([{ status: 'recuperado' }]);
      expect(await revenue(pedido.numero)).toBe(pedido.valores.total);
    } finally {
      mp.state.notify = true;
    }
  });

  test('a second payment approved after the order was paid, its notice lost, is found by the sweep and given back', async () => {
    const { pedido, prefId } = await cardOrder();
    mp.state.notify = false;
    try {
      const second = await mp.pay(prefId, 'approved');
      await recheckNow(pedido.numero);
      await mpSweep();
      const refunds = await db().select().from(t.refunds).where(eq(t.refunds.orderNumber, pedido.numero));
      expect(refunds).toMatchObject([{ reason: 'pagamento_a_mais', source: String(second.id) }]);
      expect(await takebacksOf(pedido.numero)).toEqual([]);
      expect(await revenue(pedido.numero)).toBe(pedido.valores.total);
    } finally {
      mp.state.notify = true;
    }
  });

  test('a refund the store asked for is its own, not a take-back', async () => {
    const { pedido } = await cardOrder();
    const asked = await staff(`/${String(pedido.numero)}/refund`, {
      method: 'POST',
      body: JSON.stringify({ de: 'pago' }),
    });
    expect(asked.status).toBe(200);
    await recheckNow(pedido.numero);
    await mpSweep();
    expect(await takebacksOf(pedido.numero)).toEqual([]);
    expect(ownerAlerts(pedido.numero)).toEqual([]);
  });
});

describe('a Pix returned through the MED', () => {
  test('no notice comes: the paid charge read again finds it; the order is held and out of revenue', async () => {
    const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
    const res = await place(store, b.session, {
      frete: 'economica',
      pagamento: 'pix',
      conferencia: b.conferencia,
      chave: chave(),
    });
    const { pedido } = pedidoAnswerSchema.parse(await res.json());
    const [row] = await db().select().from(t.orders).where(eq(t.orders.number, pedido.numero));
    if (!row) throw new Error('no order');
    const paid = psp.pay(row.providerRef);
    await store.platform.api.request(`${ORIGIN}/webhooks/pix/${pix.webhookSecret}/pix`, {
      method: 'POST',
      ...json(psp.notice(paid)),
    });
    expect(await revenue(pedido.numero)).toBe(pedido.valores.total);

    psp.returnByMed(paid.endToEndId, paid.valor);
    const ctx = { db: db(), api: pix.api, mailer: mail, origin: ORIGIN };
    await recheckNow(pedido.numero);
    const report = await sweepPixCharges(ctx);
    expect(report?.takenBack).toBe(1);
    expect(await takebacksOf(pedido.numero)).toMatchObject([{ kind: 'med', status: 'retido' }]);
    expect(ownerAlerts(pedido.numero)).toHaveLength(1);
    expect(await revenue(pedido.numero)).toBe(0);
    expect((await staffOrder(pedido.numero)).devolucao).toBeUndefined();
    // Read again, the same devolução is not a second take-back.
    await db().delete(t.leases);
    await recheckNow(pedido.numero);
    expect((await sweepPixCharges(ctx))?.takenBack).toBe(0);
    expect(ownerAlerts(pedido.numero)).toHaveLength(1);
  });
});
