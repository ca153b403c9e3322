import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { formAnswerSchema } from '#/contract/forms.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { staffRequestsSchema } from '#/contract/rights.ts';
import * as t from '#/server/db/schema.ts';
import { orderRefunds } from '#/server/staff/refunds.ts';
import { buyer, json, moveOrder, pickVariants, placeAs, productSales, variantStock } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, newSession, startPlatform } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';
import { as, staffCalls } from '../staff-members.ts';

/** Withdrawing from a purchase (CDC art. 49): asked on the order, confirmed at once, ended by the team with a refund. */

let store: TestPlatform;
let variant: Variant;
beforeAll(async () => {
  store = await startPlatform(10);
  const [v] = await pickVariants(store, 1);
  if (!v) throw new Error('no variant');
  variant = v;
});
afterAll(() => store.stop());

const { admin, member } = staffCalls(() => store);
const staffStatus = (numero: number, situacao: string) => moveOrder(store, numero, situacao);

const stockOf = () => variantStock(store, variant.id);
const salesOf = () => productSales(store, variant.product);

/** An order placed by a new buyer, moved by the team through `steps`. */
async function orderAt(steps: string[]) {
  const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
  const { pedido } = pedidoAnswerSchema.parse(await (await placeAs(store, b)).json());
  for (const s of steps) expect((await staffStatus(pedido.numero, s)).status).toBe(200);
  return { ...b, numero: pedido.numero };
}
const withdraw = (session: string, numero: number, body: unknown = {}) =>
  store.request(`/v2/front/checkout/order/${String(numero)}/withdrawal`, {
    method: 'POST',
    ...json(body, { Session: session }),
  });
const readOrder = async (session: string, numero: number) =>
  pedidoAnswerSchema.parse(
    await (
      await store.request(`/v2/front/checkout/order/${String(numero)}`, { headers: { Session: session } })
    ).json(),
  ).pedido;

describe('the buyer withdraws', () => {
  test('a delivered order offers it for 7 days; asking records it, e-mails the buyer and the team, and shows it', async () => {
    const team = await member('desistencias@pedidos.test', 'pedidos');
    const o = await orderAt(['pago', 'enviado', 'entregue']);
    const before = await readOrder(o.session, o.numero);
    expect(before.desistencia?.disponivel).toBe(true);
    const until = new Date(before.desistencia?.ate ?? 0).getTime() - Date.now();
    expect(until).toBeGreaterThan(6.9 * 86_400_000);
    expect(until).toBeLessThanOrEqual(7 * 86_400_000);

    const res = await withdraw(o.session, o.numero, { motivo: 'A cor não combinou com o banheiro.' });
    expect(res.status).toBe(200);
    expect(formAnswerSchema.parse(await res.json()).mensagem).toMatch(
      /^Desistência registrada\. Enviamos a confirmação/,
    );
    const after = await readOrder(o.session, o.numero);
    expect(after.desistencia).toMatchObject({ disponivel: false, pedida: { situacao: 'recebida' } });
    const mails = () =>
      store.mail.filter((m) => m.subject.includes(`desistência`) && m.subject.includes(String(o.numero)));
    await expect.poll(() => mails().length).toBe(2);
    expect(mails().find((m) => m.kind === 'pedido-desistencia')?.text).toContain('art. 49');
    expect(mails().find((m) => m.kind === 'equipe-desistencia')?.text).toContain('A cor não combinou');

    // Asked twice: a 409 that changes nothing.
    const again = await withdraw(o.session, o.numero);
    expect(again.status).toBe(409);
    const list = staffRequestsSchema.parse(
      await (await admin('/requests', { headers: as(team.token) })).json(),
    );
    const row = list.desistencias.find((d) => d.pedido === o.numero);
    expect(row).toMatchObject({
      situacao: 'recebida',
      motivo: 'A cor não combinou com o banheiro.',
      devolucao: 'banco',
    });
    expect(new Date(row?.prazo ?? 0).getTime()).toBeGreaterThan(Date.now() + 9 * 86_400_000);
  });

  test("past 7 days after delivery, unpaid, cancelled, someone else's or a guest: refused, nothing recorded", async () => {
    const late = await orderAt(['pago', 'enviado', 'entregue']);
    await store.database.db
      .update(t.orderEvents)
      .set({ at: sql`now() - interval '8 days'` })
      .where(eq(t.orderEvents.orderNumber, late.numero));
    expect((await readOrder(late.session, late.numero)).desistencia).toBeUndefined();
    const refused = await withdraw(late.session, late.numero);
    expect(refused.status).toBe(409);
    expect(errorSchema.parse(await refused.json()).mensagem).toMatch(/prazo de 7 dias/);

    const unpaid = await orderAt([]);
    expect((await withdraw(unpaid.session, unpaid.numero)).status).toBe(409);
    const stranger = newSession();
    await store.loginAs(stranger, { name: 'Outra Pessoa' });
    const paid = await orderAt(['pago']);
    expect((await withdraw(stranger, paid.numero)).status).toBe(404);
    expect((await withdraw(newSession(), paid.numero)).status).toBe(401);
    const tooLong = await withdraw(paid.session, paid.numero, { motivo: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    const rows = await store.database.db
      .select()
      .from(t.withdrawals)
      .where(sql`${t.withdrawals.orderNumber} in (${late.numero}, ${unpaid.numero}, ${paid.numero})`);
    expect(rows).toEqual([]);
  });
});

describe('the team ends it with a refund', () => {
  test("waiting for the goods, then the goods back: a static Pix is refunded from the store's bank, once", async () => {
    const team = await member('devolucao@pedidos.test', 'pedidos');
    const o = await orderAt(['pago', 'enviado', 'entregue']);
    expect((await withdraw(o.session, o.numero)).status).toBe(200);
    const step = (acao: unknown, estoque?: unknown) =>
      admin(`/requests/withdrawals/${String(o.numero)}`, {
        method: 'POST',
        body: { acao, ...(estoque === undefined ? {} : { estoque }) },
        headers: as(team.token),
      });
    expect((await step('qualquer')).status).toBe(400);
    expect((await step('produto_recebido', 'talvez')).status).toBe(400);
    expect((await step('aguardar_produto')).status).toBe(200);
    expect((await readOrder(o.session, o.numero)).desistencia?.pedida?.situacao).toBe('aguardando_produto');
    const listed = async () =>
      staffRequestsSchema
        .parse(await (await admin('/requests', { headers: as(team.token) })).json())
        .desistencias.find((d) => d.pedido === o.numero);
    expect(await listed()).toMatchObject({ enviado: true, estoqueDevolvido: false });
    const stock = await stockOf();
    const sales = await salesOf();
    // Two clicks at once, both with the units back on the shelf: one refund, and the unit comes back once.
    const [first, second] = await Promise.all([
      step('produto_recebido', true),
      step('produto_recebido', true),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const done = [first, second].find((r) => r.status === 200);
    expect(formAnswerSchema.parse(await done?.json()).mensagem).toMatch(/As unidades voltaram ao estoque\.$/);
    expect(await stockOf()).toBe(stock + 1);
    expect(await salesOf()).toBe(sales - 1);
    expect(await listed()).toMatchObject({ estoqueDevolvido: true });
    const [trail] = await store.database.db
      .select({ actor: t.auditLog.actor })
      .from(t.auditLog)
      .where(
        sql`${t.auditLog.action} = 'pedido.estoque-devolvido' and ${t.auditLog.entityId} = ${String(o.numero)}`,
      );
    expect(trail).toBeDefined();
    const refunds = await store.database.db
      .select()
      .from(t.refunds)
      .where(eq(t.refunds.orderNumber, o.numero));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ provider: 'banco-da-loja', status: 'devolvido' });
    // The team reads who recorded it and how, never "confirmed by the provider" with 0 tries.
    const [seen] = await orderRefunds(store.database.db, o.numero);
    expect(seen?.situacaoLabel).toMatch(/^Devolvida pela equipe, do banco da loja \(registrada por .+\)$/);
    const order = await readOrder(o.session, o.numero);
    expect(order.reembolso?.situacao).toBe('devolvida');
    expect(order.desistencia?.pedida?.situacao).toBe('concluida');
    await expect
      .poll(() =>
        store.mail.some(
          (m) => m.kind === 'pedido-devolucao-devolvida' && m.subject.includes(String(o.numero)),
        ),
      )
      .toBe(true);
  });

  test.each([
    [['devolver_agora']],
    // "Units back in stock" asked for an order that never left: its cancellation put them back, once.
    [['aguardar_produto', 'produto_recebido']],
  ])('a paid order not yet shipped, steps %j: cancelled with its stock back once', async (steps) => {
    const o = await orderAt(['pago']);
    expect((await withdraw(o.session, o.numero)).status).toBe(200);
    const stock = await stockOf();
    for (const acao of steps) {
      const res = await admin(`/requests/withdrawals/${String(o.numero)}`, {
        method: 'POST',
        body: { acao, estoque: true },
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(formAnswerSchema.parse(await res.json()).mensagem).not.toMatch(/unidades voltaram/);
    }
    const order = await readOrder(o.session, o.numero);
    expect(order.situacao).toBe('cancelado');
    expect((await stockOf()) - stock).toBe(1);
  });
});

test('refunded from the order page first: the withdrawal ends with that refund, never a second one', async () => {
  const o = await orderAt(['pago', 'enviado', 'entregue']);
  expect((await withdraw(o.session, o.numero)).status).toBe(200);
  // The team gave the money back by hand (the static Pix's row, as the ledger keeps it), then steps.
  await store.database.db.insert(t.refunds).values({
    orderNumber: o.numero,
    provider: 'banco-da-loja',
    ref: `manual-${String(o.numero)}`,
    source: '',
    amount: 10,
    status: 'devolvido',
    reason: 'pedido_da_equipe',
  });
  const res = await admin(`/requests/withdrawals/${String(o.numero)}`, {
    method: 'POST',
    body: { acao: 'devolver_agora' },
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(res.status).toBe(200);
  expect(formAnswerSchema.parse(await res.json()).mensagem).toMatch(/já tinha sido pedida/);
  const refunds = await store.database.db.select().from(t.refunds).where(eq(t.refunds.orderNumber, o.numero));
  expect(refunds).toHaveLength(1);
  expect((await readOrder(o.session, o.numero)).desistencia?.pedida?.situacao).toBe('concluida');
});

test("the team's calls with strange input: a 4xx in Portuguese, nothing changed", async () => {
  const owner = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const o = await orderAt(['pago']);
  expect((await withdraw(o.session, o.numero)).status).toBe(200);
  const calls: [string, unknown][] = [
    [`/requests/withdrawals/${String(o.numero)}`, 'devolver_agora'],
    [`/requests/withdrawals/${String(o.numero)}`, { acao: ['devolver_agora'] }],
    [`/requests/withdrawals/${String(o.numero)}`, { acao: 42 }],
    ['/requests/withdrawals/99999999999999999999999', { acao: 'devolver_agora' }],
    ['/requests/withdrawals/abc', { acao: 'devolver_agora' }],
    ['/requests/withdrawals/1', { acao: 'devolver_agora' }],
    ['/requests/deletions/0', { acao: 'aprovar' }],
    ['/requests/deletions/abc', { acao: 'aprovar' }],
    ['/requests/deletions/1', { acao: 'recusar', motivo: 5 }],
    ['/requests/deletions/1', { acao: 'recusar', motivo: 'x'.repeat(1001) }],
    ['/requests/deletions/1', null],
  ];
  for (const [path, body] of calls) {
    const res = await admin(path, { method: 'POST', body, headers: owner });
    expect(res.status, path).toBeGreaterThanOrEqual(400);
    expect(res.status, path).toBeLessThan(500);
    const { mensagem } = errorSchema.parse(await res.json());
    expect(mensagem, path).not.toMatch(/invalid|expected|received/i);
  }
  const [row] = await store.database.db
    .select()
    .from(t.withdrawals)
    .where(eq(t.withdrawals.orderNumber, o.numero));
  expect(row?.refundedAt).toBeNull();
});
