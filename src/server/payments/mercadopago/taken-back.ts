// One concern: a Mercado Pago payment the order was paid with that Mercado Pago later took back: a chargeback
// (`charged_back`), or a refund or cancellation the store never asked for. Statuses as "Get payment status"
// (developers/pt/docs/checkout-api-payments/response-handling/query-results) lists them.
import { and, eq } from 'drizzle-orm';
import type { TakebackKind } from '#/contract/takebacks.ts';
import * as t from '#/server/db/schema.ts';
import { recordTakeback, recoverTakeback } from '#/server/payments/takeback.ts';
import type { TakebackDeps } from '#/server/payments/takeback.ts';
import { MERCADOPAGO } from './provider.ts';
import type { MercadoPagoPayment } from './spec.ts';

const TAKEN: Partial<Record<MercadoPagoPayment['status'], TakebackKind>> = {
  charged_back: 'contestado',
  refunded: 'estornado',
  cancelled: 'cancelado',
};

const NAME = 'Mercado Pago';

/**
 * Act on payment `payment` of order `number` if Mercado Pago took it back after approving it, when it is the
 * payment the order was paid with (`approved`: the order's `pagamentoAprovado`). A refund the store asked for
 * is its own, not a take-back; a chargeback the store won (`reimbursed`) gives the money back. Returns whether
 * the payment was such a case (the caller then notes nothing more).
 */
export async function takenBackByMercadoPago(
  deps: TakebackDeps,
  number: number,
  payment: MercadoPagoPayment,
  approved: string | undefined,
): Promise<boolean> {
  const id = String(payment.id);
  const kind = TAKEN[payment.status];
  if (!kind || approved !== id) return false;
  const detail = `${payment.status}${payment.status_detail ? ` (${payment.status_detail})` : ''}`;
  if (payment.status === 'charged_back' && payment.status_detail === 'reimbursed') {
    await recoverTakeback(deps.db, MERCADOPAGO, id, NAME, `contestação resolvida a favor da loja: ${detail}`);
    return true;
  }
  if (kind !== 'contestado') {
    const [ours] = await deps.db
      .select({ id: t.refunds.id })
      .from(t.refunds)
      .where(and(eq(t.refunds.provider, MERCADOPAGO), eq(t.refunds.source, id)))
      .limit(1);
    if (ours) return false;
  }
  await recordTakeback(deps, {
    number,
    provider: MERCADOPAGO,
    source: id,
    providerName: NAME,
    kind,
    amount: payment.transaction_amount,
    detail: `Mercado Pago: pagamento ${id} ${detail}`,
  });
  return true;
}

/** The order's payment approved again after it was taken back (a dispute undone): it counts again. */
export const approvedAgain = (deps: TakebackDeps, id: string) =>
  recoverTakeback(deps.db, MERCADOPAGO, id, NAME, 'pagamento aprovado de novo');
