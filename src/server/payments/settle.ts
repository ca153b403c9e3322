// One concern: a provider says an order's money arrived; the order moves once, whoever asks and how often.
import { and, eq } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import { inTransaction } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PSP_ACTOR } from './events.ts';
import { firstRecheck } from './recheck.ts';
import { writeRefunds } from './refund-ledger.ts';
import type { NewRefund } from './refund-ledger.ts';

/**
 * What the arrival meant, decided under the order's row lock while its charge is still `ativa`:
 * - `paid`: the order waited and the money covers it (now paid, charge `concluida`);
 * - `short`: it waits, but the money does not cover it (nothing moves: it waits on, then expires);
 * - `refund`: the order was cancelled (charge `devolvida`: the caller gives the money back);
 * - `other`: the order had moved on another way (charge `concluida`: the caller tells the team);
 * - `undefined`: another caller got here first, or the charge is no longer open.
 */
export type Arrival = { outcome: 'paid' | 'short' | 'refund' | 'other'; status: string };

export async function moneyArrived(
  db: Db,
  number: number,
  cents: number,
  /** The refunds written, in the same transaction, when the order turns out cancelled. */
  refundsIfCancelled: NewRefund[] = [],
  /** The buyer's "pago" e-mail, written with the move (orders/notices.ts' TellOrder). */
  tell?: (tx: Db, number: number, notice: { aviso: 'paid' }) => Promise<void>,
): Promise<Arrival | undefined> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ status: t.orders.status, total: t.orders.total, state: t.orders.chargeState })
      .from(t.orders)
      .where(eq(t.orders.number, number))
      .for('update');
    if (row?.state !== 'ativa') return undefined;
    const waiting = row.status === 'awaiting_payment';
    if (waiting && cents < Math.round(row.total * 100)) return { outcome: 'short', status: row.status };
    const cancelled = row.status === 'cancelled';
    await tx
      .update(t.orders)
      .set({
        chargeState: cancelled ? 'devolvida' : 'concluida',
        // A paid charge is read again for months: what happens to it later may never be notified.
        ...(waiting ? { status: 'paid', ...firstRecheck() } : {}),
      })
      .where(eq(t.orders.number, number));
    if (waiting) {
      await tx.insert(t.orderEvents).values({ orderNumber: number, status: 'paid', actor: PSP_ACTOR });
      await tell?.(tx, number, { aviso: 'paid' });
      return { outcome: 'paid', status: row.status };
    }
    if (cancelled) await writeRefunds(tx, refundsIfCancelled);
    return { outcome: cancelled ? 'refund' : 'other', status: row.status };
  });
}

/** Move the charge's state from `ativa`, if this caller is the first to: whoever is acts on it. */
export async function settleCharge(db: Db, number: number, state: string): Promise<boolean> {
  const moved = await db
    .update(t.orders)
    .set({ chargeState: state })
    .where(and(eq(t.orders.number, number), eq(t.orders.chargeState, 'ativa')))
    .returning({ number: t.orders.number });
  return moved.length > 0;
}
