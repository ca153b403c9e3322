import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { atividadeSchema } from '#/contract/activity.ts';
import { errorSchema } from '#/contract/common.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import * as t from '#/server/db/schema.ts';
import { buyer, json, pickVariants, placeAs } from './buyers.ts';
import { ADMIN_TOKEN, startPlatform, withFailingTrigger } from './harness.ts';
import type { TestPlatform } from './harness.ts';

/** The record of the team's changes (`GET /v2/admin/activity`): who, what, before → after. */

let store: TestPlatform;
beforeAll(async () => {
  store = await startPlatform(20);
});
afterAll(() => store.stop());

const staff = (path: string, method = 'GET', body?: unknown) =>
  store.request(`/v2/admin${path}`, {
    method,
    ...json(body ?? {}, { Authorization: `Bearer ${ADMIN_TOKEN}` }),
    ...(method === 'GET' ? { body: null } : {}),
  });
const activity = async (query = '') => {
  const res = await staff(`/activity${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { atividades: unknown[]; total: number };
  return { total: body.total, atividades: body.atividades.map((a) => atividadeSchema.parse(a)) };
};

test('each staff change is recorded with its actor and only the fields it changed', async () => {
  const [variant] = await store.database.db.select({ sku: t.variants.sku }).from(t.variants).limit(1);
  const sku = variant?.sku ?? '';
  expect((await staff(`/stock/${sku}`, 'PUT', { estoque: 7 })).status).toBe(200);
  expect((await staff(`/stock/${sku}`, 'PUT', { estoque: 3 })).status).toBe(200);
  const created = await staff('/coupons', 'POST', {
    codigo: 'AUDIT5',
    descricao: '5% para o teste',
    tipo: 'produtos-percentual',
    valor: 5,
  });
  expect(created.status).toBe(201);
  expect((await staff('/coupons/AUDIT5', 'PUT', { valor: 8, ativo: false })).status).toBe(200);

  const all = await activity();
  expect(all.total).toBe(4);
  expect(all.atividades.map((a) => [a.acao, a.entidade, a.idEntidade, a.autor])).toEqual([
    ['cupom.alterar', 'cupom', 'AUDIT5', 'token'],
    ['cupom.criar', 'cupom', 'AUDIT5', 'token'],
    ['estoque.definir', 'estoque', sku, 'token'],
    ['estoque.definir', 'estoque', sku, 'token'],
  ]);
  const [change, creation, second] = all.atividades;
  expect(change?.antes).toEqual({ valor: 5, ativo: true });
  expect(change?.depois).toEqual({ valor: 8, ativo: false });
  expect(creation?.antes).toBeNull();
  expect(creation?.depois).toMatchObject({ codigo: 'AUDIT5', valor: 5 });
  expect(second?.depois).toEqual({ estoque: 3 });
  expect(second?.antes).toEqual({ estoque: 7 });

  const stock = await activity(`?entidade=estoque&id=${sku}`);
  expect(stock.atividades).toHaveLength(2);
  const page = await activity('?limit=1&offset=1');
  expect(page.atividades.map((a) => a.acao)).toEqual(['cupom.criar']);
});

test('a refused change records nothing; bad queries and missing tokens are refused in Portuguese', async () => {
  const before = (await activity()).total;
  expect((await staff('/coupons/NAOEXISTE', 'PUT', { valor: 3 })).status).toBe(404);
  expect((await staff('/stock/nao-existe', 'PUT', { estoque: 1 })).status).toBe(404);
  expect((await staff('/orders/999999/status', 'PUT', { situacao: 'pago' })).status).toBe(404);
  expect((await activity()).total).toBe(before);
  for (const query of ['?entidade=tudo', '?limit=0', '?offset=-1', `?id=${'x'.repeat(65)}`]) {
    const res = await staff(`/activity${query}`);
    expect(res.status, query).toBe(400);
    expect(errorSchema.parse(await res.json()).mensagem, query).toMatch(/\S/);
  }
  expect((await store.request('/v2/admin/activity')).status).toBe(401);
});

test('a change and its record are one: when the record cannot be written, the change is not made either', async () => {
  const db = store.database.db;
  const [variant] = await db.select().from(t.variants).limit(1);
  const sku = variant?.sku ?? '';
  const [v] = await pickVariants(store, 1);
  const placed = await placeAs(store, await buyer(store, [{ v: v as NonNullable<typeof v>, quantidade: 1 }]));
  expect(placed.status).toBe(201);
  const numero = pedidoAnswerSchema.parse(await placed.json()).pedido.numero;
  expect(
    (await staff('/coupons', 'POST', { codigo: 'UNIDADE', descricao: 'x', tipo: 'frete-gratis', valor: 0 }))
      .status,
  ).toBe(201);
  const added = await staff('/staff', 'POST', { email: 'uma@loja.test', nome: 'Uma', papel: 'pedidos' });
  const { membro } = (await added.json()) as { membro: { id: number } };
  const records = (await activity()).total;
  await withFailingTrigger(db, 'no_record', 'INSERT', 'audit_log', async () => {
    const attempts: [string, string, unknown][] = [
      [`/stock/${sku}`, 'PUT', { estoque: (variant?.stock ?? 0) + 11 }],
      ['/coupons', 'POST', { codigo: 'SEMREGISTRO', descricao: 'x', tipo: 'frete-gratis', valor: 0 }],
      ['/coupons/UNIDADE', 'PUT', { ativo: false }],
      [`/orders/${String(numero)}/status`, 'PUT', { situacao: 'pago', de: 'aguardando_pagamento' }],
      ['/staff', 'POST', { email: 'outra@loja.test', nome: 'Outra', papel: 'pedidos' }],
      [`/staff/${String(membro.id)}`, 'PUT', { ativo: false }],
    ];
    for (const [path, method, body] of attempts)
      expect((await staff(path, method, body)).status, `${method} ${path}`).toBeGreaterThanOrEqual(500);
  });
  const [stock] = await db
    .select({ stock: t.variants.stock })
    .from(t.variants)
    .where(eq(t.variants.sku, sku));
  expect(stock?.stock).toBe(variant?.stock);
  const coupons = await db.select({ code: t.coupons.code, active: t.coupons.active }).from(t.coupons);
  expect(coupons.map((c) => c.code)).not.toContain('SEMREGISTRO');
  expect(coupons.find((c) => c.code === 'UNIDADE')?.active).toBe(true);
  const [order] = await db
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.number, numero));
  expect(order?.status).toBe('awaiting_payment');
  const members = await db
    .select({ email: t.staffMembers.email, active: t.staffMembers.active })
    .from(t.staffMembers);
  expect(members.map((m) => m.email)).not.toContain('outra@loja.test');
  expect(members.find((m) => m.email === 'uma@loja.test')?.active).toBe(true);
  expect((await activity()).total).toBe(records);
});

test('the record reads as a person reads it: names for ids, reais, Sim/Não, restrictions and photos in words', async () => {
  const [brand] = await store.database.db.select().from(t.brands).limit(1);
  // A category with no subcategories (one with them holds no product of its own).
  const categories = await store.database.db.select().from(t.categories);
  const category = categories.find((c) => !categories.some((k) => k.parentId === c.id));
  const created = await staff('/coupons', 'POST', {
    codigo: 'LEGIVEL',
    descricao: 'Para ler',
    tipo: 'produtos-valor',
    valor: 12.5,
    restricao: { marcas: [brand?.id], categorias: [category?.id] },
  });
  expect(created.status).toBe(201);
  expect((await staff('/coupons/LEGIVEL', 'PUT', { ativo: false })).status).toBe(200);
  const [change, creation] = (await activity('?entidade=cupom&id=LEGIVEL')).atividades;
  expect(change?.acaoNome).toBe('Cupom alterado');
  expect(change?.mudancas).toEqual([{ campo: 'Ativo', antes: 'Sim', depois: 'Não' }]);
  expect(creation?.acaoNome).toBe('Cupom criado');
  expect(creation?.mudancas).toContainEqual({ campo: 'Valor', antes: '—', depois: 'R$\u00a012,50' });
  expect(creation?.mudancas).toContainEqual({ campo: 'Tipo', antes: '—', depois: 'R$ dos produtos' });
  expect(creation?.mudancas).toContainEqual({
    campo: 'Vale para',
    antes: '—',
    depois: `marcas: ${brand?.name ?? ''}; categorias: ${category?.path ?? ''}`,
  });
  // No raw JSON reaches the team.
  expect(creation?.mudancas.filter((m) => /[{}[\]]/.test(m.antes + m.depois))).toEqual([]);
});

test("an order's move reads in words, never as the code keeps it ('aguardando_pagamento → pago')", async () => {
  const [v] = await pickVariants(store, 1);
  const placed = await placeAs(store, await buyer(store, [{ v: v as NonNullable<typeof v>, quantidade: 1 }]));
  const numero = pedidoAnswerSchema.parse(await placed.json()).pedido.numero;
  const moved = await staff(`/orders/${String(numero)}/status`, 'PUT', {
    situacao: 'pago',
    de: 'aguardando_pagamento',
  });
  expect(moved.status).toBe(200);
  const [move] = (await activity(`?entidade=pedido&id=${String(numero)}`)).atividades;
  expect(move?.mudancas).toEqual([
    { campo: 'Situação', antes: 'Aguardando pagamento', depois: 'Pagamento confirmado' },
  ]);
});
