// One concern: what a Mercado Pago payment means for its order. A notice, and the buyer coming back from
// Mercado Pago's page, only say "read this payment": the order moves on what `GET /v1/payments/{id}` says.
import { and, eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { notifyBuyer } from '#/server/orders/mail.ts';
import { notePayment, reais } from '#/server/payments/events.ts';
import { refundOnce } from '#/server/payments/refund-ledger.ts';
import { moneyArrived } from '#/server/payments/settle.ts';
import type { MercadoPago } from './client.ts';
import { MERCADOPAGO } from './provider.ts';
import type { MercadoPagoPayment } from './spec.ts';

export type MercadoPagoContext = { db: Db; mp: MercadoPago; mailer: Mailer; origin: string };
export type Outcome = 'paid' | 'refunded' | 'unchanged';

/** What the team reads for each status Mercado Pago reports. */
const SAID: Record<MercadoPagoPayment['status'], string> = {
  pending: 'aguardando pagamento (boleto gerado ou em espera)',
  authorized: 'autorizado, aguardando captura',
  in_process: 'em análise',
  in_mediation: 'em disputa',
  approved: 'aprovado',
  rejected: 'recusado',
  cancelled: 'cancelado',
  refunded: 'devolvido',
  charged_back: 'contestado pelo comprador (chargeback)',
};

const TYPES: Record<string, string> = { credit_card: 'cartão de crédito', ticket: 'boleto' };

/** The order's payment details with what the store last heard of each of its payments. */
type Details = { pagamentos?: Record<string, string>; pagamentoAprovado?: string } & Record<string, unknown>;

/**
 * Read payment `id` at Mercado Pago and act on it, for the order it names (`external_reference`): approved for
 * the order's total → paid (the buyer told); approved after the order was cancelled → refunded; anything else
 * is noted once per status. `expected`: the order the caller speaks for (the buyer's return), else any.
 */
export async function reconcilePayment(
  ctx: MercadoPagoContext,
  id: string,
  expected?: number,
): Promise<Outcome> {
  const { db, mp } = ctx;
  if (!/^\d{1,20}$/.test(id)) return 'unchanged';
  const payment = await mp.readPayment(id);
  const reference = payment.external_reference ?? '';
  if (!/^\d{1,9}$/.test(reference)) return 'unchanged';
  const number = Number(reference);
  if (expected !== undefined && number !== expected) return 'unchanged';
  const [order] = await db
    .select({ total: t.orders.total, details: t.orders.paymentDetails })
    .from(t.orders)
    .where(and(eq(t.orders.number, number), eq(t.orders.provider, MERCADOPAGO)));
  if (!order) return 'unchanged';
  const details = order.details as Details;
  const seen = details.pagamentos?.[id];
  if (seen !== payment.status) {
    await db
      .update(t.orders)
      .set({
        paymentDetails: {
          ...details,
          pagamentos: { ...details.pagamentos, [id]: payment.status },
          ...(payment.status === 'approved' ? { pagamentoAprovado: id } : {}),
        },
      })
      .where(eq(t.orders.number, number));
  }
  const how = [
    TYPES[payment.payment_type_id ?? ''],
    payment.installments && payment.installments > 1 ? `${String(payment.installments)}x` : '',
  ]
    .filter(Boolean)
    .join(' em ');
  const value = reais(payment.transaction_amount);
  if (payment.status !== 'approved') {
    if (seen !== payment.status)
      await notePayment(
        db,
        number,
        `Mercado Pago: pagamento ${id} ${SAID[payment.status]}${payment.status_detail ? ` (${payment.status_detail})` : ''}`,
      );
    return 'unchanged';
  }
  const cents = payment.currency_id === 'BRL' ? Math.round(payment.transaction_amount * 100) : 0;
  if (cents !== Math.round(order.total * 100)) {
    if (seen !== payment.status)
      await notePayment(
        db,
        number,
        `Mercado Pago: pagamento ${id} aprovado de ${value} ${payment.currency_id}, diferente do total do pedido: confira`,
      );
    return 'unchanged';
  }
  const claim = await moneyArrived(db, number, cents);
  if (!claim) return 'unchanged';
  if (claim.outcome === 'paid') {
    await notePayment(
      db,
      number,
      `Mercado Pago: pagamento ${id} aprovado, ${value}${how ? ` (${how})` : ''}`,
    );
    await notifyBuyer(db, ctx.mailer, ctx.origin, number, 'paid');
    return 'paid';
  }
  if (claim.outcome === 'refund') {
    await notePayment(
      db,
      number,
      `Mercado Pago: pagamento ${id} de ${value} aprovado depois do cancelamento: devolvendo`,
    );
    await refundMercadoPago(ctx, number, id, order.total, 'pago_apos_cancelamento', '').catch(
      () => undefined,
    );
    return 'refunded';
  }
  await notePayment(
    db,
    number,
    `Mercado Pago: pagamento ${id} aprovado (${value}) num pedido que já estava "${claim.status}": confira`,
  );
  return 'unchanged';
}

/**
 * Give a payment back in full (`POST /v1/payments/{id}/refunds`), once: the refund is written first, and its
 * id is the call's idempotency key, so Mercado Pago too sees one refund however often it is asked.
 */
export async function refundMercadoPago(
  ctx: MercadoPagoContext,
  number: number,
  paymentId: string,
  amount: number,
  reason: 'pago_apos_cancelamento' | 'pedido_da_equipe',
  actor: string,
): Promise<void> {
  const ref = `mp-${paymentId}`;
  const row = { orderNumber: number, provider: MERCADOPAGO, ref, source: paymentId, amount, reason, actor };
  await refundOnce(
    ctx.db,
    row,
    async () => {
      const answer = await ctx.mp.refund(paymentId, ref);
      return {
        status: answer.status === 'approved' ? 'devolvido' : answer.status,
        note: `Mercado Pago: devolução de ${reais(amount)} do pagamento ${paymentId}: ${answer.status}`,
      };
    },
    (why) => `Mercado Pago: devolução de ${reais(amount)} falhou (${why})`,
  );
}
