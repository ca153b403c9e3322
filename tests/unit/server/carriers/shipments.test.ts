import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { envioSchema } from '#/contract/shipments.ts';
import { pedidoEquipeSchema } from '#/contract/staff-orders.ts';
import { shippingSchema } from '#/contract/shipping.ts';
import { melhorEnvioFromSettings } from '#/server/carriers/melhorenvio/config.ts';
import { followParcels } from '#/server/carriers/tracking.ts';
import * as t from '#/server/db/schema.ts';
import { focusNfeFromSettings } from '#/server/invoices/focusnfe/config.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { startFakeFocusNfe } from '../../../support/fake-focusnfe.ts';
import type { FakeFocusNfe } from '../../../support/fake-focusnfe.ts';
import { startFakeMelhorEnvio } from '../../../support/fake-melhorenvio.ts';
import type { FakeMelhorEnvio } from '../../../support/fake-melhorenvio.ts';
import { buyer, pickVariants, placeAs } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, ORIGIN, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * A paid, invoiced order to the buyer's door through Melhor Envio (a double on loopback that checks every call
 * against its reference): the services quoted from each finish's box and weight, one label bought (cart,
 * checkout, generate, print) and resumed where a failure stopped it, never twice; the order moving to
 * "enviado" and "entregue" as the carrier reports, with its dates, the buyer told at each; an expired token
 * renewed by the refresh token.
 */

let me: FakeMelhorEnvio;
let focus: FakeFocusNfe;
let store: TestPlatform;
let variant: Variant;
const mail = memoryMailer();

beforeAll(async () => {
  [me, focus] = await Promise.all([startFakeMelhorEnvio(), startFakeFocusNfe()]);
  store = await startPlatform(10, {
    mailer: mail,
    invoiceProvider: focusNfeFromSettings({ token: focus.token, apiUrl: focus.apiUrl })?.provider,
    shipping: (db) =>
      melhorEnvioFromSettings(db, {
        token: me.token(),
        apiUrl: me.apiUrl,
        clientId: me.clientId,
        clientSecret: me.clientSecret,
        refreshToken: me.refreshToken(),
        timeoutMs: 500,
      }),
  });
  [variant] = (await pickVariants(store, 1)) as [Variant];
  await store.database.db.update(t.variants).set({ stock: 200 }).where(eq(t.variants.id, variant.id));
  await store.database.db.execute(
    sql`UPDATE settings SET value = jsonb_set(value, '{dadosSite,inscricaoEstadual}', '"244123456119"') WHERE key = 'configuracoes'`,
  );
});
afterAll(async () => {
  await store.stop();
  await Promise.all([me.close(), focus.close()]);
});
beforeEach(() => {
  Object.assign(me.state, {
    down: false,
    delayMs: 0,
    nonsense: false,
    failGenerate: false,
    dropCheckoutAnswer: false,
  });
});

const staff = (path: string, init: { method?: string; body?: unknown } = {}) =>
  store.request(`/v2/admin/orders${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const view = async (numero: number) =>
  envioSchema.parse(await (await staff(`/${String(numero)}/label`)).json());
const buy = (numero: number, servico: string) =>
  staff(`/${String(numero)}/label`, { method: 'POST', body: { servico } });
const statusOf = async (numero: number) =>
  (
    await store.database.db.select({ s: t.orders.status }).from(t.orders).where(eq(t.orders.number, numero))
  )[0]?.s;
const track = () =>
  followParcels({ db: store.database.db, provider: shippingOf(), mailer: mail, origin: ORIGIN });
const shippingOf = () => {
  const made = melhorEnvioFromSettings(store.database.db, {
    token: me.token(),
    apiUrl: me.apiUrl,
    clientId: me.clientId,
    clientSecret: me.clientSecret,
  });
  if (!made) throw new Error('no provider');
  return made;
};

/** A paid order with its NF-e authorised: what a label needs. */
async function readyOrder(invoiced = true) {
  const b = await buyer(store, [{ v: variant, quantidade: 2 }]);
  const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json());
  await staff(`/${String(pedido.numero)}/status`, { method: 'PUT', body: { situacao: 'pago' } });
  if (invoiced)
    expect((await staff(`/${String(pedido.numero)}/invoice`, { method: 'POST' })).status).toBe(200);
  return { numero: pedido.numero, session: b.session };
}

describe('quotes and the label', () => {
  test('without the NF-e: no quote, the key asked for; with it, the services that carry it', async () => {
    const plain = await readyOrder(false);
    const before = await view(plain.numero);
    expect(before.cotacoes).toEqual([]);
    expect(before.pendencias.join(' ')).toMatch(/NF-e autorizada/);
    expect((await buy(plain.numero, '1')).status).toBe(409);

    const { numero } = await readyOrder();
    const quoted = await view(numero);
    // The service that cannot carry it is left out; each says price and days.
    expect(quoted.cotacoes.map((c) => c.servico)).toEqual(['1', '2']);
    expect(quoted.cotacoes[0]?.texto).toMatch(/^Correios PAC: R\$\s[\d,]+, 7 dias úteis$/);
    expect(me.violations).toEqual([]);
  });

  test('one click buys it: paid, generated, its PDF and tracking code kept; a second click buys nothing', async () => {
    const { numero } = await readyOrder();
    const res = await buy(numero, '2');
    expect(res.status).toBe(200);
    const bought = envioSchema.parse(await res.json());
    expect(bought.etiqueta).toMatchObject({
      situacao: 'gerada',
      transportadora: 'Correios',
      servico: 'SEDEX',
    });
    expect(bought.etiqueta?.rastreio).toMatch(/^ME\d+BR$/);
    expect(bought.etiqueta?.etiqueta).toMatch(/\/etiquetas\/.+\.pdf$/);
    const sent = [...me.shipments.values()].find(
      (s) => s.cart.options.tags[0]?.tag === `Pedido ${String(numero)}`,
    );
    // Commercial: the NF-e's key; insured for the goods; from the store's sender address to the buyer's.
    const [nfe] = await store.database.db.select().from(t.invoices).where(eq(t.invoices.orderNumber, numero));
    expect(sent?.cart.options.invoice.key).toBe(nfe?.accessKey);
    expect(sent?.cart.from.postal_code).toBe('13035000');
    expect(sent?.cart.to.document).toMatch(/^\d{11}$/);
    expect((await buy(numero, '2')).status).toBe(409);
    expect(
      [...me.shipments.values()].filter((s) => s.cart.options.tags[0]?.tag === `Pedido ${String(numero)}`),
    ).toHaveLength(1);
    // The order waits for the carrier: it is "enviado" only when the parcel is posted.
    expect(await statusOf(numero)).toBe('paid');
    expect(me.violations).toEqual([]);
  });

  test('a failure after paying: the reason kept, the next click resumes, one label paid', async () => {
    const { numero } = await readyOrder();
    me.state.failGenerate = true;
    const failed = await buy(numero, '1');
    expect(failed.status).toBe(409);
    expect(JSON.stringify(await failed.json())).toMatch(/Etiqueta não gerada/);
    const [row] = await store.database.db
      .select()
      .from(t.shipments)
      .where(eq(t.shipments.orderNumber, numero));
    expect(row?.status).toBe('paga');
    me.state.failGenerate = false;
    expect((await buy(numero, '1')).status).toBe(200);
    const mine = [...me.shipments.values()].filter(
      (s) => s.cart.options.tags[0]?.tag === `Pedido ${String(numero)}`,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]?.status).toBe('generated');
    expect(me.violations).toEqual([]);
  });

  test('a payment whose answer was lost: told it may have been paid; the next click reads it and never pays twice', async () => {
    const { numero } = await readyOrder();
    me.state.dropCheckoutAnswer = true;
    const lost = await buy(numero, '1');
    me.state.dropCheckoutAnswer = false;
    expect(lost.status).toBe(409);
    expect(JSON.stringify(await lost.json())).toMatch(/pagamento pode ter sido feito/);
    const again = await buy(numero, '1');
    expect(again.status).toBe(200);
    expect(envioSchema.parse(await again.json()).etiqueta?.situacao).toBe('gerada');
    const mine = [...me.shipments.values()].filter(
      (s) => s.cart.options.tags[0]?.tag === `Pedido ${String(numero)}`,
    );
    expect(mine.map((s) => s.status)).toEqual(['generated']);
    // The double's checkout of a shipment already paid is a second payment: there was none.
    expect(me.violations).toEqual([]);
  });

  test('a label cancelled at the carrier is replaced: the quotes come back and a new one is bought', async () => {
    const { numero } = await readyOrder();
    expect((await buy(numero, '1')).status).toBe(200);
    const [first] = await store.database.db
      .select()
      .from(t.shipments)
      .where(eq(t.shipments.orderNumber, numero));
    me.cancel(first?.shipmentId ?? '');
    await followParcels(
      { db: store.database.db, provider: shippingOf(), mailer: mail, origin: ORIGIN },
      numero,
    );
    const cancelled = await view(numero);
    expect(cancelled.etiqueta?.situacao).toBe('cancelada');
    expect(cancelled.cotacoes.length).toBeGreaterThan(0);
    const replaced = await buy(numero, '2');
    expect(replaced.status).toBe(200);
    const label = envioSchema.parse(await replaced.json()).etiqueta;
    expect(label).toMatchObject({ situacao: 'gerada', servico: 'SEDEX' });
    const [now] = await store.database.db
      .select()
      .from(t.shipments)
      .where(eq(t.shipments.orderNumber, numero));
    expect(now?.shipmentId).not.toBe(first?.shipmentId);
    expect(me.violations).toEqual([]);
  });

  test('an order cancelled after its NF-e and label: the page lists both to undo; each undone leaves the list', async () => {
    const { numero } = await readyOrder();
    expect((await buy(numero, '1')).status).toBe(200);
    const undo = async () =>
      pedidoEquipeSchema.parse(
        ((await (await staff(`/${String(numero)}`)).json()) as { pedido: unknown }).pedido,
      ).aDesfazer;
    // While it stands as a sale, nothing to undo.
    expect(await undo()).toEqual([]);
    expect(
      (await staff(`/${String(numero)}/status`, { method: 'PUT', body: { situacao: 'cancelado' } })).status,
    ).toBe(200);
    const steps = await undo();
    expect(steps.map((s) => s.ancora)).toEqual(['h-nfe', 'h-etiqueta']);
    expect(steps[0]?.texto).toMatch(/cancele-a na SEFAZ até/);
    expect(steps[1]?.texto).toMatch(/foi comprada e não será usada/);

    // The label cancelled at Melhor Envio (checked against its contract), once.
    const cancel = () => staff(`/${String(numero)}/label/cancel`, { method: 'POST' });
    const res = await cancel();
    expect(res.status).toBe(200);
    expect(envioSchema.parse(await res.json()).etiqueta?.situacao).toBe('cancelada');
    const sent = [...me.shipments.values()].find(
      (s) => s.cart.options.tags[0]?.tag === `Pedido ${String(numero)}`,
    );
    expect(sent?.status).toBe('canceled');
    expect((await cancel()).status).toBe(409);
    expect((await undo()).map((s) => s.ancora)).toEqual(['h-nfe']);

    // The NF-e cancelled at the SEFAZ: nothing left.
    const cancelled = await staff(`/${String(numero)}/invoice/cancel`, {
      method: 'POST',
      body: { justificativa: 'Pedido cancelado antes do envio' },
    });
    expect(cancelled.status).toBe(200);
    expect(await undo()).toEqual([]);
    expect(me.violations).toEqual([]);
  });

  test('a label the carrier already has is not cancelled: said, and the label stays', async () => {
    const { numero } = await readyOrder();
    expect((await buy(numero, '1')).status).toBe(200);
    const sent = [...me.shipments.values()].find(
      (s) => s.cart.options.tags[0]?.tag === `Pedido ${String(numero)}`,
    );
    if (!sent) throw new Error('no shipment');
    sent.status = 'posted';
    const res = await staff(`/${String(numero)}/label/cancel`, { method: 'POST' });
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toMatch(/não cancelou a etiqueta/);
    expect((await view(numero)).etiqueta?.situacao).toBe('gerada');
  });

  test('down, slow or nonsense at quoting: said, never a 500; the order stays paid', async () => {
    const { numero } = await readyOrder();
    for (const fault of [{ down: true }, { delayMs: 2500 }, { nonsense: true }]) {
      Object.assign(me.state, { down: false, delayMs: 0, nonsense: false }, fault);
      const res = await staff(`/${String(numero)}/label`);
      expect(res.status).toBe(200);
      expect(envioSchema.parse(await res.json()).erroCotacao).toMatch(/Melhor Envio/);
      const bought = await buy(numero, '1');
      expect(bought.status).toBe(409);
    }
    expect(await statusOf(numero)).toBe('paid');
  });

  test('an expired access token is renewed with the refresh token, and the new pair kept', async () => {
    const { numero } = await readyOrder();
    me.expire();
    const quoted = await view(numero);
    expect(quoted.cotacoes.length).toBeGreaterThan(0);
    const [kept] = await store.database.db
      .select()
      .from(t.settings)
      .where(eq(t.settings.key, 'melhorenvio-tokens'));
    expect(kept?.value).toEqual({ access: me.token(), refresh: me.refreshToken() });
  });
});

test('the carrier posts and delivers: the order moves by itself, with the dates, the buyer told each time', async () => {
  const { numero, session } = await readyOrder();
  expect((await buy(numero, '1')).status).toBe(200);
  const [row] = await store.database.db.select().from(t.shipments).where(eq(t.shipments.orderNumber, numero));
  const id = row?.shipmentId ?? '';
  await track();
  expect(await statusOf(numero)).toBe('paid');

  me.post(id);
  await track();
  expect(await statusOf(numero)).toBe('shipped');
  const page = await store.request(`/v2/front/checkout/order/${String(numero)}`, {
    headers: { Session: session },
  });
  const { pedido } = pedidoAnswerSchema.parse(await page.json());
  expect(pedido.rastreio).toMatchObject({ transportadora: 'Correios', codigo: row?.tracking });
  expect(
    mail.sent.filter((m) => m.kind === 'pedido-shipped' && m.text.includes(String(numero))),
  ).toHaveLength(1);

  const deliveredAt = new Date(Date.now() - 3600_000);
  me.deliver(id, deliveredAt);
  await track();
  expect(await statusOf(numero)).toBe('delivered');
  const [event] = await store.database.db
    .select({ at: t.orderEvents.at, actor: t.orderEvents.actor })
    .from(t.orderEvents)
    .where(sql`${t.orderEvents.orderNumber} = ${numero} and ${t.orderEvents.status} = 'delivered'`);
  expect(Math.abs((event?.at.getTime() ?? 0) - deliveredAt.getTime())).toBeLessThan(1000);
  expect(event?.actor).toBe('transportadora');
  expect(
    mail.sent.filter((m) => m.kind === 'pedido-delivered' && m.text.includes(String(numero))),
  ).toHaveLength(1);
  // Read again: nothing moves twice.
  await track();
  expect(
    mail.sent.filter((m) => m.kind === 'pedido-delivered' && m.text.includes(String(numero))),
  ).toHaveLength(1);
});

describe('delivery priced by the carriers at the cart and the checkout', () => {
  const quoteCart = async (session: string, cep: string) => {
    const res = await store.request('/v2/front/shipment/cart', {
      method: 'POST',
      headers: { Session: session, 'Content-Type': 'application/json' },
      body: JSON.stringify({ cep }),
    });
    expect(res.status).toBe(200);
    return shippingSchema.parse(await res.json());
  };

  test('the cheapest service is Econômica, the fastest Expressa; the order keeps the service and its price', async () => {
    const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
    const quote = await quoteCart(b.session, '13035000');
    const economy = quote.fretes.find((f) => f.id === 'economica');
    const express = quote.fretes.find((f) => f.id === 'expressa');
    expect(economy).toMatchObject({ servico: '1', prazo: 'até 7 dias úteis' });
    expect(economy?.label).toMatch(/^Econômica – (Correios PAC|Frete Grátis)$/);
    expect(express).toMatchObject({
      label: 'Expressa – Correios SEDEX',
      servico: '2',
      prazo: 'até 2 dias úteis',
    });
    const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json());
    const [row] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, pedido.numero));
    expect((row?.shipping as { servico?: string }).servico).toBe('1');
    expect(row?.shippingPrice).toBe(economy?.valor);
  });

  test('the provider down, or slower than 2 s: the regional table answers, and the order is placed at it', async () => {
    const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
    me.state.down = true;
    const down = await quoteCart(b.session, '01310100');
    expect(down.fretes.find((f) => f.id === 'economica')).not.toHaveProperty('servico');
    expect(down.fretes.find((f) => f.id === 'expressa')?.label).toBe('Expressa');
    me.state.down = false;
    me.state.delayMs = 2500;
    // The quote gives up on the provider at 2 s (its deadline), so this answer is the table's.
    const slow = await quoteCart(b.session, '20040002');
    expect(slow.fretes.find((f) => f.id === 'expressa')?.label).toBe('Expressa');
    me.state.delayMs = 0;
    // Placed at the address the buyer has (Campinas): the carriers answer again there.
    expect((await placeAs(store, b)).status).toBe(201);
  });
});
