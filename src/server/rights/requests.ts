// One concern: what the shoppers asked under the law, as the team's list shows it (withdrawals, then account
// deletions), open ones first and each with its deadline.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DELETION_DAYS, WITHDRAWAL_STATE_LABELS } from '#/contract/rights.ts';
import type { StaffRequests } from '#/contract/rights.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { refundDeadline, withdrawalState } from './withdrawals.ts';

/** Requests ended longer ago than this leave the list (they stay in the orders and the activity). */
const SHOWN_DAYS = 90;

export async function listRequests(db: Db): Promise<StaffRequests> {
  const recent = sql`now() - ${`${String(SHOWN_DAYS)} days`}::interval`;
  const [withdrawals, deletions] = await Promise.all([
    db
      .select({
        w: t.withdrawals,
        name: t.customers.name,
        email: t.customers.email,
        total: t.orders.total,
        payment: t.orders.payment,
        provider: t.orders.provider,
        status: t.orders.status,
        confirmed: sql<boolean>`coalesce(bool_and(${t.refunds.status} = 'devolvido'), false)`,
      })
      .from(t.withdrawals)
      .innerJoin(t.orders, eq(t.orders.number, t.withdrawals.orderNumber))
      .innerJoin(t.customers, eq(t.customers.id, t.withdrawals.customerId))
      .leftJoin(t.refunds, eq(t.refunds.orderNumber, t.withdrawals.orderNumber))
      .where(sql`${t.withdrawals.closedAt} is null or ${t.withdrawals.closedAt} > ${recent}`)
      .groupBy(t.withdrawals.orderNumber, t.customers.id, t.orders.number)
      .orderBy(sql`${t.withdrawals.closedAt} is not null`, t.withdrawals.requestedAt)
      .limit(200),
    db
      .select({ d: t.deletionRequests, name: t.customers.name, email: t.customers.email })
      .from(t.deletionRequests)
      .innerJoin(t.customers, eq(t.customers.id, t.deletionRequests.customerId))
      .where(sql`${t.deletionRequests.decidedAt} is null or ${t.deletionRequests.decidedAt} > ${recent}`)
      .orderBy(
        sql`${t.deletionRequests.status} <> 'aberta'`,
        t.deletionRequests.dueAt,
        desc(t.deletionRequests.id),
      )
      .limit(200),
  ]);
  const busy = await ordersUnderWay(
    db,
    deletions.filter((r) => r.d.status === 'aberta').map((r) => r.d.customerId),
  );
  return {
    desistencias: withdrawals.map(({ w, ...o }) => {
      const situacao = withdrawalState(w, o.confirmed);
      return {
        pedido: w.orderNumber,
        cliente: o.name,
        email: o.email,
        total: o.total,
        pagamento: o.payment,
        motivo: w.reason,
        pedidaEm: w.requestedAt.toISOString(),
        prazo: refundDeadline(w).toISOString(),
        situacao,
        situacaoLabel: WITHDRAWAL_STATE_LABELS[situacao],
        devolucao: o.provider === '' ? ('banco' as const) : ('provedor' as const),
        enviado: o.status === 'shipped' || o.status === 'delivered',
        estoqueDevolvido: w.restockedAt !== null,
      };
    }),
    exclusoes: deletions.map(({ d, name, email }) => ({
      id: d.id,
      cliente: name,
      email,
      pedidaEm: d.requestedAt.toISOString(),
      prazo: d.dueAt.toISOString(),
      situacao: d.status as 'aberta' | 'concluida' | 'recusada',
      decididaEm: d.decidedAt?.toISOString() ?? null,
      motivo: d.reason,
      pedidosEmAndamento: busy.get(d.customerId) ?? 0,
    })),
  };
}

/** How many orders of each customer are paid or on their way (not yet delivered or cancelled). */
async function ordersUnderWay(db: Db, customers: number[]): Promise<Map<number, number>> {
  if (customers.length === 0) return new Map();
  const rows = await db
    .select({ customerId: t.orders.customerId, n: sql<number>`count(*)::int` })
    .from(t.orders)
    .where(and(inArray(t.orders.customerId, customers), inArray(t.orders.status, ['paid', 'shipped'])))
    .groupBy(t.orders.customerId);
  return new Map(rows.map((r) => [r.customerId, r.n]));
}

/** When a deletion request asked now must be answered. */
export const deletionDue = (from = new Date()) => new Date(from.getTime() + DELETION_DAYS * 86_400_000);

/** Withdrawals still to refund and deletion requests still to answer: the panel menu's count. */
export async function openRequestCount(db: Db): Promise<number> {
  const [[withdrawals], [deletions]] = await Promise.all([
    db.select({ n: count() }).from(t.withdrawals).where(isNull(t.withdrawals.closedAt)),
    db.select({ n: count() }).from(t.deletionRequests).where(eq(t.deletionRequests.status, 'aberta')),
  ]);
  return (withdrawals?.n ?? 0) + (deletions?.n ?? 0);
}
