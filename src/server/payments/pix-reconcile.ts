// One concern: what a dynamic Pix charge's state at the PSP means for its order. A webhook notice and the
// minute sweep both only say "read this charge again": the order moves on what `GET /cob/{txid}` answers.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { notifyRefund } from '#/server/orders/refund-mail.ts';
import { toldWithoutQueue } from '#/server/orders/notices.ts';
import type { TellOrder } from '#/server/orders/notices.ts';
import { notePayment, reais, toCents, toValor } from './events.ts';
import { ProviderError } from './http.ts';
import { workOrderRefunds } from './refund-ledger.ts';
import type { LedgerDeps, NewRefund, RefundAnswer, RefundChannel, RefundReason } from './refund-ledger.ts';
import { moneyArrived, settleCharge } from './settle.ts';
import type { PixApi } from './pix-api/client.ts';
import type { Devolucao } from './pix-api/spec.ts';
import { PIX_API } from './pix-charge.ts';

/** What reconciling needs: the database, the PSP, and how to tell the buyer. */
export type PixContext = {
  db: Db;
  api: PixApi;
  mailer: Mailer;
  origin: string;
  /** The queue's order notices (the buyer's e-mail written with the payment); absent on a test's platform. */
  tell?: TellOrder | undefined;
};

export type Outcome = 'paid' | 'refunded' | 'removed' | 'unchanged';

/**
 * Read the order's charge at the PSP and act on it, once however many instances and notices ask at once:
 * - paid in full while the order waits → the order is paid (and the buyer told);
 * - paid after the order was cancelled (expired) → every Pix received is refunded and recorded;
 * - still payable but the order is cancelled → the charge is removed;
 * - removed at the PSP → nothing more to read.
 */
export async function reconcilePix(ctx: PixContext, number: number): Promise<Outcome> {
  const { db, api } = ctx;
  const [order] = await db
    .select({ status: t.orders.status, txid: t.orders.providerRef, state: t.orders.chargeState })
    .from(t.orders)
    .where(and(eq(t.orders.number, number), eq(t.orders.provider, PIX_API)));
  if (order?.state !== 'ativa') return 'unchanged';
  let cob;
  try {
    cob = await api.readCharge(order.txid);
  } catch (error) {
    // Not there: never made (the order was cancelled when its PUT failed), or still being made.
    if (error instanceof ProviderError && error.status === 404 && order.status === 'cancelled') {
      await settleCharge(db, number, 'removida');
      return 'removed';
    }
    throw error;
  }
  if (cob.status === 'CONCLUIDA') return received(ctx, number, cob.pix ?? []);
  if (cob.status === 'ATIVA') {
    if (order.status !== 'cancelled') return 'unchanged';
    await api.removeCharge(order.txid);
    if (await settleCharge(db, number, 'removida'))
      await notePayment(db, number, 'Cobrança Pix removida no PSP: o pedido foi cancelado sem pagamento');
    return 'removed';
  }
  if (await settleCharge(db, number, 'removida'))
    await notePayment(db, number, `Cobrança Pix encerrada pelo PSP (${cob.status})`);
  return 'removed';
}

/** The charge is paid: the order with it, or the money back when the order no longer waits for it. */
async function received(ctx: PixContext, number: number, pix: Received[]): Promise<Outcome> {
  const { db } = ctx;
  const cents = pix.reduce((sum, p) => sum + toCents(p.valor), 0);
  // Written with the claim when the order turns out cancelled: the money is never kept unrecorded.
  const claim = await moneyArrived(
    db,
    number,
    cents,
    pixRefundRows(number, pix, 'pago_apos_cancelamento', ''),
    ctx.tell,
  );
  if (!claim) return 'unchanged';
  const total = reais(cents / 100);
  if (claim.outcome === 'short') {
    await notePayment(db, number, `Pix recebido abaixo do total do pedido (${total}): aguardando`);
    return 'unchanged';
  }
  if (claim.outcome === 'paid') {
    await notePayment(db, number, `Pix recebido: ${total}, conferido no PSP`);
    await toldWithoutQueue(ctx, number, { aviso: 'paid' });
    return 'paid';
  }
  if (claim.outcome === 'refund') {
    await notePayment(db, number, `Pix de ${total} recebido depois do cancelamento: devolução registrada`);
    await notifyRefund(db, ctx.mailer, ctx.origin, number, cents / 100, 'pedida');
    // Asked now; whatever the PSP does not confirm yet is read again by the minute sweep.
    await workOrderRefunds(pixLedger(ctx), number);
    return 'refunded';
  }
  // Paid another way meanwhile (the team marked it): nothing moves, the team is told.
  await notePayment(
    db,
    number,
    `Pix recebido (${total}) num pedido que já estava "${claim.status}": confira`,
  );
  return 'unchanged';
}

/** One Pix to give back: its end-to-end id and value as the PSP reported them. */
export type Received = { endToEndId: string; valor: string; devolucoes?: { valor: string }[] | undefined };

/**
 * The refunds that give these Pix back (what of each was not given back already), each under an id made from
 * the Pix (`PUT /pix/{e2eid}/devolucao/{id}`), so the PSP too sees one refund however often it is asked.
 */
export function pixRefundRows(
  number: number,
  pix: Received[],
  reason: RefundReason,
  actor: string,
): NewRefund[] {
  return pix.flatMap((p) => {
    const left = toCents(p.valor) - (p.devolucoes ?? []).reduce((s, d) => s + toCents(d.valor), 0);
    if (left <= 0) return [];
    const ref = `D${p.endToEndId.slice(0, 34)}`;
    return [
      {
        orderNumber: number,
        provider: PIX_API,
        ref,
        source: p.endToEndId,
        amount: left / 100,
        reason,
        actor,
      },
    ];
  });
}

/** What a PSP's `Devolucao` means for the ledger. */
function answerOf(d: Devolucao): RefundAnswer {
  const said = d.motivo ? `${d.status}: ${d.motivo}` : d.status;
  if (d.status === 'DEVOLVIDO') return { state: 'devolvido', said };
  if (d.status === 'NAO_REALIZADO') return { state: 'recusado', said };
  return { state: 'em_processamento', said };
}

/** Refunds through the API Pix: asked with `PUT /pix/{e2eid}/devolucao/{id}`, read with its `GET`. */
export const pixRefunds = (api: PixApi): RefundChannel => ({
  name: 'PSP do Pix',
  ask: async (row) =>
    answerOf(
      await api.refund(
        row.source,
        row.ref,
        toValor(row.amount),
        `Devolução do pedido ${String(row.orderNumber)}`,
      ),
    ),
  read: async (row) => answerOf(await api.readRefund(row.source, row.ref)),
});

/** The ledger as a Pix context works it. */
export const pixLedger = (ctx: PixContext): LedgerDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  origin: ctx.origin,
  channels: { [PIX_API]: pixRefunds(ctx.api) },
});

/** The orders a notice names that the store still waits on (unknown or settled txids cost nothing). */
export async function ordersOfTxids(db: Db, txids: string[]): Promise<number[]> {
  if (txids.length === 0) return [];
  const rows = await db
    .select({ number: t.orders.number })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.provider, PIX_API),
        inArray(t.orders.providerRef, txids),
        eq(t.orders.chargeState, 'ativa'),
      ),
    );
  return rows.map((r) => r.number);
}
