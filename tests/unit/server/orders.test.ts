import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cartSchema } from '#/contract/cart.ts';
import { errorSchema } from '#/contract/common.ts';
import { pedidoAnswerSchema, pedidosAnswerSchema } from '#/contract/order.ts';
import * as t from '#/server/db/schema.ts';
import { loadSettings } from '#/server/content/settings.ts';
import { expireOrders } from '#/server/orders/status.ts';
import { parseBrCode } from './br-code.ts';
import {
  buyer as buyerOf,
  chave,
  json,
  pickVariants,
  place as placeBody,
  placeAs as placeOrder,
  shownFingerprint,
} from './buyers.ts';
import type { Variant } from './buyers.ts';
import { ADMIN_TOKEN, newSession, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';

let store: TestPlatform;
let variant: Variant;
let second: Variant;

beforeAll(async () => {
  store = await startPlatform();
  [variant, second] = (await pickVariants(store, 2)) as [Variant, Variant];
});
afterAll(() => store.stop());

const setStock = (id: number, stock: number) =>
  store.database.db.update(t.variants).set({ stock }).where(eq(t.variants.id, id));
const stockOf = async (id: number) =>
  (await store.database.db.select({ s: t.variants.stock }).from(t.variants).where(eq(t.variants.id, id)))[0]
    ?.s;
const buyer = (lines: { v: Variant; quantidade: number }[]) => buyerOf(store, lines);
/** The fingerprint the checkout page would carry now, for a buyer's cart as it is. */
const buyerFingerprint = async (b: { session: string }) =>
  shownFingerprint(
    store,
    b.session,
    cartSchema.parse(
      await (await store.request('/v2/front/checkout/cart', { headers: { Session: b.session } })).json(),
    ),
  );
const placeAs = (b: { session: string; conferencia: string }) => placeOrder(store, b);
const place = (session: string, body: Record<string, unknown>) => placeBody(store, session, body);

describe('placing an order', () => {
  test('totals come from the server: Pix takes 10% off the products, shipping is added', async () => {
    const b = await buyer([
      { v: variant, quantidade: 2 },
      { v: second, quantidade: 1 },
    ]);
    const before = await stockOf(variant.id);
    const res = await place(b.session, {
      frete: 'economica',
      pagamento: 'pix',
      conferencia: b.conferencia,
      chave: chave(),
      // Money the browser sends is not believed.
      total: 0.01,
      desconto: 99,
    });
    expect(res.status).toBe(201);
    const { pedido } = pedidoAnswerSchema.parse(await res.json());
    const subtotal = Math.round((variant.price * 2 + second.price) * 100) / 100;
    expect(pedido.valores.subtotal).toBe(subtotal);
    expect(pedido.valores.desconto).toBe(Math.round(subtotal * 10) / 100);
    expect(pedido.valores.frete).toBeGreaterThanOrEqual(0);
    expect(pedido.valores.total).toBe(
      Math.round((subtotal - pedido.valores.desconto + pedido.valores.frete) * 100) / 100,
    );
    expect(pedido.situacao).toBe('aguardando_pagamento');
    expect(pedido.numero).toBeGreaterThanOrEqual(1001);
    expect(pedido.itens.map((i) => i.quantidade)).toEqual([2, 1]);
    expect(pedido.entrega.endereco.join(' ')).toMatch(/Rua das Flores, 120.*Campinas\/SP.*13035-000/);
    expect(await stockOf(variant.id)).toBe((before ?? 0) - 2);
    // The BR Code charges the order's total to the store's key, and its CRC checks.
    const code = parseBrCode(pedido.pagamento.copiaECola);
    expect(code.crcOk).toBe(true);
    expect(code.fields['54']).toBe(pedido.valores.total.toFixed(2));
    expect(code.fields['26']?.['00']).toBe('br.gov.bcb.pix');
    expect(code.fields['62']?.['05']).toBe(`PEDIDO${String(pedido.numero)}`);
    // The buyer is e-mailed the order with its Pix (once, even if the form is posted again).
    await expect
      .poll(
        () =>
          store.mail.filter((m) => m.subject.startsWith(`Pedido ${String(pedido.numero)} recebido`)).length,
      )
      .toBe(1);
    const mail = store.mail.find((m) => m.subject.startsWith(`Pedido ${String(pedido.numero)} recebido`));
    expect(mail?.text).toContain(pedido.pagamento.copiaECola);
    expect(mail?.text).toContain(`/minha-conta/pedidos/${String(pedido.numero)}`);
    // The cart is empty afterwards.
    const cart = cartSchema.parse(
      await (await store.request('/v2/front/checkout/cart', { headers: { Session: b.session } })).json(),
    );
    expect(cart.itens).toHaveLength(0);
  });

  test('a guest is asked to log in; a bad body is a 400 in Portuguese; an empty cart a 409', async () => {
    const guest = await place(newSession(), {
      frete: 'economica',
      pagamento: 'pix',
      conferencia: '',
      chave: chave(),
    });
    expect(guest.status).toBe(401);
    const b = await buyer([]);
    for (const [body, message] of [
      [{ frete: '', pagamento: 'pix', conferencia: '', chave: chave() }, /forma de entrega/],
      [{ frete: 'economica', pagamento: 'boleto', conferencia: '', chave: chave() }, /forma de pagamento/],
      [{ frete: 'economica', pagamento: 'pix', conferencia: '', chave: 'x' }, /Atualize a página/],
    ] as const) {
      const res = await place(b.session, body);
      expect(res.status).toBe(400);
      expect(errorSchema.parse(await res.json()).mensagem).toMatch(message);
    }
    const empty = await place(b.session, {
      frete: 'economica',
      pagamento: 'pix',
      conferencia: '',
      chave: chave(),
    });
    expect(empty.status).toBe(409);
    expect(errorSchema.parse(await empty.json()).error).toBe('cart_empty');
  });

  test('an unknown shipping option is refused and nothing is taken', async () => {
    const b = await buyer([{ v: variant, quantidade: 1 }]);
    const before = await stockOf(variant.id);
    const res = await place(b.session, {
      frete: 'teletransporte',
      pagamento: 'pix',
      conferencia: b.conferencia,
      chave: chave(),
    });
    expect(res.status).toBe(400);
    expect(await stockOf(variant.id)).toBe(before);
  });

  test('a price that changed since the page was shown stops the order, and nothing is taken', async () => {
    const b = await buyer([{ v: second, quantidade: 1 }]);
    const before = await stockOf(second.id);
    await store.database.db
      .update(t.variants)
      .set({ price: second.price + 10 })
      .where(eq(t.variants.id, second.id));
    try {
      const res = await placeAs(b);
      expect(res.status).toBe(409);
      const body = errorSchema.parse(await res.json());
      expect(body.error).toBe('cart_changed');
      expect(body.mensagem).toMatch(
        /Os valores do seu pedido mudaram desde que a página foi aberta: o total agora é R\$/,
      );
      expect(await stockOf(second.id)).toBe(before);
      const count = await store.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.orders)
        .where(eq(t.orders.sessionId, b.session));
      expect(count[0]?.n).toBe(0);
    } finally {
      await store.database.db
        .update(t.variants)
        .set({ price: second.price })
        .where(eq(t.variants.id, second.id));
    }
  });

  test('a total that changed since the page was shown (cash discount, shipping) stops the order with the new total', async () => {
    const settings = await loadSettings(store.database.db);
    const write = (value: typeof settings) =>
      store.database.db
        .insert(t.settings)
        .values({ key: 'configuracoes', value })
        .onConflictDoUpdate({ target: t.settings.key, set: { value } });
    const cases: [string, typeof settings][] = [
      [
        'the Pix discount',
        {
          ...settings,
          pagamentos: { ...settings.pagamentos, pix: { ...settings.pagamentos.pix, desconto: 3 } },
        },
      ],
      [
        'the shipping price (free shipping no longer reached)',
        {
          ...settings,
          checkout: {
            ...settings.checkout,
            alertaFreteGratis: {
              ...settings.checkout.alertaFreteGratis,
              ativo: true,
              usarValorFixo: true,
              valorFixo: 1_000_000,
            },
          },
        },
      ],
    ];
    for (const [what, changed] of cases) {
      const b = await buyer([{ v: second, quantidade: 1 }]);
      const before = await stockOf(second.id);
      await write(changed);
      try {
        const res = await placeAs(b);
        expect(res.status, what).toBe(409);
        expect(errorSchema.parse(await res.json()).mensagem, what).toMatch(
          /mudaram desde que a página foi aberta: o total agora é R\$\s[\d.]+,\d{2}\./,
        );
        expect(await stockOf(second.id), what).toBe(before);
        // The page shown again carries the new values: the same cart placed with them goes through.
        const fresh = await buyerFingerprint(b);
        expect((await placeOrder(store, { session: b.session, conferencia: fresh })).status, what).toBe(201);
      } finally {
        await write(settings);
      }
    }
  });

  test('a line that went out of stock stops the order with its name, and the other lines keep their stock', async () => {
    const b = await buyer([
      { v: variant, quantidade: 1 },
      { v: second, quantidade: 3 },
    ]);
    const first = await stockOf(variant.id);
    const saved = (await stockOf(second.id)) ?? 0;
    await setStock(second.id, 2);
    try {
      const res = await placeAs(b);
      expect(res.status).toBe(409);
      expect(errorSchema.parse(await res.json()).mensagem).toMatch(/Restam apenas 2 unidade/);
      expect(await stockOf(variant.id)).toBe(first);
      expect(await stockOf(second.id)).toBe(2);
    } finally {
      await setStock(second.id, saved);
    }
  });

  test('the same key placed twice, one after the other or at once, is one order', async () => {
    const b = await buyer([{ v: variant, quantidade: 1 }]);
    const before = await stockOf(variant.id);
    const body = { frete: 'expressa', pagamento: 'pix', conferencia: b.conferencia, chave: chave() };
    const answers = await Promise.all([
      place(b.session, body),
      place(b.session, body),
      place(b.session, body),
    ]);
    const numbers = await Promise.all(
      answers.map(async (r) => pedidoAnswerSchema.parse(await r.json()).pedido.numero),
    );
    expect(new Set(numbers).size).toBe(1);
    await expect
      .poll(
        () => store.mail.filter((m) => m.subject.startsWith(`Pedido ${String(numbers[0])} recebido`)).length,
      )
      .toBe(1);
    const again = pedidoAnswerSchema.parse(await (await place(b.session, body)).json());
    expect(again.pedido.numero).toBe(numbers[0]);
    expect(await stockOf(variant.id)).toBe((before ?? 0) - 1);
  });

  test('20 buyers race for the last unit: exactly one order, stock never below zero', async () => {
    const saved = (await stockOf(second.id)) ?? 0;
    await setStock(second.id, 1);
    try {
      const buyers = await Promise.all(
        Array.from({ length: 20 }, () => buyer([{ v: second, quantidade: 1 }])),
      );
      const answers = await Promise.all(buyers.map((b) => placeAs(b)));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      expect(await stockOf(second.id)).toBe(0);
    } finally {
      await setStock(second.id, saved);
    }
  });
});

describe('after the order', () => {
  const placed = async () => {
    const b = await buyer([{ v: variant, quantidade: 2 }]);
    const res = await placeAs(b);
    return { ...b, pedido: pedidoAnswerSchema.parse(await res.json()).pedido };
  };
  /** The order as its buyer's session reads it. */
  const readOrder = async (session: string, numero: number) =>
    pedidoAnswerSchema.parse(
      await (
        await store.request(`/v2/front/checkout/order/${String(numero)}`, { headers: { Session: session } })
      ).json(),
    );
  const staff = (numero: number | string, situacao: string, token = ADMIN_TOKEN) =>
    store.request(`/v2/admin/orders/${String(numero)}/status`, {
      method: 'PUT',
      ...json(
        {
          situacao,
          // A shipment says how the buyer follows it.
          ...(situacao === 'enviado' ? { transportadora: 'Correios', rastreio: 'AA123456785BR' } : {}),
        },
        { Authorization: `Bearer ${token}` },
      ),
    });

  test('a cancelled order is e-mailed to its buyer with what happens to the money', async () => {
    const unpaid = (await placed()).pedido.numero;
    expect((await staff(unpaid, 'cancelado')).status).toBe(200);
    const paid = (await placed()).pedido.numero;
    expect((await staff(paid, 'pago')).status).toBe(200);
    expect((await staff(paid, 'cancelado')).status).toBe(200);
    const mailOf = (n: number) => store.mail.findLast((m) => m.subject === `Pedido ${String(n)} cancelado`);
    await expect
      .poll(() => mailOf(paid)?.text ?? '')
      .toMatch(/devolve o valor por Pix para a conta de onde ele saiu/);
    expect(mailOf(unpaid)?.text).toContain('Nenhum valor foi cobrado.');
  });

  test('only the buyer can open the order: another visitor gets 404, the account on another device 200', async () => {
    const { session, customerId, pedido } = await placed();
    const path = `/v2/front/checkout/order/${String(pedido.numero)}`;
    expect((await store.request(path, { headers: { Session: session } })).status).toBe(200);
    expect((await store.request(path, { headers: { Session: newSession() } })).status).toBe(404);
    const stranger = newSession();
    await store.loginAs(stranger, { name: 'Outra Pessoa' });
    expect((await store.request(path, { headers: { Session: stranger } })).status).toBe(404);
    const device = newSession();
    await store.database.db.insert(t.sessions).values({ id: device, customerId });
    expect((await store.request(path, { headers: { Session: device } })).status).toBe(200);
    for (const bad of ['abc', '-1', '1e3', '99999999999'])
      expect(
        (await store.request(`/v2/front/checkout/order/${bad}`, { headers: { Session: session } })).status,
      ).toBe(404);
    const list = pedidosAnswerSchema.parse(
      await (await store.request('/v2/front/checkout/orders', { headers: { Session: device } })).json(),
    );
    expect(list.pedidos.map((p) => p.numero)).toContain(pedido.numero);
    expect(list.pedidos[0]?.situacaoLabel).toBe('Aguardando pagamento');
  });

  test('an unpaid order past its time is cancelled on read and its stock comes back once', async () => {
    const { session, pedido } = await placed();
    const before = await stockOf(variant.id);
    await store.database.db
      .update(t.orders)
      // Past its time, and the team reminded long ago (a static Pix waits for that: team-mail.test.ts).
      .set({ expiresAt: new Date(0), teamRemindedAt: new Date(0) })
      .where(eq(t.orders.number, pedido.numero));
    // Two sweepers at once (two instances): the stock comes back once.
    await Promise.all([expireOrders(store.database.db), expireOrders(store.database.db)]);
    expect(await stockOf(variant.id)).toBe((before ?? 0) + 2);
    const read = await readOrder(session, pedido.numero);
    expect(read.pedido.situacao).toBe('cancelado');
    expect(read.pedido.pagamento.copiaECola).toBe('');
    expect(read.pedido.historico.map((h) => h.situacao)).toEqual(['aguardando_pagamento', 'cancelado']);
    expect(await stockOf(variant.id)).toBe((before ?? 0) + 2);
  });

  test('the staff API moves an order along with its token, refuses moves the status does not allow', async () => {
    const { session, pedido } = await placed();
    expect((await staff(pedido.numero, 'pago', 'errado')).status).toBe(401);
    const noToken = await store.request(`/v2/admin/orders/${String(pedido.numero)}/status`, {
      method: 'PUT',
      ...json({ situacao: 'pago' }),
    });
    expect(noToken.status).toBe(401);
    expect((await staff(pedido.numero, 'entregue')).status).toBe(409);
    expect((await staff(pedido.numero, 'voando')).status).toBe(400);
    expect((await staff(999_999, 'pago')).status).toBe(404);
    expect((await staff(pedido.numero, 'pago')).status).toBe(200);
    expect((await staff(pedido.numero, 'pago')).status).toBe(409);
    expect((await staff(pedido.numero, 'enviado')).status).toBe(200);
    expect((await staff(pedido.numero, 'entregue')).status).toBe(200);
    // Payment and dispatch are e-mailed to the buyer; delivery asks for a review of each product.
    const sent = () => store.mail.filter((m) => m.subject.includes(String(pedido.numero)));
    await expect.poll(() => sent().length).toBe(4);
    expect(sent().map((m) => m.subject)).toEqual([
      expect.stringMatching(/recebido: pague com Pix até \d{2}:\d{2}$/),
      `Pagamento do pedido ${String(pedido.numero)} confirmado`,
      `Pedido ${String(pedido.numero)} enviado`,
      `Pedido ${String(pedido.numero)} entregue: conte o que achou`,
    ]);
    const links = pedido.itens.map((i) => `https://loja.test/avaliar?produto=${String(i.idProduto)}`);
    for (const link of links) expect(sent()[3]?.text).toContain(link);
    const read = await readOrder(session, pedido.numero);
    expect(read.pedido.historico.map((h) => h.label)).toEqual([
      'Aguardando pagamento',
      'Pagamento confirmado',
      'Enviado',
      'Entregue',
    ]);
  });

  test('cancelling a paid order returns its stock', async () => {
    const { pedido } = await placed();
    const before = await stockOf(variant.id);
    expect((await staff(pedido.numero, 'pago')).status).toBe(200);
    expect((await staff(pedido.numero, 'cancelado')).status).toBe(200);
    expect(await stockOf(variant.id)).toBe((before ?? 0) + 2);
    expect((await staff(pedido.numero, 'pago')).status).toBe(409);
  });
});
