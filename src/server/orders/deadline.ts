// One concern: more time to pay for an order waiting for the team to confirm its Pix (the buyer asked, or the
// money is on its way): a new deadline, a line on the timeline, and a new reminder before it.
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import { STATUS } from './status.ts';
import type { Status } from './status.ts';

/**
 * Give order `number` `minutes` more to be paid, counted from its deadline (or from now, when that has
 * passed). Only an order waiting for the team's confirmation: a provider's charge keeps the provider's own
 * deadline. Answers the deadline before and after.
 */
export async function extendDeadline(
  db: Db,
  number: number,
  minutes: number,
  actor: string,
): Promise<{ before: Date; after: Date }> {
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({
        status: t.orders.status,
        provider: t.orders.provider,
        payment: t.orders.payment,
        expiresAt: t.orders.expiresAt,
      })
      .from(t.orders)
      .where(eq(t.orders.number, number))
      .for('update');
    if (!order) throw notFound('Pedido não encontrado.');
    const numero = String(number);
    if (order.status !== 'awaiting_payment')
      throw new PlatformError(
        409,
        'invalid_status_change',
        `O pedido ${numero} está "${STATUS[order.status as Status]}": só um pedido aguardando pagamento ganha mais tempo. Nada foi alterado.`,
      );
    if (order.provider !== '' || order.payment !== 'pix')
      throw new PlatformError(
        409,
        'provider_deadline',
        `O pagamento do pedido ${numero} tem o prazo do provedor, que a loja não muda. Nada foi alterado.`,
      );
    const interval = `${String(minutes)} minutes`;
    const [changed] = await tx
      .update(t.orders)
      .set({
        expiresAt: sql`greatest(${t.orders.expiresAt}, now()) + ${interval}::interval`,
        teamRemindedAt: null,
      })
      .where(eq(t.orders.number, number))
      .returning({ expiresAt: t.orders.expiresAt });
    const after = changed?.expiresAt ?? order.expiresAt;
    await tx.insert(t.orderEvents).values({
      orderNumber: number,
      status: 'awaiting_payment',
      actor,
      note: `Prazo de pagamento estendido até ${dayAndTime(after)}.`,
    });
    return { before: order.expiresAt, after };
  });
}
