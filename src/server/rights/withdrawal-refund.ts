// One concern: the team ending a withdrawal. It chooses when the money goes back (at once, or once the goods
// are back); the money goes back through the refund ledger: asked at the provider that took it (payments/refund.ts),
// or, for the static Pix paid straight into the store's account, written there as the team's own bank transfer.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { notifyRefund } from '#/server/orders/refund-mail.ts';
import { countSales, moveInTransaction, returnStock } from '#/server/orders/status.ts';
import type { Status } from '#/server/orders/status.ts';
import { notePayment, reais } from '#/server/payments/events.ts';
import { refundable, refundOrder } from '#/server/payments/refund.ts';
import type { RefundDeps } from '#/server/payments/refund.ts';
import { STORE_BANK, writeRefunds } from '#/server/payments/refund-ledger.ts';
import { recordChange } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';

export type WithdrawalStep = 'devolver_agora' | 'aguardar_produto' | 'produto_recebido';

const WAITING = 'Combinado: o valor volta quando o produto chegar de volta.';
/** What the member is told once the money's way back is set, by who moves it. */
const ASKED =
  'Devolução do valor pedida ao provedor: o e-mail ao cliente está na fila de envio, e outro sai quando ele confirmar.';
const SENT =
  'Devolução pelo banco da loja registrada: o cliente é avisado por e-mail de que o valor foi devolvido.';

/**
 * One step of the team on order `number`'s withdrawal; answers what to tell the member. Refunding claims the
 * withdrawal first (two clicks refund once) and gives the claim back when the refund could not be asked.
 */
export async function stepWithdrawal(
  deps: RefundDeps,
  number: number,
  step: WithdrawalStep,
  actor: Actor,
  restock = false,
): Promise<string> {
  const said = await refundStep(deps, number, step, actor);
  // The goods are back and sellable: their units go back on the shelf, once. An order that never left was
  // cancelled by its refund, which already put them back.
  if (step === 'produto_recebido' && restock && (await putBackOnShelf(deps.db, number, actor)))
    return `${said} As unidades voltaram ao estoque.`;
  return said;
}

async function refundStep(
  deps: RefundDeps,
  number: number,
  step: WithdrawalStep,
  actor: Actor,
): Promise<string> {
  const { db } = deps;
  const [row] = await db.select().from(t.withdrawals).where(eq(t.withdrawals.orderNumber, number));
  if (!row) throw notFound('Não há desistência para este pedido.');
  if (row.refundedAt)
    throw new PlatformError(409, 'withdrawal_done', `A devolução do pedido ${String(number)} já foi pedida.`);
  if (step === 'aguardar_produto') {
    await inTransaction(db, async (tx) => {
      await tx
        .update(t.withdrawals)
        .set({ refundWhen: 'na_devolucao', decidedBy: actor })
        .where(eq(t.withdrawals.orderNumber, number));
      await record(tx, actor, number, row.refundWhen, 'na_devolucao');
    });
    return WAITING;
  }
  const claimed = await db
    .update(t.withdrawals)
    .set({
      refundedAt: sql`now()`,
      closedAt: sql`now()`,
      refundWhen: step === 'devolver_agora' ? 'agora' : 'na_devolucao',
      decidedBy: actor,
      ...(step === 'produto_recebido' ? { goodsBackAt: sql`now()` } : {}),
    })
    .where(and(eq(t.withdrawals.orderNumber, number), isNull(t.withdrawals.refundedAt)))
    .returning();
  if (claimed.length === 0)
    throw new PlatformError(409, 'withdrawal_done', `A devolução do pedido ${String(number)} já foi pedida.`);
  // Refunded already from the order's page: the withdrawal ends with that refund, never a second one. Only a
  // refund of the order's own payment counts: a second payment given back (paid twice) leaves the purchase paid.
  const [earlier] = await db
    .select({ id: t.refunds.id })
    .from(t.refunds)
    .where(and(eq(t.refunds.orderNumber, number), eq(t.refunds.reason, 'pedido_da_equipe')))
    .limit(1);
  if (earlier) {
    await record(db, actor, number, row.refundWhen, 'devolvido pela página do pedido');
    return 'A devolução deste pedido já tinha sido pedida na página do pedido: a desistência foi encerrada com ela.';
  }
  try {
    if (await refundable(db, number)) {
      await refundOrder(deps, number, actor);
      await record(db, actor, number, row.refundWhen, claimed[0]?.refundWhen ?? '');
      return ASKED;
    }
    await bankRefund(deps, number, actor);
    return SENT;
  } catch (error) {
    await db
      .update(t.withdrawals)
      .set({ refundedAt: null, closedAt: null, goodsBackAt: row.goodsBackAt, refundWhen: row.refundWhen })
      .where(eq(t.withdrawals.orderNumber, number));
    throw error;
  }
}

/** The returned units of a shipped order back in stock and out of its sales, once (the withdrawal's row says when). */
async function putBackOnShelf(db: RefundDeps['db'], number: number, actor: Actor): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({ status: t.orders.status })
      .from(t.orders)
      .where(eq(t.orders.number, number));
    if (order?.status !== 'shipped' && order?.status !== 'delivered') return false;
    const claimed = await tx
      .update(t.withdrawals)
      .set({ restockedAt: sql`now()` })
      .where(and(eq(t.withdrawals.orderNumber, number), isNull(t.withdrawals.restockedAt)))
      .returning({ n: t.withdrawals.orderNumber });
    if (claimed.length === 0) return false;
    // Back on the shelf, the units are no longer sold: "Mais vendidos" stops counting them too.
    await returnStock(tx, [number]);
    await countSales(tx, number, -1);
    await recordChange(tx, {
      actor,
      action: 'pedido.estoque-devolvido',
      entity: 'pedido',
      entityId: String(number),
      before: { estoque: 'com o cliente' },
      after: { estoque: 'de volta à loja' },
    });
    return true;
  });
}

async function record(tx: RefundDeps['db'], actor: Actor, number: number, before: string, after: string) {
  await recordChange(tx, {
    actor,
    action: 'pedido.desistencia',
    entity: 'pedido',
    entityId: String(number),
    before: { devolucao: before || 'a combinar' },
    after: { devolucao: after },
  });
}

/**
 * A static Pix (paid into the store's account, with no provider to ask): the team sent the money back from its
 * bank and says so with its click. The ledger keeps it as confirmed by the team, a paid order that never
 * left is cancelled with its stock back, and the buyer is told the store sent it.
 */
async function bankRefund(deps: RefundDeps, number: number, actor: Actor) {
  const [order] = await deps.db
    .select({ status: t.orders.status, provider: t.orders.provider, total: t.orders.total })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  if (!order) throw notFound('Pedido não encontrado.');
  const from = order.status as Status;
  if (order.provider !== '' || !['paid', 'shipped', 'delivered'].includes(from))
    throw new PlatformError(
      409,
      'not_refundable',
      `O pagamento do pedido ${String(number)} não está com um provedor que a loja possa acionar, nem foi um Pix na conta da loja: confira o pedido.`,
    );
  await inTransaction(deps.db, async (tx) => {
    if (from === 'paid') await moveInTransaction(tx, number, 'cancelled', { actor, expected: from });
    await writeRefunds(tx, [
      {
        orderNumber: number,
        provider: STORE_BANK,
        ref: `desistencia-${String(number)}`,
        source: '',
        amount: order.total,
        reason: 'pedido_da_equipe',
        actor,
      },
    ]);
    await tx
      .update(t.refunds)
      .set({
        status: 'devolvido',
        settledAt: sql`now()`,
        detail: 'Devolvido pela equipe, do banco da loja (Pix estático)',
      })
      .where(and(eq(t.refunds.provider, STORE_BANK), eq(t.refunds.ref, `desistencia-${String(number)}`)));
    await notePayment(
      tx,
      number,
      `Devolução de ${reais(order.total)} feita pela equipe pelo banco da loja`,
      actor,
    );
    await record(tx, actor, number, 'a combinar', 'devolvido pelo banco da loja');
    // The buyer's e-mail is written with the refund it tells of.
    await notifyRefund(tx, deps.mailer, deps.origin, number, order.total, 'devolvida');
  });
}
