import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { staffOrderExportSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { revenueOfOrder } from '#/server/orders/revenue.ts';
import { mercadoPagoFromSettings } from '#/server/payments/mercadopago/config.ts';
import { startFakeMercadoPago } from '../../../support/fake-mercadopago.ts';
import type { FakeMercadoPago } from '../../../support/fake-mercadopago.ts';
import { buyer, pickVariants, placeAs } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, ORIGIN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * An order paid twice through Mercado Pago (two tabs, a retry): the second payment goes back on its own and is
 * told as what it is; the order stays paid and counts as revenue; the buyer's withdrawal is satisfied only by
 * a refund of the payment the order was paid with.
 */

let fake: FakeMercadoPago;
let store: TestPlatform;
let variant: Variant;
const mail = memoryMailer();

beforeAll(async () => {
  fake = await startFakeMercadoPago({
    deliver: async (url, init) => store.platform.api.request(url.replace(`${ORIGIN}/api`, ORIGIN), init),
  });
  const made = mercadoPagoFromSettings({
    accessToken: fake.accessToken,
    webhookSecret: fake.webhookSecret,
    apiUrl: fake.apiUrl,
    timeoutMs: 600,
  });
  if (!made) throw new Error('no Mercado Pago');
  store = await startPlatform(20, { paymentProvider: made.provider, mercadoPago: made.mp, mailer: mail });
  [variant] = (await pickVariants(store, 1)) as [Variant];
});
afterAll(async () => {
  await store.stop();
  await fake.close();
});

const json = (body: unknown, headers: Record<string, string>) => ({
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

test('paid twice: the extra payment is given back as such, the order stays paid and counted, a withdrawal refunds the purchase', async () => {
  const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
  const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b, 'cartao')).json());
  const [prefId] = fake.preferenceOf(pedido.numero) ?? [];
  if (!prefId) throw new Error('no preference');
  const first = await fake.pay(prefId, 'approved');
  const second = await fake.pay(prefId, 'approved');
  const read = async () =>
    pedidoAnswerSchema.parse(
      await (
        await store.request(`/v2/front/checkout/order/${String(pedido.numero)}`, {
          headers: { Session: b.session },
        })
      ).json(),
    ).pedido;

  // The buyer reads a second payment given back, not a refund of the order.
  const after = await read();
  expect(after.situacao).toBe('pago');
  expect(after.reembolso).toBeUndefined();
  expect(after.pagamentoExtra).toMatchObject({ valor: pedido.valores.total, situacao: 'devolvida' });
  const told = mail.sent.filter((m) => m.subject.startsWith(`Pedido ${String(pedido.numero)}:`));
  expect(told.map((m) => m.subject)).toContainEqual(expect.stringMatching(/pagamento em dobro/));
  expect(told.map((m) => m.subject)).not.toContainEqual(
    expect.stringMatching(/^Pedido \d+: devolução de R\$/),
  );
  // Revenue (the dashboard, the customer's total) counts the order's payment.
  const [revenue] = await store.database.db
    .select({ r: revenueOfOrder })
    .from(t.orders)
    .where(eq(t.orders.number, pedido.numero));
  expect(Number(revenue?.r)).toBe(pedido.valores.total);

  // The buyer withdraws; the team's "Devolver agora" refunds the purchase itself at Mercado Pago.
  const withdrawn = await store.request(`/v2/front/checkout/order/${String(pedido.numero)}/withdrawal`, {
    method: 'POST',
    ...json({ motivo: 'Comprei duas vezes sem querer.' }, { Session: b.session }),
  });
  expect(withdrawn.status).toBe(200);
  const step = await store.request(`/v2/admin/requests/withdrawals/${String(pedido.numero)}`, {
    method: 'POST',
    ...json({ acao: 'devolver_agora' }, { Authorization: `Bearer ${ADMIN_TOKEN}` }),
  });
  expect(step.status).toBe(200);
  expect(JSON.stringify(await step.json())).not.toMatch(/já tinha sido pedida/);
  const given = [...fake.refunds.values()].map((r) => r.payment_id);
  expect(given.filter((id) => id === first.id)).toHaveLength(1);
  expect(given.filter((id) => id === second.id)).toHaveLength(1);
  const refunds = await store.database.db
    .select({ reason: t.refunds.reason, source: t.refunds.source })
    .from(t.refunds)
    .where(eq(t.refunds.orderNumber, pedido.numero));
  expect(refunds).toContainEqual({ reason: 'pedido_da_equipe', source: String(first.id) });
  const done = await read();
  expect(done.reembolso).toMatchObject({ valor: pedido.valores.total });
  expect(done.pagamentoExtra).toMatchObject({ valor: pedido.valores.total });
  // The team's list and spreadsheet no longer show it as a sale: refunded whole, withdrawn.
  await store.database.db
    .update(t.refunds)
    .set({ status: 'devolvido' })
    .where(eq(t.refunds.orderNumber, pedido.numero));
  const exported = staffOrderExportSchema.parse(
    await (
      await store.request(`/v2/admin/orders/export?numeros=${String(pedido.numero)}`, {
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).json(),
  ).pedidos[0];
  expect(exported).toMatchObject({ devolvido: pedido.valores.total, desistencia: true });
});
