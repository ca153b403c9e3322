import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityListSchema } from '#/contract/activity.ts';
import { dashboardSchema } from '#/contract/staff-dashboard.ts';
import { handPlacedSchema, handQuoteSchema } from '#/contract/staff-new-order.ts';
import { staffOrderAnswerSchema, staffOrderExportSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { variantStock } from './buyers.ts';
import { ADMIN_TOKEN, startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** Orders the team makes by hand: a sale by phone, WhatsApp or at the counter, priced as the checkout prices it. */

let store: TestPlatform;
let team: { token: string };
let catalogue: { token: string };
let lines: { sku: string; id: number; stock: number; price: number }[] = [];
beforeAll(async () => {
  store = await startPlatform(10);
  team = await member('balcao@pedidos.test', 'pedidos');
  catalogue = await member('balcao@catalogo.test', 'catalogo');
  const rows = await store.database.db
    .select({ sku: t.variants.sku, id: t.variants.id, stock: t.variants.stock, price: t.variants.price })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(eq(t.products.active, true))
    .limit(40);
  lines = rows.filter((r) => r.stock >= 5).slice(0, 2);
  if (lines.length < 2) throw new Error('no variants with stock');
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const key = () => randomBytes(12).toString('hex');

/** A valid CPF of its own for each new customer (an account's document is unique). */
let cpfs = 0;
function newCpf(): string {
  const base = String(100_000_000 + (cpfs += 1) * 7919 + Math.floor(Math.random() * 1000)).slice(0, 9);
  const digit = (part: string) => {
    let sum = 0;
    for (let i = 0; i < part.length; i++) sum += Number(part.charAt(i)) * (part.length + 1 - i);
    const rest = (sum * 10) % 11;
    return String(rest === 10 ? 0 : rest);
  };
  const first = digit(base);
  return base + first + digit(base + first);
}
const address = {
  cep: '13035-000',
  logradouro: 'Rua das Flores',
  numero: '120',
  complemento: '',
  bairro: 'Centro',
  cidade: 'Campinas',
  uf: 'SP',
};

function orderOf(over: Record<string, unknown> = {}) {
  const [a, b] = lines;
  return {
    canal: 'telefone',
    cliente: {
      email: `cliente-${key().slice(0, 6)}@exemplo.com.br`,
      nome: 'Beatriz Lima',
      documento: newCpf(),
      celular: '(19) 99876-5432',
    },
    itens: [
      { sku: a?.sku, quantidade: 2 },
      { sku: b?.sku.toLowerCase(), quantidade: 1 },
    ],
    endereco: address,
    pagamento: 'pix',
    chave: key(),
    ...over,
  };
}

const quote = async (body: unknown, token = team.token) =>
  admin('/orders/quote', { method: 'POST', body, headers: as(token) });
const place = async (body: unknown, token = team.token) =>
  admin('/orders', { method: 'POST', body, headers: as(token) });

/** Quote, choose the first delivery option, and place it. */
async function quoteAndPlace(order: ReturnType<typeof orderOf>) {
  const res = await quote(order);
  expect(res.status, await res.clone().text()).toBe(200);
  const q = handQuoteSchema.parse(await res.json());
  const frete = q.fretes.find((f) => f.tipo === 'entrega') ?? q.fretes[0];
  if (!frete) throw new Error('no delivery option');
  const body = { ...order, frete: frete.id, conferencia: q.conferencia };
  const made = await place(body);
  return { res: made, body, quote: q, frete };
}

const staffOrder = async (numero: number) =>
  staffOrderAnswerSchema.parse(
    await (await admin(`/orders/${String(numero)}`, { headers: as(team.token) })).json(),
  ).pedido;

describe('a phone order paid by Pix', () => {
  test('quoting keeps nothing: no account, no cart, no stock taken', async () => {
    const order = orderOf();
    const before = await variantStock(store, lines[0]?.id ?? 0);
    const res = await quote(order);
    expect(res.status).toBe(200);
    const q = handQuoteSchema.parse(await res.json());
    expect(q.cliente).toMatchObject({ conta: false, nome: 'Beatriz Lima' });
    expect(q.itens.map((i) => i.quantidade)).toEqual([2, 1]);
    expect(q.fretes.length).toBeGreaterThan(0);
    expect(q.pagamentos.map((p) => p.id)).toEqual(['pix', 'recebido']);
    expect(q.valores.total).toBeUndefined();
    expect(await variantStock(store, lines[0]?.id ?? 0)).toBe(before);
    const drafts = await store.database.db.select().from(t.cartItems);
    expect(drafts.filter((d) => d.sessionId.startsWith('painel:'))).toEqual([]);
    const made = await store.database.db
      .select()
      .from(t.customers)
      .where(eq(t.customers.email, order.cliente.email));
    expect(made).toEqual([]);
  });

  test('placed for a new customer: the account, the stock, the channel, the e-mail with the Pix, the trail', async () => {
    const order = orderOf({ desconto: { valor: 10, motivo: 'Cliente antigo, combinado por telefone' } });
    const stockBefore = await variantStock(store, lines[0]?.id ?? 0);
    const { res, quote: q, frete, body } = await quoteAndPlace(order);
    expect(res.status, await res.clone().text()).toBe(201);
    const placed = handPlacedSchema.parse(await res.json());
    expect(placed).toMatchObject({ criado: true, contaNova: true });
    expect(await variantStock(store, lines[0]?.id ?? 0)).toBe(stockBefore - 2);

    const pedido = await staffOrder(placed.numero);
    expect(pedido.situacao).toBe('aguardando_pagamento');
    expect(pedido.valores.descontoLoja).toBe(10);
    expect(pedido.venda).toEqual({
      canal: 'telefone',
      feitoPor: 'Pessoa pedidos',
      motivoDesconto: 'Cliente antigo, combinado por telefone',
    });
    const expected =
      Math.round((q.valores.subtotal - q.valores.descontoVista - 10 + frete.valor) * 100) / 100;
    expect(pedido.valores.total).toBe(expected);
    expect(pedido.pagamento.copiaECola).toContain(String(placed.numero));
    expect(pedido.linhaDoTempo[0]?.autor).toBe('Pessoa pedidos');

    const [account] = await store.database.db
      .select()
      .from(t.customers)
      .where(eq(t.customers.email, order.cliente.email));
    expect(account).toMatchObject({
      name: 'Beatriz Lima',
      document: order.cliente.documento,
      passwordHash: '',
    });

    const mail = store.mail.filter((m) => m.to === order.cliente.email);
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringContaining(`Pedido ${String(placed.numero)} recebido`),
    ]);
    expect(mail[0]?.text).toContain(pedido.pagamento.copiaECola);
    expect(mail[0]?.text).toContain('Desconto da loja');
    expect(mail[0]?.text).toContain('Esqueci minha senha');

    // The same form sent again is the same order.
    const again = await place(body);
    expect(again.status).toBe(200);
    expect(handPlacedSchema.parse(await again.json())).toMatchObject({
      numero: placed.numero,
      criado: false,
    });

    const exported = staffOrderExportSchema.parse(
      await (await admin(`/orders/export?canal=telefone`, { headers: as(team.token) })).json(),
    );
    expect(exported.pedidos.map((p) => p.numero)).toContain(placed.numero);
    const row = exported.pedidos.find((p) => p.numero === placed.numero);
    expect(row).toMatchObject({ canal: 'telefone', feitoPor: 'Pessoa pedidos', descontoLoja: 10 });
    const site = staffOrderExportSchema.parse(
      await (await admin(`/orders/export?canal=site`, { headers: as(team.token) })).json(),
    );
    expect(site.pedidos.map((p) => p.numero)).not.toContain(placed.numero);

    const activity = activityListSchema.parse(
      await (
        await admin(`/activity?entidade=pedido&id=${String(placed.numero)}`, {
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).json(),
    );
    expect(activity.atividades.map((a) => a.acaoNome)).toContain('Pedido feito pela equipe');
  });
});

describe('a counter sale already received', () => {
  test('is placed paid, its buyer told it is paid, and the dashboard counts the channel', async () => {
    const order = orderOf({ canal: 'balcao', pagamento: 'recebido', recebidoCom: 'dinheiro' });
    const { res } = await quoteAndPlace(order);
    expect(res.status, await res.clone().text()).toBe(201);
    const { numero } = handPlacedSchema.parse(await res.json());
    const pedido = await staffOrder(numero);
    expect(pedido.situacao).toBe('pago');
    expect(pedido.pagamento).toMatchObject({ metodo: 'dinheiro', label: 'Dinheiro', copiaECola: '' });
    const subjects = store.mail.filter((m) => m.to === order.cliente.email).map((m) => m.subject);
    expect(subjects).toEqual([`Pagamento do pedido ${String(numero)} confirmado`]);
    const owner = await member('dono@balcao.test', 'dono');
    const dash = dashboardSchema.parse(
      await (await admin('/dashboard?periodo=hoje', { headers: as(owner.token) })).json(),
    );
    expect(dash.canais.find((c) => c.canal === 'balcao')?.pedidos).toBe(1);
    expect(dash.pagamentos.map((p) => p.metodo)).toContain('dinheiro');
  });
});

describe('bad input changes nothing', () => {
  test('unknown SKU, short stock, a discount without reason or past the goods, a stale quote', async () => {
    const stock = await variantStock(store, lines[1]?.id ?? 0);
    const customersBefore = (await store.database.db.select().from(t.customers)).length;
    const unknown = await quote(orderOf({ itens: [{ sku: 'NAO-EXISTE-1', quantidade: 1 }] }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { mensagem: string }).mensagem).toContain('NAO-EXISTE-1');
    const short = await quote(orderOf({ itens: [{ sku: lines[1]?.sku, quantidade: stock + 1 }] }));
    expect(short.status).toBe(409);
    const noReason = await quote(orderOf({ desconto: { valor: 5, motivo: '' } }));
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { erros: Record<string, string> }).erros).toHaveProperty(
      'desconto.motivo',
    );
    const noDocument = await quote(
      orderOf({ cliente: { email: 'novo@exemplo.com.br', nome: 'Sem Documento' } }),
    );
    expect(noDocument.status).toBe(400);
    const tooMuch = await quoteAndPlace(orderOf({ desconto: { valor: 999_999, motivo: 'teste de limite' } }));
    expect(tooMuch.res.status).toBe(400);
    expect(((await tooMuch.res.json()) as { mensagem: string }).mensagem).toContain('passa do valor');
    // A price changed between the quote and the order.
    const order = orderOf();
    const q = handQuoteSchema.parse(await (await quote(order)).json());
    await store.database.db
      .update(t.variants)
      .set({ price: (lines[0]?.price ?? 0) + 1 })
      .where(eq(t.variants.id, lines[0]?.id ?? 0));
    const stale = await place({ ...order, frete: q.fretes[0]?.id, conferencia: q.conferencia });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { mensagem: string }).mensagem).toContain('calcule o pedido de novo');
    for (const body of [{}, null, 'x', { ...orderOf(), canal: 'site' }, { ...orderOf(), itens: [] }])
      expect((await place(body)).status, JSON.stringify(body)).toBe(400);
    expect((await quote(orderOf(), catalogue.token)).status).toBe(403);
    expect(await variantStock(store, lines[1]?.id ?? 0)).toBe(stock);
    // Only the stale order's new account was made (the account comes before the order).
    expect((await store.database.db.select().from(t.customers)).length).toBeLessThanOrEqual(
      customersBefore + 2,
    );
  });
});
