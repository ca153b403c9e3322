// One concern: what a dynamic Pix charge's state at the PSP means for its order. A webhook notice and the
// minute sweep both only say "read this charge again": the order moves on what `GET /cob/{txid}` answers.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { notifyBuyer } from '#/server/orders/mail.ts';
import { notePayment, reais, toCents } from './events.ts';
import { ProviderError } from './http.ts';
import { refundOnce } from './refund-ledger.ts';
import { moneyArrived, settleCharge } from './settle.ts';
import type { PixApi } from './pix-api/client.ts';
import { PIX_API } from './pix-charge.ts';

/** What reconciling needs: the database, the PSP, and how to tell the buyer. */
export type PixContext = { db: Db; api: PixApi; mailer: Mailer; origin: string };

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
  const claim = await moneyArrived(db, number, cents);
  if (!claim) return 'unchanged';
  const total = reais(cents / 100);
  if (claim.outcome === 'short') {
    await notePayment(db, number, `Pix recebido abaixo do total do pedido (${total}): aguardando`);
    return 'unchanged';
  }
  if (claim.outcome === 'paid') {
    await notePayment(db, number, `Pix recebido: ${total}, conferido no PSP`);
    await notifyBuyer(db, ctx.mailer, ctx.origin, number, 'paid');
    return 'paid';
  }
  if (claim.outcome === 'refund') {
    await notePayment(db, number, `Pix de ${total} recebido depois do cancelamento: devolvendo`);
    // A refund that fails is noted and asked again by the minute sweep; the others go on.
    for (const p of pix) await refundPix(ctx, number, p, 'pago_apos_cancelamento', '').catch(() => undefined);
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
export type Received = { endToEndId: string; valor: string };

/**
 * Give one Pix back (`PUT /pix/{e2eid}/devolucao/{id}`). The refund is written first under an id made from
 * the Pix, so the PSP too sees one refund however often it is asked; only a refund that failed is asked
 * again (by the minute sweep), and the PSP's answer is recorded.
 */
export async function refundPix(
  ctx: PixContext,
  number: number,
  pix: Received,
  reason: 'pago_apos_cancelamento' | 'pedido_da_equipe',
  actor: string,
): Promise<void> {
  const ref = `D${pix.endToEndId.slice(0, 34)}`;
  const amount = toCents(pix.valor) / 100;
  const row = { orderNumber: number, provider: PIX_API, ref, source: pix.endToEndId, amount, reason, actor };
  await refundOnce(
    ctx.db,
    row,
    async () => {
      const answer = await ctx.api.refund(
        pix.endToEndId,
        ref,
        pix.valor,
        `Devolução do pedido ${String(number)}`,
      );
      return {
        status: answer.status.toLowerCase(),
        note: `Devolução Pix de ${reais(amount)} pedida ao PSP: ${answer.status}`,
      };
    },
    (why) => `Devolução Pix de ${reais(amount)} falhou (${why}): nova tentativa em 1 min`,
  );
}

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
