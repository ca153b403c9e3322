// One concern: the team giving a buyer's money back for a whole order, through the provider that took it,
// once (however many clicks and instances), with the stock back when the goods never left.
import { and, eq } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { notifyRefund } from '#/server/orders/refund-mail.ts';
import { moveInTransaction, STATUS } from '#/server/orders/status.ts';
import { recordChange } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';
import type { Status } from '#/server/orders/status.ts';
import { notePayment, reais } from './events.ts';
import { ProviderError } from './http.ts';
import type { MercadoPago } from './mercadopago/client.ts';
import { MERCADOPAGO } from './mercadopago/provider.ts';
import { mercadoPagoRefundRow, mercadoPagoRefunds } from './mercadopago/reconcile.ts';
import type { PixApi } from './pix-api/client.ts';
import { PIX_API } from './pix-charge.ts';
import { pixRefundRows, pixRefunds } from './pix-reconcile.ts';
import { workOrderRefunds, writeRefunds } from './refund-ledger.ts';
import type { LedgerDeps, NewRefund } from './refund-ledger.ts';

export type RefundDeps = {
  db: Db;
  pix?: { api: PixApi } | undefined;
  mercadoPago?: MercadoPago | undefined;
  mailer: Mailer;
  origin: string;
};

const TAKEN: readonly string[] = ['paid', 'shipped', 'delivered'];

/** The money a provider took for this order that the team may give back; undefined when none. */
export async function refundable(
  db: Db,
  number: number,
): Promise<{ valor: number; provedor: string } | undefined> {
  const [order] = await db
    .select({
      status: t.orders.status,
      provider: t.orders.provider,
      state: t.orders.chargeState,
      total: t.orders.total,
    })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  return order && refundableOf(order);
}

/** The same, of an order row already read. */
function refundableOf(order: {
  status: string;
  provider: string;
  state: string;
  total: number;
}): { valor: number; provedor: string } | undefined {
  if (order.state !== 'concluida' || !TAKEN.includes(order.status)) return undefined;
  if (order.provider === PIX_API) return { valor: order.total, provedor: 'Pix (PSP)' };
  if (order.provider === MERCADOPAGO) return { valor: order.total, provedor: 'Mercado Pago' };
  return undefined;
}

/**
 * Refund the whole order: in one transaction the charge moves from `concluida` to `devolvida` (the one caller
 * that moves it refunds; any other gets a 409), a paid order that had not shipped is cancelled with its stock
 * back, and the refunds are written in the ledger; then the buyer is told it was asked, and the provider is
 * asked (refund-ledger.ts says "devolvido" only when it confirms). `expected`: the status the team's page
 * showed (a stale page changes nothing).
 */
export async function refundOrder(
  deps: RefundDeps,
  number: number,
  actor: Actor,
  expected?: Status,
): Promise<{ from: Status; to: Status; valor: number }> {
  const { db } = deps;
  const [order] = await db
    .select({
      status: t.orders.status,
      provider: t.orders.provider,
      txid: t.orders.providerRef,
      total: t.orders.total,
      state: t.orders.chargeState,
      details: t.orders.paymentDetails,
    })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  if (!order) throw new PlatformError(404, 'not_found', 'Pedido não encontrado.');
  const from = order.status as Status;
  if (expected && expected !== from) throw stale(number, from);
  const can = refundableOf(order);
  if (order.state === 'tomada')
    throw new PlatformError(
      409,
      'not_refundable',
      `O provedor já tirou o pagamento do pedido ${String(number)} da loja e o devolveu ao pagador (contestação ou devolução pelo banco): não há o que devolver.`,
    );
  if (!can)
    throw new PlatformError(
      409,
      'not_refundable',
      `O pedido ${String(number)} não tem pagamento recebido por um provedor para devolver (já devolvido, não pago, ou pago por Pix estático: esse a loja devolve pelo próprio banco).`,
    );
  // Which payments to give back, read before the claim (a provider that cannot say leaves the order as it was).
  const pixReceived =
    order.provider === PIX_API && deps.pix
      ? ((
          await deps.pix.api.readCharge(order.txid).catch((error: unknown) => {
            throw new PlatformError(
              503,
              'unavailable',
              `O PSP do Pix não respondeu (${error instanceof ProviderError ? error.message : 'erro inesperado'}): nada foi alterado. Tente de novo em instantes.`,
            );
          })
        ).pix ?? [])
      : [];
  const approved = (order.details as { pagamentoAprovado?: string }).pagamentoAprovado;
  if (order.provider === PIX_API && (!deps.pix || pixReceived.length === 0))
    throw new PlatformError(
      503,
      'unavailable',
      'O PSP do Pix não está configurado ou não informou o Pix recebido: tente de novo em instantes.',
    );
  if (order.provider === MERCADOPAGO && (!deps.mercadoPago || !approved))
    throw new PlatformError(
      503,
      'unavailable',
      'O Mercado Pago não está configurado nesta loja: a devolução não pode ser pedida agora.',
    );
  const rows: NewRefund[] =
    order.provider === PIX_API
      ? pixRefundRows(number, pixReceived, 'pedido_da_equipe', actor)
      : approved
        ? [mercadoPagoRefundRow(number, approved, order.total, 'pedido_da_equipe', actor)]
        : [];
  // Goods that never left go back on the shelf with the order cancelled; shipped ones come back by a return.
  const to: Status = from === 'paid' ? 'cancelled' : from;
  // The claim, the order's move, the ledger rows, the timeline and the team's record are one transaction:
  // none exists without the others, and a move someone else makes meanwhile waits for it, then finds it done.
  await inTransaction(db, async (tx) => {
    if (to === 'cancelled') await moveInTransaction(tx, number, 'cancelled', { actor, expected: from });
    else {
      const [now] = await tx
        .select({ status: t.orders.status })
        .from(t.orders)
        .where(eq(t.orders.number, number))
        .for('update');
      if (now?.status !== from) throw stale(number, (now?.status ?? from) as Status);
    }
    const claimed = await tx
      .update(t.orders)
      .set({ chargeState: 'devolvida' })
      .where(and(eq(t.orders.number, number), eq(t.orders.chargeState, 'concluida')))
      .returning({ number: t.orders.number });
    if (claimed.length === 0)
      throw new PlatformError(
        409,
        'not_refundable',
        `O pagamento do pedido ${String(number)} já está sendo devolvido.`,
      );
    await writeRefunds(tx, rows);
    await notePayment(tx, number, `Devolução de ${reais(order.total)} pedida pela equipe`, actor);
    await recordChange(tx, {
      actor,
      action: 'pedido.devolucao',
      entity: 'pedido',
      entityId: String(number),
      before: { situacao: STATUS[from], devolvido: 0 },
      after: { situacao: STATUS[to], devolvido: order.total },
    });
  });
  await notifyRefund(db, deps.mailer, deps.origin, number, order.total, 'pedida');
  // Asked at once; what the provider does not confirm now is read again by the payment sweep.
  await workOrderRefunds(ledgerOf(deps), number);
  return { from, to, valor: order.total };
}

const stale = (number: number, now: Status) =>
  new PlatformError(
    409,
    'stale_status',
    `O pedido ${String(number)} mudou desde que a página foi aberta: agora está "${STATUS[now]}". Nada foi alterado.`,
  );

/** The ledger with the providers this store has. */
export function ledgerOf(deps: RefundDeps): LedgerDeps {
  return {
    db: deps.db,
    mailer: deps.mailer,
    origin: deps.origin,
    channels: {
      ...(deps.pix ? { [PIX_API]: pixRefunds(deps.pix.api) } : {}),
      ...(deps.mercadoPago ? { [MERCADOPAGO]: mercadoPagoRefunds(deps.mercadoPago) } : {}),
    },
  };
}
