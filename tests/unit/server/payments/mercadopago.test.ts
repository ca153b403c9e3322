import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartSchema } from '#/contract/cart.ts';
import { errorSchema } from '#/contract/common.ts';
import { paymentMethodsSchema, pedidoAnswerSchema } from '#/contract/order.ts';
import { settingsSchema } from '#/contract/settings.ts';
import * as t from '#/server/db/schema.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { expireOrders } from '#/server/orders/status.ts';
import { mercadoPagoFromSettings } from '#/server/payments/mercadopago/config.ts';
import { sweepMercadoPago } from '#/server/payments/mercadopago/sweep.ts';
import { startFakeMercadoPago } from '../../../support/fake-mercadopago.ts';
import type { FakeMercadoPago } from '../../../support/fake-mercadopago.ts';
import { buyer, pickVariants, placeAs } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, ORIGIN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * Card in interest-free installments and boleto through Mercado Pago's Checkout Pro (a double on loopback):
 * the store makes a preference for the placed order and sends the buyer to its page; a signed notice, or
 * the buyer coming back, makes the store read the payment, and only Mercado Pago's answer moves the order.
 */

let fake: FakeMercadoPago;
let made: NonNullable<ReturnType<typeof mercadoPagoFromSettings>>;
let store: TestPlatform;
let variant: Variant;
const mail = memoryMailer();

beforeAll(async () => {
  fake = await startFakeMercadoPago({
    // Notices reach the platform in-process (the edge strips /api before handing a request over).
    deliver: async (url, init) => store.platform.api.request(url.replace(`${ORIGIN}/api`, ORIGIN), init),
  });
  const built = mercadoPagoFromSettings({
    accessToken: fake.accessToken,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.apiUrl,
    timeoutMs: 600,
  });
  if (!built) throw new Error('no Mercado Pago');
  made = built;
  store = await startPlatform(20, { paymentProvider: made.provider, mercadoPago: made.mp, mailer: mail });
  [variant] = (await pickVariants(store, 1)) as [Variant];
});
afterAll(async () => {
  await store.stop();
  await fake.close();
});

async function placed(pagamento: 'cartao' | 'boleto') {
  const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
  const res = await placeAs(store, b, pagamento);
  expect(res.status).toBe(201);
  const { pedido } = pedidoAnswerSchema.parse(await res.json());
  const [prefId, pref] = fake.preferenceOf(pedido.numero) ?? [];
  if (!prefId || !pref) throw new Error('no preference');
  return { b, pedido, prefId, pref };
}
const statusOf = async (number: number) =>
  (await store.database.db.select().from(t.orders).where(eq(t.orders.number, number)))[0]?.status;
const notes = async (number: number) =>
  (
    await store.database.db
      .select({ note: t.orderEvents.note })
      .from(t.orderEvents)
      .where(eq(t.orderEvents.orderNumber, number))
  )
    .map((e) => e.note)
    .filter(Boolean);

test('settings: no token, Pix alone; a token without the webhook secret stops the start', () => {
  expect(mercadoPagoFromSettings({})).toBeUndefined();
  expect(() => mercadoPagoFromSettings({ accessToken: 'x' })).toThrow(/MERCADOPAGO_WEBHOOK_SECRET/);
});

test('the checkout offers Pix, card and boleto; installments stop where interest would begin', async () => {
  const { metodos } = await store.getJson('/v2/front/checkout/payment-methods', paymentMethodsSchema);
  expect(metodos.map((m) => m.id)).toEqual(['pix', 'cartao', 'boleto']);
  expect(metodos.find((m) => m.id === 'cartao')?.destino).toBe(fake.apiUrl);
  expect(metodos.find((m) => m.id === 'cartao')?.detalhe).toMatch(/^Em até 10x sem juros\. Na página segura/);
  const { configuracoes } = await store.getJson('/v2/front/settings', settingsSchema);
  const rule = configuracoes.pagamentos.cartao.parcelamento;
  expect(rule.maximo).toBe(rule.semJuros);
});

describe('card', () => {
  test('approved in 10x on the hosted page: the signed notice makes the order paid, the buyer is told', async () => {
    const { pedido, prefId, pref } = await placed('cartao');
    expect(pedido.pagamento.url).toBe(`${fake.apiUrl}/checkout/v1/redirect?pref_id=${prefId}`);
    // The preference: the order's total on one line, its number, 10 interest-free installments, no boleto.
    expect(pref.items).toEqual([
      expect.objectContaining({ unit_price: pedido.valores.total, quantity: 1, currency_id: 'BRL' }),
    ]);
    expect(pref.external_reference).toBe(String(pedido.numero));
    expect(pref.payment_methods.installments).toBe(10);
    expect(pref.payment_methods.excluded_payment_types).toContainEqual({ id: 'ticket' });
    expect(pref.notification_url).toBe(`${ORIGIN}/api/webhooks/mercadopago`);
    expect(pref.back_urls.success).toBe(
      `${ORIGIN}/checkout/pedido/${String(pedido.numero)}?retorno=aprovado`,
    );
    // The card pays the full price: no cash discount.
    expect(pedido.valores.desconto).toBe(0);

    await fake.pay(prefId, 'approved', { installments: 10 });
    expect(await statusOf(pedido.numero)).toBe('paid');
    expect(await notes(pedido.numero)).toContainEqual(
      expect.stringMatching(/aprovado, R\$\s.* \(cartão de crédito em 10x\)/),
    );
    expect(mail.sent.some((m) => m.subject.includes(String(pedido.numero)) && /pag/i.test(m.subject))).toBe(
      true,
    );
  });

  test('refused, then paid with another card: the order waits, then is paid once', async () => {
    const { pedido, prefId } = await placed('cartao');
    await fake.pay(prefId, 'rejected');
    expect(await statusOf(pedido.numero)).toBe('awaiting_payment');
    expect(await notes(pedido.numero)).toContainEqual(expect.stringMatching(/recusado \(cc_rejected/));
    await fake.pay(prefId, 'approved', { installments: 3 });
    expect(await statusOf(pedido.numero)).toBe('paid');
  });

  test('a lost notice: the buyer coming back with payment_id makes the store read it', async () => {
    const { b, pedido, prefId } = await placed('cartao');
    fake.state.notify = false;
    const payment = await fake.pay(prefId, 'approved').finally(() => {
      fake.state.notify = true;
    });
    expect(await statusOf(pedido.numero)).toBe('awaiting_payment');
    const res = await store.request(
      `/v2/front/checkout/order/${String(pedido.numero)}?pagamento=${String(payment.id)}`,
      { headers: { Session: b.session } },
    );
    expect(pedidoAnswerSchema.parse(await res.json()).pedido.situacao).toBe('pago');
    // A payment id of another order, brought back on this one, moves nothing.
    const other = await placed('cartao');
    await store.request(
      `/v2/front/checkout/order/${String(other.pedido.numero)}?pagamento=${String(payment.id)}`,
      {
        headers: { Session: other.b.session },
      },
    );
    expect(await statusOf(other.pedido.numero)).toBe('awaiting_payment');
  });

  test('a visitor bringing back made-up payment ids makes at most 10 reads a minute', async () => {
    const { b, pedido } = await placed('cartao');
    const reads = () => fake.calls.filter((call) => call.path.startsWith('/v1/payments/')).length;
    const before = reads();
    for (let i = 0; i < 12; i++) {
      const res = await store.request(
        `/v2/front/checkout/order/${String(pedido.numero)}?pagamento=${String(900_000 + i)}`,
        { headers: { Session: b.session, 'X-Loja-Cliente': '10.20.30.40' } },
      );
      expect(res.status).toBe(200);
    }
    expect(reads() - before).toBe(10);
    expect(await statusOf(pedido.numero)).toBe('awaiting_payment');
  });

  test('an approval for less than the total does not pay the order', async () => {
    const { pedido, prefId } = await placed('cartao');
    await fake.pay(prefId, 'approved', { amount: 1 });
    expect(await statusOf(pedido.numero)).toBe('awaiting_payment');
    expect(await notes(pedido.numero)).toContainEqual(expect.stringMatching(/diferente do total/));
  });
});

describe('notices', () => {
  test('a missing or wrong signature is a 401 and reads nothing', async () => {
    const { prefId } = await placed('cartao');
    fake.state.notify = false;
    const payment = await fake.pay(prefId, 'approved').finally(() => {
      fake.state.notify = true;
    });
    const calls = fake.calls.length;
    const post = (headers: Record<string, string>) =>
      store.platform.api.request(
        `${ORIGIN}/webhooks/mercadopago?data.id=${String(payment.id)}&type=payment`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ type: 'payment', data: { id: String(payment.id) } }),
        },
      );
    for (const headers of [
      {},
      fake.sign(String(payment.id), 'segredo-errado'),
      { ...fake.sign('999'), 'x-request-id': 'x' },
      // Signed rightly, but two days ago: a recorded notice sent again.
      fake.sign(String(payment.id), undefined, Date.now() - 2 * 24 * 3600 * 1000),
      // …or signed for the future.
      fake.sign(String(payment.id), undefined, Date.now() + 10 * 60 * 1000),
    ]) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(errorSchema.parse(await res.json()).mensagem).toBe(
        'Aviso sem assinatura válida do Mercado Pago.',
      );
    }
    expect(fake.calls.length).toBe(calls);
    expect((await post(fake.sign(String(payment.id)))).status).toBe(200);
    expect(fake.calls.length).toBe(calls + 1);
  });
});

describe('boleto', () => {
  test('generated (pending), then cleared by the bank: paid', async () => {
    const { pedido, prefId, pref } = await placed('boleto');
    expect(pref.payment_methods.excluded_payment_types).toContainEqual({ id: 'credit_card' });
    // The cash discount applies to boleto, and it waits days, not minutes.
    expect(pedido.valores.desconto).toBeGreaterThan(0);
    expect((Date.parse(pedido.pagamento.expiraEm) - Date.now()) / 3_600_000).toBeGreaterThan(71);
    const boleto = await fake.pay(prefId, 'pending');
    expect(await statusOf(pedido.numero)).toBe('awaiting_payment');
    expect(await notes(pedido.numero)).toContainEqual(expect.stringMatching(/boleto gerado/));
    await fake.clear(boleto.id);
    expect(await statusOf(pedido.numero)).toBe('paid');
  });

  test('cleared while every notice was lost: the sweep finds it', async () => {
    const { pedido, prefId } = await placed('boleto');
    expect(await notes(pedido.numero)).toContainEqual('Cobrança (Boleto) criada no Mercado Pago');
    fake.state.notify = false;
    try {
      const boleto = await fake.pay(prefId, 'pending');
      await fake.clear(boleto.id);
    } finally {
      fake.state.notify = true;
    }
    expect(await statusOf(pedido.numero)).toBe('awaiting_payment');
    const report = await sweepMercadoPago(
      { db: store.database.db, mp: made.mp, mailer: mail, origin: ORIGIN },
      1000,
    );
    expect(report?.moved).toBeGreaterThanOrEqual(1);
    expect(await statusOf(pedido.numero)).toBe('paid');
  });
});

test('an approval after the order was cancelled is refunded once, however many notices', async () => {
  const { pedido, prefId } = await placed('boleto');
  await store.database.db
    .update(t.orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(t.orders.number, pedido.numero));
  await expireOrders(store.database.db, [pedido.numero]);
  const boleto = await fake.pay(prefId, 'pending');
  await Promise.all([fake.clear(boleto.id), fake.clear(boleto.id)]);
  expect(await statusOf(pedido.numero)).toBe('cancelled');
  expect([...fake.refunds.values()].filter((r) => r.payment_id === boleto.id)).toHaveLength(1);
  const rows = await store.database.db
    .select()
    .from(t.refunds)
    .where(and(eq(t.refunds.orderNumber, pedido.numero), eq(t.refunds.provider, 'mercadopago')));
  expect(rows).toEqual([expect.objectContaining({ status: 'devolvido', reason: 'pago_apos_cancelamento' })]);
});

test('Mercado Pago down at order time: nothing charged, the cart is back', async () => {
  const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
  fake.state.down = true;
  const res = await placeAs(store, b, 'cartao').finally(() => {
    fake.state.down = false;
  });
  expect(res.status).toBe(502);
  expect(errorSchema.parse(await res.json()).mensagem).toMatch(/nada foi cobrado/);
  const cart = cartSchema.parse(
    await (await store.request('/v2/front/checkout/cart', { headers: { Session: b.session } })).json(),
  );
  expect(cart.itens).toHaveLength(1);
});

test('the team refunds a card order: Mercado Pago refunds once, the order is cancelled', async () => {
  const { pedido, prefId } = await placed('cartao');
  const payment = await fake.pay(prefId, 'approved', { installments: 4 });
  const clicks = await Promise.all(
    [1, 2].map(async () =>
      store.platform.api.request(`${ORIGIN}/v2/admin/orders/${String(pedido.numero)}/refund`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ de: 'pago' }),
      }),
    ),
  );
  expect(clicks.map((r) => r.status).sort()).toEqual([200, 409]);
  expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
  expect(await statusOf(pedido.numero)).toBe('cancelled');
  expect(await notes(pedido.numero)).toContainEqual(
    expect.stringMatching(/^Devolução de R\$\s[\d,.]+ confirmada pelo Mercado Pago \(aprovada\)$/),
  );
});

const sweep = () =>
  sweepMercadoPago({ db: store.database.db, mp: made.mp, mailer: mail, origin: ORIGIN }, 1000);
const refundsOf = (number: number) =>
  store.database.db.select().from(t.refunds).where(eq(t.refunds.orderNumber, number));
const teamRefund = (number: number) =>
  store.platform.api.request(`${ORIGIN}/v2/admin/orders/${String(number)}/refund`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ de: 'pago' }),
  });
/** The order's own time to pay runs out now. */
const outOfTime = (number: number) =>
  store.database.db
    .update(t.orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(t.orders.number, number));

describe('money the order did not need, and money still on its way', () => {
  test('a second approved payment for a paid order is given back on its own; a team refund returns the first', async () => {
    const { pedido, prefId } = await placed('cartao');
    const first = await fake.pay(prefId, 'approved');
    const second = await fake.pay(prefId, 'approved');
    expect(await statusOf(pedido.numero)).toBe('paid');
    expect(await refundsOf(pedido.numero)).toEqual([
      expect.objectContaining({ source: String(second.id), reason: 'pagamento_a_mais', status: 'devolvido' }),
    ]);
    expect(mail.sent.map((m) => m.subject)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Pedido ${String(pedido.numero)}: pagamento em dobro, pedimos a devolução`),
      ),
    );
    expect((await teamRefund(pedido.numero)).status).toBe(200);
    const given = [...fake.refunds.values()].map((r) => r.payment_id);
    expect(given.filter((id) => id === first.id)).toHaveLength(1);
    expect(given.filter((id) => id === second.id)).toHaveLength(1);
  });

  test('a boleto within its due date keeps the order waiting past its own time; unpaid past it, the order ends', async () => {
    const { pedido, prefId } = await placed('boleto');
    await outOfTime(pedido.numero);
    fake.state.boletoDays = 5;
    const boleto = await fake.pay(prefId, 'pending').finally(() => {
      fake.state.boletoDays = 3;
    });
    expect(await expireOrders(store.database.db, [pedido.numero])).toEqual([]);
    expect(await statusOf(pedido.numero)).toBe('awaiting_payment');
    await fake.clear(boleto.id, 'cancelled');
    expect(await expireOrders(store.database.db, [pedido.numero])).toEqual([pedido.numero]);
  });

  test('a card payment under review keeps the order waiting; its approval pays it, never refunds it', async () => {
    const { pedido, prefId } = await placed('cartao');
    await outOfTime(pedido.numero);
    const review = await fake.pay(prefId, 'in_process');
    expect(await expireOrders(store.database.db, [pedido.numero])).toEqual([]);
    await fake.clear(review.id);
    expect(await statusOf(pedido.numero)).toBe('paid');
    expect(await refundsOf(pedido.numero)).toEqual([]);
  });

  test('a refund Mercado Pago processes later: "pedida" until the sweep reads it approved', async () => {
    const { b, pedido, prefId } = await placed('cartao');
    await fake.pay(prefId, 'approved');
    fake.state.refundStatus = 'in_process';
    let res: Response;
    try {
      res = await teamRefund(pedido.numero);
    } finally {
      fake.state.refundStatus = 'approved';
    }
    expect(res.status).toBe(200);
    expect(await refundsOf(pedido.numero)).toEqual([
      expect.objectContaining({
        status: 'em_processamento',
        providerId: expect.stringMatching(/^\d+$/) as string,
      }),
    ]);
    const page = async () =>
      pedidoAnswerSchema.parse(
        await (
          await store.request(`/v2/front/checkout/order/${String(pedido.numero)}`, {
            headers: { Session: b.session },
          })
        ).json(),
      ).pedido.reembolso?.situacao;
    expect(await page()).toBe('pedida');
    fake.settleRefunds('approved');
    await store.database.db.update(t.refunds).set({ nextTryAt: new Date(Date.now() - 1000) });
    await sweep();
    expect((await refundsOf(pedido.numero))[0]?.status).toBe('devolvido');
    expect(await page()).toBe('devolvida');
    expect(fake.calls.some((c) => c.method === 'GET' && /\/refunds\/\d+$/.test(c.path))).toBe(true);
  });
});

test('every preference the store sent followed the documented shape', () => {
  expect(fake.violations).toEqual([]);
});
