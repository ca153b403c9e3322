import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import {
  customerDetailSchema,
  customerExportSchema,
  customerListSchema,
} from '#/contract/staff-customers.ts';
import * as t from '#/server/db/schema.ts';
import { buyer, pickVariants, placeAs } from './buyers.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The customers the team sees: searched every way a person asks, what each spent, one customer's page. */

let store: TestPlatform;
let orders: { token: string };
let catalogue: { token: string };
let ana: number;
let bia: number;
let paidTotal = 0;
beforeAll(async () => {
  store = await startPlatform(10);
  orders = await member('pedidos@clientes.test', 'pedidos');
  catalogue = await member('catalogo@clientes.test', 'catalogo');
  const [v] = await pickVariants(store, 1);
  if (!v) throw new Error('no variant');
  // Ana: two orders, one paid (later half refunded by the provider), one left waiting.
  const a = await buyer(store, [{ v, quantidade: 2 }]);
  ana = a.customerId;
  const { pedido: first } = pedidoAnswerSchema.parse(await (await placeAs(store, a)).json());
  // Her second order, placed on another session and then moved to her account.
  const again = await buyer(store, [{ v, quantidade: 1 }]);
  expect((await placeAs(store, again)).status).toBe(201);
  await store.database.db
    .update(t.orders)
    .set({ customerId: ana })
    .where(eq(t.orders.customerId, again.customerId));
  const paid = await admin(`/orders/${String(first.numero)}/status`, {
    method: 'PUT',
    body: { situacao: 'pago' },
    headers: as(orders.token),
  });
  expect(paid.status).toBe(200);
  paidTotal = first.valores.total;
  await store.database.db.insert(t.refunds).values({
    orderNumber: first.numero,
    provider: 'pix-api',
    ref: 'D1',
    source: 'E1',
    amount: 10,
    status: 'devolvido',
    reason: 'pedido_da_equipe',
  });
  await store.database.db
    .update(t.customers)
    .set({ name: 'Ana Beatriz Souza', document: '52998224725', phone: '(19) 99876-5432', optin: true })
    .where(eq(t.customers.id, ana));
  await store.database.db.insert(t.newsletterSubscribers).values({ email: (await emailOf(ana)) ?? '' });
  // Bia: a company with no orders.
  const b = await buyer(store, []);
  bia = b.customerId;
  await store.database.db
    .update(t.customers)
    .set({ name: 'Bia Reformas Ltda', pessoa: 'J', document: '11222333000181', phone: '1132324500' })
    .where(eq(t.customers.id, bia));
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const emailOf = async (id: number) =>
  (await store.database.db.select().from(t.customers).where(eq(t.customers.id, id)))[0]?.email;
const list = async (query: string, token = orders.token) => {
  const res = await admin(`/customers${query}`, { headers: as(token) });
  expect(res.status).toBe(200);
  return customerListSchema.parse(await res.json());
};
const ids = async (query: string) => (await list(query)).clientes.map((c) => c.id);

describe('the customer list', () => {
  test('found by name, e-mail, CPF/CNPJ or phone however typed, and by kind', async () => {
    expect(await ids('?q=beatriz')).toEqual([ana]);
    expect(await ids(`?q=${encodeURIComponent((await emailOf(ana)) ?? '-')}`)).toEqual([ana]);
    expect(await ids('?q=529.982.247-25')).toEqual([ana]);
    expect(await ids('?q=11.222.333%2F0001-81')).toEqual([bia]);
    expect(await ids('?q=99876-5432')).toEqual([ana]);
    expect(await ids('?q=(11)%203232')).toEqual([bia]);
    expect(await ids('?pessoa=J')).toEqual([bia]);
    expect(await ids('?q=100%25')).toEqual([]);
  });

  test('what each spent: paid orders less the refunds the provider confirmed', async () => {
    const [first] = (await list('?ordem=maior-gasto')).clientes;
    expect(first).toMatchObject({
      id: ana,
      pedidos: 2,
      documento: '529.982.247-25',
      cidade: 'Campinas',
      uf: 'SP',
    });
    expect(first?.totalGasto).toBeCloseTo(paidTotal - 10, 2);
    const company = (await list('?pessoa=J')).clientes[0];
    expect(company).toMatchObject({
      pedidos: 0,
      totalGasto: 0,
      ultimoPedido: null,
      documento: '11.222.333/0001-81',
    });
  });

  test('a bad filter is a 400 in Portuguese; the catalogue never sees customers', async () => {
    for (const query of ['?pessoa=X', '?ordem=idade', '?pagina=0', `?q=${'a'.repeat(101)}`]) {
      const res = await admin(`/customers${query}`, { headers: as(orders.token) });
      expect(res.status, query).toBe(400);
    }
    for (const path of ['/customers', '/customers/export', `/customers/${String(ana)}`])
      expect((await admin(path, { headers: as(catalogue.token) })).status, path).toBe(403);
  });

  test('the export carries the consents', async () => {
    const res = await admin('/customers/export?q=beatriz', { headers: as(orders.token) });
    const body = customerExportSchema.parse(await res.json());
    expect(body.truncado).toBe(false);
    expect(body.clientes[0]).toMatchObject({ id: ana, ofertasPorEmail: true, newsletter: true });
  });
});

describe('one customer', () => {
  test('contacts, addresses, every order newest first, consents', async () => {
    const res = await admin(`/customers/${String(ana)}`, { headers: as(orders.token) });
    expect(res.status).toBe(200);
    const detail = customerDetailSchema.parse(await res.json());
    expect(detail.cliente).toMatchObject({ nome: 'Ana Beatriz Souza', telefone: '(19) 99876-5432' });
    expect(detail.enderecos[0]).toEqual({
      rotulo: 'Endereço do cadastro',
      linhas: ['Rua das Flores, 120', 'Centro, Campinas – SP', 'CEP 13035-000'],
    });
    expect(detail.pedidos.map((p) => p.situacao)).toEqual(['aguardando_pagamento', 'pago']);
    expect(detail.consentimentos.ofertasPorEmail).toBe(true);
    expect(detail.consentimentos.newsletterDesde).not.toBeNull();
    for (const id of ['999999', 'abc', '0'])
      expect((await admin(`/customers/${id}`, { headers: as(orders.token) })).status, id).toBe(404);
  });
});
