import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { dashboardSchema } from '#/contract/staff-dashboard.ts';
import { staffOrderExportSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { expireOrders } from '#/server/orders/status.ts';
import { periodDays } from '#/server/staff/dashboard.ts';
import { buyer, pickVariants, placeAs } from './buyers.ts';
import { startPlatform } from './harness.ts';
import type { TestPlatform } from './harness.ts';
import { as, staffCalls } from './staff-members.ts';

/** The owners' dashboard: its figures are the orders' spreadsheet's for the same days, on either database. */

let store: TestPlatform;
let owner: { token: string };
let orders: { token: string };
const placed: number[] = [];
beforeAll(async () => {
  store = await startPlatform(10);
  owner = await member('dona@painel.test', 'dono');
  orders = await member('pedidos@painel.test', 'pedidos');
  const variants = await pickVariants(store, 3);
  // Five carts; four become orders: two paid (one of them later partly refunded), one expired, one waiting.
  for (const [i, v] of variants.entries()) {
    const b = await buyer(store, [{ v, quantidade: i + 1 }]);
    const res = await placeAs(store, b);
    expect(res.status).toBe(201);
    placed.push(pedidoAnswerSchema.parse(await res.json()).pedido.numero);
  }
  const [v] = variants;
  if (!v) throw new Error('no variant');
  const fourth = await buyer(store, [{ v, quantidade: 1 }]);
  placed.push(pedidoAnswerSchema.parse(await (await placeAs(store, fourth)).json()).pedido.numero);
  await buyer(store, [{ v, quantidade: 1 }]);
  const [first, second, third] = placed;
  for (const n of [first, second])
    expect(
      (
        await admin(`/orders/${String(n)}/status`, {
          method: 'PUT',
          body: { situacao: 'pago' },
          headers: as(orders.token),
        })
      ).status,
    ).toBe(200);
  await store.database.db.insert(t.refunds).values({
    orderNumber: second ?? 0,
    provider: 'pix-api',
    ref: 'D-painel',
    source: 'E-painel',
    amount: 5,
    status: 'devolvido',
    reason: 'pedido_da_equipe',
  });
  await store.database.db
    .update(t.orders)
    .set({ expiresAt: new Date(Date.now() - 60_000), teamRemindedAt: new Date(Date.now() - 3_600_000) })
    .where(eq(t.orders.number, third ?? 0));
  expect(await expireOrders(store.database.db, [third ?? 0])).toEqual([third]);
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const board = async (periodo: string) => {
  const res = await admin(`/dashboard?periodo=${periodo}`, { headers: as(owner.token) });
  expect(res.status).toBe(200);
  return dashboardSchema.parse(await res.json());
};

describe('the dashboard', () => {
  test('its money and counts are the orders spreadsheet’s for the same days', async () => {
    const d = await board('7-dias');
    const res = await admin(`/orders/export?de=${d.de}&ate=${d.ate}`, { headers: as(owner.token) });
    const { pedidos } = staffOrderExportSchema.parse(await res.json());
    const paid = pedidos.filter((p) => ['pago', 'enviado', 'entregue'].includes(p.situacao));
    const gross = paid.reduce((sum, p) => sum + Math.round(p.total * 100), 0) / 100;
    expect(d.receitaBruta).toBeCloseTo(gross, 2);
    expect(d.pedidosPagos.atual).toBe(paid.length);
    expect(d.pedidosPagos.atual).toBe(2);
    expect(d.devolvido).toBe(5);
    expect(d.receita.atual).toBeCloseTo(gross - 5, 2);
    expect(d.ticketMedio.atual).toBeCloseTo((gross - 5) / 2, 2);
    expect(d.receita.anterior).toBe(0);
    // The days add up to the period, and the payment mix to the revenue.
    expect(d.porDia).toHaveLength(7);
    expect(d.porDia.reduce((sum, day) => sum + day.receita, 0)).toBeCloseTo(d.receita.atual, 2);
    expect(d.pagamentos).toEqual([{ metodo: 'pix', pedidos: 2, receita: d.receita.atual }]);
  });

  test('conversion counts carts that had items; the share of Pix orders that expired', async () => {
    const d = await board('7-dias');
    expect(d.conversao).toMatchObject({ carrinhos: 5, convertidos: 4 });
    expect(d.conversao.atual).toBeCloseTo(0.8, 5);
    expect(d.conversao.anterior).toBeNull();
    expect(d.pixExpirados).toMatchObject({ pix: 4, expirados: 1, atual: 0.25 });
  });

  test('best sellers by revenue and by units count paid orders only', async () => {
    const d = await board('30-dias');
    const units = d.maisVendidos.porUnidades.reduce((sum, p) => sum + p.unidades, 0);
    const [first, second] = placed;
    const items = await store.database.db
      .select({ q: sql<number>`sum(${t.orderItems.quantity})::int` })
      .from(t.orderItems)
      .where(sql`${t.orderItems.orderNumber} in (${first}, ${second})`);
    expect(units).toBe(items[0]?.q);
    expect(d.maisVendidos.porReceita[0]?.receita).toBeGreaterThanOrEqual(
      d.maisVendidos.porReceita.at(-1)?.receita ?? 0,
    );
  });

  test('alerts: what needs the team now', async () => {
    const [first] = placed;
    await store.database.db
      .update(t.orderEvents)
      .set({ at: new Date(Date.now() - 49 * 3_600_000) })
      .where(sql`${t.orderEvents.orderNumber} = ${first} and ${t.orderEvents.status} = 'paid'`);
    const d = await board('hoje');
    expect(d.alertas.find((a) => a.tipo === 'enviar')).toMatchObject({
      n: 1,
      texto: '1 pedido pago há mais de 48 horas sem envio',
      href: '/painel/pedidos?situacao=pago&ordem=antigos',
    });
  });

  test('owners only; a strange period is a 400', async () => {
    expect((await admin('/dashboard', { headers: as(orders.token) })).status).toBe(403);
    for (const q of ['?periodo=ano', '?periodo=', '?periodo=HOJE'])
      expect((await admin(`/dashboard${q}`, { headers: as(owner.token) })).status, q).toBe(400);
  });
});

describe('periods cut at midnight in Brasília', () => {
  test.each([
    // 02:30 UTC is still the day before in Brasília.
    [
      '2026-11-28T02:30:00Z',
      'hoje',
      { de: '2026-11-27', ate: '2026-11-27', anteriorDe: '2026-11-26', anteriorAte: '2026-11-26' },
    ],
    [
      '2026-11-28T03:00:00Z',
      'hoje',
      { de: '2026-11-28', ate: '2026-11-28', anteriorDe: '2026-11-27', anteriorAte: '2026-11-27' },
    ],
    [
      '2026-11-27T15:00:00Z',
      '7-dias',
      { de: '2026-11-21', ate: '2026-11-27', anteriorDe: '2026-11-14', anteriorAte: '2026-11-20' },
    ],
    [
      '2026-03-31T15:00:00Z',
      'mes',
      { de: '2026-03-01', ate: '2026-03-31', anteriorDe: '2026-02-01', anteriorAte: '2026-02-28' },
    ],
    [
      '2026-01-10T15:00:00Z',
      'mes',
      { de: '2026-01-01', ate: '2026-01-10', anteriorDe: '2025-12-01', anteriorAte: '2025-12-10' },
    ],
    [
      '2026-11-27T15:00:00Z',
      '30-dias',
      { de: '2026-10-29', ate: '2026-11-27', anteriorDe: '2026-09-29', anteriorAte: '2026-10-28' },
    ],
  ] as const)('%s %s', (now, periodo, expected) => {
    expect(periodDays(periodo, new Date(now))).toEqual(expected);
  });
});
