// One concern: the team giving a buyer's money back for a whole order, through the provider that took it,
// once (however many clicks and instances), with the stock back when the goods never left.
import { and, eq, inArray } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { notifyRefund } from '#/server/orders/mail.ts';
import { changeStatus, STATUS } from '#/server/orders/status.ts';
import { recordChange } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';
import type { Status } from '#/server/orders/status.ts';
import { notePayment, reais, toCents } from './events.ts';
import type { MercadoPago } from './mercadopago/client.ts';
import { MERCADOPAGO } from './mercadopago/provider.ts';
import { refundMercadoPago } from './mercadopago/reconcile.ts';
import type { PixApi } from './pix-api/client.ts';
import { PIX_API } from './pix-charge.ts';
import { refundPix } from './pix-reconcile.ts';

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
 * Refund the whole order: the charge moves from `concluida` to `devolvida` in one conditional UPDATE (the one
 * caller that moves it refunds; any other gets a 409), the provider is asked, a paid order that had not
 * shipped is cancelled with its stock back, and the buyer is e-mailed. `expected`: the status the team's page
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
  if (expected && expected !== from)
    throw new PlatformError(
      409,
      'stale_status',
      `O pedido ${String(number)} mudou desde que a página foi aberta: agora está "${STATUS[from]}". Nada foi alterado.`,
    );
  const can = refundableOf(order);
  if (!can)
    throw new PlatformError(
      409,
      'not_refundable',
      `O pedido ${String(number)} não tem pagamento recebido por um provedor para devolver (já devolvido, não pago, ou pago por Pix estático: esse a loja devolve pelo próprio banco).`,
    );
  // Which payments to give back, read before the claim (a provider that cannot say leaves the order as it was).
  const pixReceived =
    order.provider === PIX_API && deps.pix ? ((await deps.pix.api.readCharge(order.txid)).pix ?? []) : [];
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
  // Goods that never left go back on the shelf with the order cancelled; shipped ones come back by a return.
  const to: Status = from === 'paid' ? 'cancelled' : from;
  // The claim, its line in the timeline and the team's record are one: none exists without the others.
  await inTransaction(db, async (tx) => {
    const claimed = await tx
      .update(t.orders)
      .set({ chargeState: 'devolvida' })
      .where(
        and(
          eq(t.orders.number, number),
          eq(t.orders.chargeState, 'concluida'),
          inArray(t.orders.status, [...TAKEN]),
        ),
      )
      .returning({ number: t.orders.number });
    if (claimed.length === 0)
      throw new PlatformError(
        409,
        'not_refundable',
        `O pagamento do pedido ${String(number)} já está sendo devolvido.`,
      );
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
  if (order.provider === PIX_API && deps.pix) {
    const ctx = { db, api: deps.pix.api, mailer: deps.mailer, origin: deps.origin };
    for (const p of pixReceived) {
      const left = toCents(p.valor) - (p.devolucoes ?? []).reduce((s, d) => s + toCents(d.valor), 0);
      if (left > 0)
        await refundPix(
          ctx,
          number,
          { endToEndId: p.endToEndId, valor: (left / 100).toFixed(2) },
          'pedido_da_equipe',
          actor,
        ).catch(() => undefined);
    }
  } else if (deps.mercadoPago && approved) {
    const ctx = { db, mp: deps.mercadoPago, mailer: deps.mailer, origin: deps.origin };
    await refundMercadoPago(ctx, number, approved, order.total, 'pedido_da_equipe', actor).catch(
      () => undefined,
    );
  }
  if (to === 'cancelled') await changeStatus(db, number, 'cancelled', { actor, expected: 'paid' });
  await notifyRefund(db, deps.mailer, deps.origin, number, order.total);
  return { from, to, valor: order.total };
}
