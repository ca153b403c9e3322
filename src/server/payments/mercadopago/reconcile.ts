// One concern: what a Mercado Pago payment means for its order. A notice, and the buyer coming back from
// Mercado Pago's page, only say "read this payment": the order moves on what `GET /v1/payments/{id}` says.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { notifyRefund } from '#/server/orders/refund-mail.ts';
import { toldWithoutQueue } from '#/server/orders/notices.ts';
import type { TellOrder } from '#/server/orders/notices.ts';
import { notePayment, reais } from '#/server/payments/events.ts';
import { workOrderRefunds, writeRefunds } from '#/server/payments/refund-ledger.ts';
import type {
  LedgerDeps,
  NewRefund,
  RefundAnswer,
  RefundChannel,
  RefundReason,
} from '#/server/payments/refund-ledger.ts';
import { moneyArrived } from '#/server/payments/settle.ts';
import type { MercadoPago } from './client.ts';
import { MERCADOPAGO } from './provider.ts';
import type { MercadoPagoPayment } from './spec.ts';
import { approvedAgain, takenBackByMercadoPago } from './taken-back.ts';

export type MercadoPagoContext = {
  db: Db;
  mp: MercadoPago;
  mailer: Mailer;
  origin: string;
  /** The queue's order notices (the buyer's e-mail written with the payment); absent on a test's platform. */
  tell?: TellOrder | undefined;
};
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
type Details = {
  pagamentos?: Record<string, string>;
  pagamentoAprovado?: string;
  /** When the order was to expire before a pending payment made it wait longer. */
  expiraOriginal?: string;
} & Record<string, unknown>;

/** Statuses of a payment that may still turn into money: the order waits for them (see {@link holdFor}). */
const PENDING: ReadonlySet<string> = new Set(['pending', 'in_process', 'authorized']);
/** How long an order waits for a payment under review with no date of its own (a card `in_process`). */
const REVIEW_HOLD_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Read payment `id` at Mercado Pago and act on it, for the order it names (`external_reference`): approved for
 * the order's total → paid (the buyer told); approved after the order was cancelled, or a second payment for an
 * order already paid → given back (the ledger); pending → the order waits for it; anything else is noted once
 * per status. `expected`: the order the caller speaks for (the buyer's return), else any.
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
    .select({ total: t.orders.total, details: t.orders.paymentDetails, status: t.orders.status })
    .from(t.orders)
    .where(and(eq(t.orders.number, number), eq(t.orders.provider, MERCADOPAGO)));
  if (!order) return 'unchanged';
  const details = order.details as Details;
  const seen = details.pagamentos?.[id];
  if (seen !== payment.status)
    // One key of the details set in place: two payments read at once never undo each other's status.
    await db
      .update(t.orders)
      .set({
        paymentDetails: sql`jsonb_set(${t.orders.paymentDetails}, '{pagamentos}', coalesce(${t.orders.paymentDetails} -> 'pagamentos', '{}'::jsonb) || ${JSON.stringify({ [id]: payment.status })}::jsonb)`,
      })
      .where(eq(t.orders.number, number));
  const how = [
    TYPES[payment.payment_type_id ?? ''],
    payment.installments && payment.installments > 1 ? `${String(payment.installments)}x` : '',
  ]
    .filter(Boolean)
    .join(' em ');
  const value = reais(payment.transaction_amount);
  if (payment.status !== 'approved') {
    // The order's own payment taken back after approval: an alert and a held order, not a line in the timeline.
    if (await takenBackByMercadoPago(ctx, number, payment, details.pagamentoAprovado)) return 'unchanged';
    if (seen !== payment.status)
      await notePayment(
        db,
        number,
        `Mercado Pago: pagamento ${id} ${SAID[payment.status]}${payment.status_detail ? ` (${payment.status_detail})` : ''}`,
      );
    if (order.status === 'awaiting_payment') await holdFor(db, number, payment, order.details as Details);
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
  // The order's payment is the first approved one; any other is money the order does not need.
  if (!(await takeApproved(db, number, id))) return extraPayment(ctx, number, id, payment.transaction_amount);
  if (seen !== undefined && seen !== 'approved' && details.pagamentoAprovado === id)
    await approvedAgain(ctx, id);
  const refund = mercadoPagoRefundRow(number, id, order.total, 'pago_apos_cancelamento', '');
  const claim = await moneyArrived(db, number, cents, [refund], ctx.tell);
  if (!claim) return 'unchanged';
  if (claim.outcome === 'paid') {
    await notePayment(
      db,
      number,
      `Mercado Pago: pagamento ${id} aprovado, ${value}${how ? ` (${how})` : ''}`,
    );
    await toldWithoutQueue(ctx, number, { aviso: 'paid' });
    return 'paid';
  }
  if (claim.outcome === 'refund') {
    await notePayment(
      db,
      number,
      `Mercado Pago: pagamento ${id} de ${value} aprovado depois do cancelamento: devolução registrada`,
    );
    await notifyRefund(db, ctx.mailer, ctx.origin, number, order.total, 'pedida');
    await workOrderRefunds(mercadoPagoLedger(ctx), number);
    return 'refunded';
  }
  await notePayment(
    db,
    number,
    `Mercado Pago: pagamento ${id} aprovado (${value}) num pedido que já estava "${claim.status}": confira`,
  );
  return 'unchanged';
}

/** Make `id` the order's approved payment unless another one already is; true when it is the order's. */
async function takeApproved(db: Db, number: number, id: string): Promise<boolean> {
  const [row] = await db
    .update(t.orders)
    .set({
      paymentDetails: sql`jsonb_set(${t.orders.paymentDetails}, '{pagamentoAprovado}', to_jsonb(${id}::text))`,
    })
    .where(
      and(
        eq(t.orders.number, number),
        sql`coalesce(${t.orders.paymentDetails} ->> 'pagamentoAprovado', ${id}) = ${id}`,
      ),
    )
    .returning({ number: t.orders.number });
  return row !== undefined;
}

/** A second approved payment for an order that has one: written as a refund, the buyer and the team told. */
async function extraPayment(
  ctx: MercadoPagoContext,
  number: number,
  id: string,
  amount: number,
): Promise<Outcome> {
  const written = await writeRefunds(ctx.db, [
    mercadoPagoRefundRow(number, id, amount, 'pagamento_a_mais', ''),
  ]);
  if (written === 0) return 'unchanged';
  await notePayment(
    ctx.db,
    number,
    `Mercado Pago: pagamento ${id} de ${reais(amount)} aprovado num pedido já pago por outro pagamento: devolução registrada`,
  );
  await notifyRefund(ctx.db, ctx.mailer, ctx.origin, number, amount, 'pedida', 'pagamento_a_mais');
  await workOrderRefunds(mercadoPagoLedger(ctx), number);
  return 'refunded';
}

/**
 * An order waiting on a payment Mercado Pago still calls pending waits for it: until a boleto's due date, or
 * two days for a card under review; once no payment is pending, it waits only its own time again.
 */
async function holdFor(db: Db, number: number, payment: MercadoPagoPayment, details: Details): Promise<void> {
  const own = typeof details.expiraOriginal === 'string' ? details.expiraOriginal : undefined;
  if (PENDING.has(payment.status)) {
    const due = payment.date_of_expiration ? Date.parse(payment.date_of_expiration) : Number.NaN;
    const until = new Date(Number.isNaN(due) ? Date.now() + REVIEW_HOLD_MS : due);
    await db
      .update(t.orders)
      .set({
        expiresAt: sql`greatest(${t.orders.expiresAt}, ${until})`,
        paymentDetails: sql`${t.orders.paymentDetails} || jsonb_build_object('expiraOriginal', coalesce(${t.orders.paymentDetails} ->> 'expiraOriginal', to_char(${t.orders.expiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`,
      })
      .where(and(eq(t.orders.number, number), eq(t.orders.status, 'awaiting_payment')));
    return;
  }
  const still = Object.entries({ ...details.pagamentos, [String(payment.id)]: payment.status }).some(
    ([, s]) => PENDING.has(s),
  );
  if (own && !still)
    await db
      .update(t.orders)
      .set({ expiresAt: new Date(own) })
      .where(and(eq(t.orders.number, number), eq(t.orders.status, 'awaiting_payment')));
}

/** The refund of a whole Mercado Pago payment; its id is the call's idempotency key there too. */
export function mercadoPagoRefundRow(
  number: number,
  paymentId: string,
  amount: number,
  reason: RefundReason,
  actor: string,
): NewRefund {
  return {
    orderNumber: number,
    provider: MERCADOPAGO,
    ref: `mp-${paymentId}`,
    source: paymentId,
    amount,
    reason,
    actor,
  };
}

/** Mercado Pago's refund statuses as the team reads them in the order's history. */
const REFUND_SAID: Record<string, string> = {
  approved: 'aprovada',
  in_process: 'em processamento',
  pending: 'pendente',
  authorized: 'autorizada',
  rejected: 'recusada',
  cancelled: 'cancelada',
};

/** What Mercado Pago's refund status means for the ledger. */
function answerOf(refund: { id: number; status: string }): RefundAnswer {
  const providerId = String(refund.id);
  const said = REFUND_SAID[refund.status] ?? `situação "${refund.status.slice(0, 40)}"`;
  if (refund.status === 'approved') return { state: 'devolvido', said, providerId };
  if (refund.status === 'rejected' || refund.status === 'cancelled')
    return { state: 'recusado', said, providerId };
  return { state: 'em_processamento', said, providerId };
}

/** Refunds through Mercado Pago: `POST /v1/payments/{id}/refunds`, read with `GET …/refunds/{refund_id}`. */
export const mercadoPagoRefunds = (mp: MercadoPago): RefundChannel => ({
  name: 'Mercado Pago',
  ask: async (row) => answerOf(await mp.refund(row.source, row.ref)),
  read: async (row) =>
    row.providerId
      ? answerOf(await mp.readRefund(row.source, row.providerId))
      : answerOf(await mp.refund(row.source, row.ref)),
});

/** The ledger as a Mercado Pago context works it. */
export const mercadoPagoLedger = (ctx: MercadoPagoContext): LedgerDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  origin: ctx.origin,
  channels: { [MERCADOPAGO]: mercadoPagoRefunds(ctx.mp) },
});
