// One concern: what an order's change tells people, as one notice: a new order (its buyer and its team), or
// a status its buyer hears of. With the queue, the notice is a job written in the change's own transaction
// (jobs/order-notices.ts); a platform without one (a test's) tells right after the commit.
import type { Db } from '#/server/db/client.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { tellTeamOfOrder } from '#/server/staff/team-mail.ts';
import { buyerOf } from './buyer.ts';
import { notifyBuyer } from './mail.ts';
import { loadOrder } from './orders.ts';
import type { Status } from './status.ts';

export type OrderNotice =
  /** A new order; `cobrado`: its payment is a provider's charge, made just after its transaction. */
  | { aviso: 'novo'; cobrado: boolean }
  /** A status its buyer hears of; `corrigido`: a shipped order's tracking corrected. */
  | { aviso: Status; variante?: 'corrigido' };

/** Write `notice` about order `number` in the change's transaction `tx`: told once it commits. */
export type TellOrder = (tx: Db, number: number, notice: OrderNotice) => Promise<void>;

export type NoticeDeps = { db: Db; mailer: Mailer; origin: string };

/**
 * The e-mails of a new order, written in one transaction: the buyer's confirmation and the team's notice,
 * each keyed, so told twice (a job whose completion was lost) they are written once. An order cancelled at
 * once (its charge could not be made) tells no one: the shopper read it on the page, and nothing was charged.
 */
export async function tellOfNewOrder({ db, mailer, origin }: NoticeDeps, number: number): Promise<void> {
  const buyer = await buyerOf(db, number);
  if (!buyer) return;
  const pedido = await loadOrder(db, origin, number, { session: '', customerId: buyer.customerId });
  if (!pedido || pedido.situacao === 'cancelado') return;
  await inTransaction(db, async (tx) => {
    await notifyBuyer(tx, mailer, origin, number, 'awaiting_payment', pedido);
    await tellTeamOfOrder({ db: tx, mailer, origin }, pedido);
  });
}

/** Tell what `notice` says; `key` makes the buyer's message one however often it is told. */
export async function tellOrder(deps: NoticeDeps, number: number, notice: OrderNotice, key?: string) {
  if (notice.aviso === 'novo') await tellOfNewOrder(deps, number);
  else
    await notifyBuyer(deps.db, deps.mailer, deps.origin, number, notice.aviso, undefined, {
      variant: notice.variante,
      key,
    });
}

/**
 * After the change committed: a platform without the queue (`tell` absent) tells now. With the queue, the job
 * written in the change tells, and this does nothing.
 */
export async function toldWithoutQueue(
  deps: NoticeDeps & { tell?: TellOrder | undefined },
  number: number,
  notice: OrderNotice,
): Promise<void> {
  if (!deps.tell) await tellOrder(deps, number, notice);
}
