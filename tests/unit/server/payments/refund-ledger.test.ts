import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorSchema } from '#/contract/common.ts';
import { pedidoAnswerSchema } from '#/contract/order.ts';
import { pedidoEquipeSchema, staffOrderListSchema } from '#/contract/staff-orders.ts';
import * as t from '#/server/db/schema.ts';
import { revenueOfOrder } from '#/server/orders/revenue.ts';
import { memoryMailer } from '#/server/mail/mailer.ts';
import { expireOrders } from '#/server/orders/status.ts';
import { pixFromSettings } from '#/server/payments/pix-api/config.ts';
import { REFUND_MAX_TRIES } from '#/server/payments/refund-ledger.ts';
import { sweepPixCharges } from '#/server/payments/sweep.ts';
import { startFakePsp } from '../../../support/fake-psp.ts';
import type { FakePsp } from '../../../support/fake-psp.ts';
import { buyer, chave, json, pickVariants, place } from '../buyers.ts';
import type { Variant } from '../buyers.ts';
import { ADMIN_TOKEN, ORIGIN, startPlatform, withFailingTrigger } from '../harness.ts';
import type { TestPlatform } from '../harness.ts';

/**
 * A refund is a ledger row written with the decision to refund, asked at the PSP, then read again there until
 * the PSP says it went back (the buyer told "devolvido" only then) or that it will not (an alert for the
 * owners, never a retry loop). Every race ends in one outcome both the team and the buyer hear.
 */

const OWNER = 'dona@casaemetais.com.br';
let psp: FakePsp;
let pix: NonNullable<Awaited<ReturnType<typeof pixFromSettings>>>;
let store: TestPlatform;
let variant: Variant;
const mail = memoryMailer();
const ctx = () => ({ db: store.database.db, api: pix.api, mailer: mail, origin: ORIGIN });

beforeAll(async () => {
  psp = await startFakePsp();
  const made = await pixFromSettings({ ...psp.settings('financeiro@casaemetais.com.br'), timeoutMs: 600 });
  if (!made) throw new Error('no Pix API');
  pix = made;
  store = await startPlatform(20, { pix, mailer: mail });
  [variant] = (await pickVariants(store, 1)) as [Variant];
  await store.database.db.insert(t.staffMembers).values({ email: OWNER, name: 'Dona Teresa', role: 'dono' });
});
afterAll(async () => {
  await store.stop();
  await pix.api.close();
  await psp.close();
});

const staff = (path: string, init: RequestInit = {}) =>
  store.platform.api.request(`${ORIGIN}/v2/admin/orders${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
  });
const notify = (body: unknown) =>
  store.platform.api.request(`${ORIGIN}/webhooks/pix/${pix.webhookSecret}/pix`, {
    method: 'POST',
    ...json(body),
  });

/** A paid Pix order. */
async function paidOrder() {
  const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
  const res = await place(store, b.session, {
    frete: 'economica',
    pagamento: 'pix',
    conferencia: b.conferencia,
    chave: chave(),
  });
  expect(res.status).toBe(201);
  const { pedido } = pedidoAnswerSchema.parse(await res.json());
  const [row] = await store.database.db.select().from(t.orders).where(eq(t.orders.number, pedido.numero));
  if (!row) throw new Error('no order');
  await notify(psp.notice(psp.pay(row.providerRef)));
  return { b, pedido, row };
}
const refundsOf = (number: number) =>
  store.database.db.select().from(t.refunds).where(eq(t.refunds.orderNumber, number));
const orderOf = async (number: number) =>
  (await store.database.db.select().from(t.orders).where(eq(t.orders.number, number)))[0];
/** Make every open refund due now (as if its backoff had run out). */
const due = () =>
  store.database.db
    .update(t.refunds)
    .set({ nextTryAt: sql`now() - interval '1 second'` })
    .where(sql`${t.refunds.status} in ('pendente', 'em_processamento')`);
const buyerPage = async (b: { session: string }, number: number) =>
  pedidoAnswerSchema.parse(
    await (
      await store.request(`/v2/front/checkout/order/${String(number)}`, { headers: { Session: b.session } })
    ).json(),
  ).pedido;
const subjectsTo = (to: string) => mail.sent.filter((m) => m.to === to).map((m) => m.subject);
const refund = (number: number, de = 'pago') =>
  staff(`/${String(number)}/refund`, { method: 'POST', body: JSON.stringify({ de }) });

describe('a refund the PSP confirms later', () => {
  test('asked: "pedimos"; read again when due; confirmed: "devolvido", once', async () => {
    const { b, pedido } = await paidOrder();
    expect((await refund(pedido.numero)).status).toBe(200);
    const [asked] = await refundsOf(pedido.numero);
    expect(asked).toMatchObject({ status: 'em_processamento', reason: 'pedido_da_equipe', tries: 1 });
    expect((await buyerPage(b, pedido.numero)).reembolso).toMatchObject({ situacao: 'pedida' });
    const email = (await orderOf(pedido.numero))?.customerId;
    expect(email).toBeDefined();
    const toBuyer = mail.sent.filter((m) => m.subject.startsWith(`Pedido ${String(pedido.numero)}:`));
    expect(toBuyer.map((m) => m.subject)).toContainEqual(expect.stringMatching(/pedimos a devolução/));
    expect(toBuyer.map((m) => m.subject)).not.toContainEqual(expect.stringMatching(/confirmada/));

    // Not due yet: the sweep leaves it alone (no call to the PSP).
    const reads = () => psp.calls.filter((c) => c.method === 'GET' && c.path.includes('/devolucao/')).length;
    await sweepPixCharges(ctx());
    expect(reads()).toBe(0);
    // Due, still processing: read once, nothing said.
    await due();
    await sweepPixCharges(ctx());
    expect(reads()).toBe(1);
    expect((await refundsOf(pedido.numero))[0]?.status).toBe('em_processamento');
    // The SPI settles it: the next read confirms, and the buyer hears it once.
    psp.settleRefunds('DEVOLVIDO');
    await due();
    await sweepPixCharges(ctx());
    await due();
    await sweepPixCharges(ctx());
    expect(await refundsOf(pedido.numero)).toEqual([
      expect.objectContaining({ status: 'devolvido', settledAt: expect.any(Date) as Date }),
    ]);
    const confirmed = mail.sent.filter(
      (m) =>
        m.subject ===
        `Pedido ${String(pedido.numero)}: devolução de ${pedido.valores.total.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })} confirmada`,
    );
    expect(confirmed).toHaveLength(1);
    expect((await buyerPage(b, pedido.numero)).reembolso).toMatchObject({
      situacao: 'devolvida',
      valor: pedido.valores.total,
    });
  });

  test('NAO_REALIZADO is no refund: the owners are alerted (e-mail and panel), the buyer never told "devolvido"', async () => {
    const { b, pedido } = await paidOrder();
    await refund(pedido.numero);
    psp.settleRefunds('NAO_REALIZADO');
    await due();
    await sweepPixCharges(ctx());
    expect((await refundsOf(pedido.numero))[0]).toMatchObject({ status: 'recusado' });
    expect(subjectsTo(OWNER)).toContainEqual(
      expect.stringContaining(`pedido ${String(pedido.numero)} precisa da equipe`),
    );
    expect((await buyerPage(b, pedido.numero)).reembolso?.situacao).toBe('pedida');
    expect(
      mail.sent.some(
        (m) => m.subject.includes(`${String(pedido.numero)}: devolução`) && m.subject.endsWith('confirmada'),
      ),
    ).toBe(false);
    const list = staffOrderListSchema.parse(await (await staff('')).json());
    expect(list.alertas).toContainEqual(expect.objectContaining({ numero: pedido.numero }));
    const seen = pedidoEquipeSchema.parse(
      ((await (await staff(`/${String(pedido.numero)}`)).json()) as { pedido: unknown }).pedido,
    );
    expect(seen.devolucoes).toEqual([
      expect.objectContaining({
        situacao: 'recusado',
        detalhe: expect.stringContaining('NAO_REALIZADO') as string,
      }),
    ]);
    // Later sweeps leave a refusal alone: no loop, no new notes.
    const notes = async () =>
      (
        await store.database.db
          .select()
          .from(t.orderEvents)
          .where(eq(t.orderEvents.orderNumber, pedido.numero))
      ).length;
    const before = await notes();
    await due();
    await sweepPixCharges(ctx());
    expect(await notes()).toBe(before);
    // The team settles it another way: the alert ends, said in the timeline and the audit trail.
    const id = seen.devolucoes[0]?.id ?? 0;
    const bare = await staff(`/${String(pedido.numero)}/refunds/${String(id)}/resolved`, {
      method: 'POST',
      body: JSON.stringify({ nota: '' }),
    });
    expect(bare.status).toBe(400);
    // Without saying whether the money went back: refused, nothing changes.
    const unsaid = await staff(`/${String(pedido.numero)}/refunds/${String(id)}/resolved`, {
      method: 'POST',
      body: JSON.stringify({ nota: 'Devolvido por transferência em 27/11' }),
    });
    expect(unsaid.status).toBe(400);
    const resolved = await staff(`/${String(pedido.numero)}/refunds/${String(id)}/resolved`, {
      method: 'POST',
      body: JSON.stringify({ nota: 'Devolvido por transferência em 27/11', desfecho: 'devolvido' }),
    });
    expect(resolved.status).toBe(200);
    // The buyer hears it went back, and reads it on the order; revenue no longer counts it.
    expect((await buyerPage(b, pedido.numero)).reembolso).toMatchObject({ situacao: 'devolvida' });
    await expect
      .poll(() =>
        mail.sent.some(
          (m) =>
            m.subject.startsWith(`Pedido ${String(pedido.numero)}: devolução`) &&
            m.subject.endsWith('confirmada'),
        ),
      )
      .toBe(true);
    const [revenue] = await store.database.db
      .select({ r: revenueOfOrder })
      .from(t.orders)
      .where(eq(t.orders.number, pedido.numero));
    expect(Number(revenue?.r)).toBe(0);
    const after = staffOrderListSchema.parse(await (await staff('')).json());
    expect(after.alertas.map((a) => a.numero)).not.toContain(pedido.numero);
    const [audit] = await store.database.db
      .select()
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.entityId, String(pedido.numero)),
          eq(t.auditLog.action, 'pedido.devolucao-resolvida'),
        ),
      );
    expect(audit?.after).toMatchObject({ nota: 'Devolvido por transferência em 27/11' });
    const again = await staff(`/${String(pedido.numero)}/refunds/${String(id)}/resolved`, {
      method: 'POST',
      body: JSON.stringify({ nota: 'Outra vez, por engano', desfecho: 'devolvido' }),
    });
    expect(again.status).toBe(409);

    // Settled as not given back: the buyer is told so and reads it on the order.
    await store.database.db.update(t.refunds).set({ status: 'recusado' }).where(eq(t.refunds.id, id));
    const kept = await staff(`/${String(pedido.numero)}/refunds/${String(id)}/resolved`, {
      method: 'POST',
      body: JSON.stringify({ nota: 'Cliente desistiu da devolução', desfecho: 'nao_devolvido' }),
    });
    expect(kept.status).toBe(200);
    expect((await buyerPage(b, pedido.numero)).reembolso).toMatchObject({ situacao: 'nao_feita' });
    await expect
      .poll(() =>
        mail.sent.some(
          (m) =>
            m.subject ===
            `Pedido ${String(pedido.numero)}: a devolução de ${pedido.valores.total.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })} não foi feita`,
        ),
      )
      .toBe(true);
  });
});

describe('a PSP that does not answer', () => {
  test('kept and asked again with backoff; after the last try it stops and alerts the owners', async () => {
    const { pedido } = await paidOrder();
    psp.state.refundsDown = true;
    try {
      expect((await refund(pedido.numero)).status).toBe(200);
      const [first] = await refundsOf(pedido.numero);
      expect(first).toMatchObject({ status: 'pendente', tries: 1 });
      // The next try waits a minute at least (the backoff), then doubles.
      expect((first?.nextTryAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(50_000);
      await due();
      await sweepPixCharges(ctx());
      const [second] = await refundsOf(pedido.numero);
      expect(second?.tries).toBe(2);
      expect((second?.nextTryAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(110_000);
      // Every try spent: the last one stops it.
      await store.database.db
        .update(t.refunds)
        .set({ tries: REFUND_MAX_TRIES - 1 })
        .where(eq(t.refunds.orderNumber, pedido.numero));
      await due();
      await sweepPixCharges(ctx());
      expect((await refundsOf(pedido.numero))[0]).toMatchObject({
        status: 'parado',
        tries: REFUND_MAX_TRIES,
      });
      expect(subjectsTo(OWNER)).toContainEqual(
        expect.stringContaining(`pedido ${String(pedido.numero)} precisa da equipe`),
      );
      await due();
      await sweepPixCharges(ctx());
      expect((await refundsOf(pedido.numero))[0]?.tries).toBe(REFUND_MAX_TRIES);
    } finally {
      psp.state.refundsDown = false;
    }
  });

  test('down when the team clicks: a 503 in Portuguese, nothing changed', async () => {
    const { pedido } = await paidOrder();
    psp.state.down = true;
    let res: Response;
    try {
      res = await refund(pedido.numero);
    } finally {
      psp.state.down = false;
    }
    expect(res.status).toBe(503);
    expect(errorSchema.parse(await res.json()).mensagem).toMatch(/PSP/);
    expect(await orderOf(pedido.numero)).toMatchObject({ status: 'paid', chargeState: 'concluida' });
    expect(await refundsOf(pedido.numero)).toEqual([]);
  });
});

describe('one outcome', () => {
  test('the ledger row commits with the claim: if it cannot be written, nothing changed and nobody was told', async () => {
    const { pedido } = await paidOrder();
    const sent = mail.sent.length;
    await withFailingTrigger(store.database.db, 'refunds_refuse', 'INSERT', 'refunds', async () => {
      const res = await refund(pedido.numero);
      expect(res.status).toBe(500);
    });
    expect(await orderOf(pedido.numero)).toMatchObject({ status: 'paid', chargeState: 'concluida' });
    expect(await refundsOf(pedido.numero)).toEqual([]);
    expect(mail.sent.length).toBe(sent);
    // And the team can refund it now.
    expect((await refund(pedido.numero)).status).toBe(200);
    expect(await refundsOf(pedido.numero)).toHaveLength(1);
  });

  test('a refund racing another member\'s "enviar": one of them happens, and says so', async () => {
    for (let round = 0; round < 4; round++) {
      const { pedido } = await paidOrder();
      const [refunded, shipped] = await Promise.all([
        refund(pedido.numero),
        staff(`/${String(pedido.numero)}/status`, {
          method: 'PUT',
          body: JSON.stringify({
            situacao: 'enviado',
            de: 'pago',
            transportadora: 'Correios',
            rastreio: 'AA123456785BR',
          }),
        }),
      ]);
      const order = await orderOf(pedido.numero);
      const rows = await refundsOf(pedido.numero);
      if (refunded.status === 200) {
        expect(shipped.status).toBe(409);
        expect(errorSchema.parse(await shipped.json()).mensagem).toMatch(/agora está "cancelado"/);
        expect(order?.status).toBe('cancelled');
        expect(rows).toHaveLength(1);
      } else {
        expect(refunded.status).toBe(409);
        expect(shipped.status).toBe(200);
        expect(order?.status).toBe('shipped');
        expect(order?.chargeState).toBe('concluida');
        expect(rows).toEqual([]);
      }
    }
  });

  test('a Pix paid after the order expired: the refund is written with the claim, the buyer told it was asked', async () => {
    const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
    const res = await place(store, b.session, {
      frete: 'economica',
      pagamento: 'pix',
      conferencia: b.conferencia,
      chave: chave(),
    });
    const { pedido } = pedidoAnswerSchema.parse(await res.json());
    const row = await orderOf(pedido.numero);
    await store.database.db
      .update(t.orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.orders.number, pedido.numero));
    await expireOrders(store.database.db, [pedido.numero]);
    await notify(psp.notice(psp.pay(row?.providerRef ?? '')));
    expect(await refundsOf(pedido.numero)).toEqual([
      expect.objectContaining({ status: 'em_processamento', reason: 'pago_apos_cancelamento' }),
    ]);
    expect(mail.sent.map((m) => m.subject)).toContainEqual(
      `Pedido ${String(pedido.numero)}: pedimos a devolução de ${pedido.valores.total.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })}`,
    );
  });
});

describe('an order whose charge was never made', () => {
  test('the PSP down at checkout: the same form sent again places and charges a new order', async () => {
    const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
    const body = { frete: 'economica', pagamento: 'pix', conferencia: b.conferencia, chave: chave() };
    psp.state.down = true;
    const failed = await place(store, b.session, body).finally(() => {
      psp.state.down = false;
    });
    expect(failed.status).toBe(502);
    const retried = await place(store, b.session, body);
    expect(retried.status).toBe(201);
    const { pedido } = pedidoAnswerSchema.parse(await retried.json());
    expect(pedido.situacao).toBe('aguardando_pagamento');
    expect(pedido.pagamento.copiaECola).toBeTruthy();
  });

  test('an order placed whose charge was lost (the instance stopped): charged when the form comes back', async () => {
    const b = await buyer(store, [{ v: variant, quantidade: 1 }]);
    const body = { frete: 'economica', pagamento: 'pix', conferencia: b.conferencia, chave: chave() };
    const first = pedidoAnswerSchema.parse(await (await place(store, b.session, body)).json()).pedido;
    // As if the process had died between the order's commit and the PSP's answer.
    await store.database.db.update(t.orders).set({ pixPayload: '' }).where(eq(t.orders.number, first.numero));
    const cob = psp.charges.get((await orderOf(first.numero))?.providerRef ?? '');
    psp.charges.delete(cob?.txid ?? '');
    const again = pedidoAnswerSchema.parse(await (await place(store, b.session, body)).json()).pedido;
    expect(again.numero).toBe(first.numero);
    expect((await orderOf(first.numero))?.pixPayload).not.toBe('');
  });
});

test('every request the store sent followed the API Pix', () => {
  expect(psp.violations).toEqual([]);
});
