// One concern: following parcels until they arrive: the order moves to "enviado" when the carrier has it and
// to "entregue" when it is delivered, with the carrier's date, and the buyer is e-mailed at each.
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import { toldWithoutQueue } from '#/server/orders/notices.ts';
import type { TellOrder } from '#/server/orders/notices.ts';
import { changeStatus } from '#/server/orders/status.ts';
import type { ShippingProvider } from './provider.ts';

export type TrackingContext = {
  db: Db;
  provider: ShippingProvider;
  mailer: Mailer;
  origin: string;
  /** The queue's order notices (the buyer's e-mail written with the move); absent on a test's platform. */
  tell?: TellOrder | undefined;
};

/** At most this many parcels are read in one round (one tracking call). */
export const ROUND = 100;

/** Who moves an order when the carrier reports it (the team's timeline names it). */
export const CARRIER_ACTOR = 'transportadora';

/** Read where the labelled parcels are (all of them, or only order `only`'s); answers how many orders moved. */
export async function followParcels(ctx: TrackingContext, only?: number): Promise<number> {
  const { db, provider } = ctx;
  const rows = await db
    .select()
    .from(t.shipments)
    .where(
      and(
        inArray(t.shipments.status, ['paga', 'gerada', 'postada']),
        ne(t.shipments.shipmentId, ''),
        only === undefined ? undefined : eq(t.shipments.orderNumber, only),
      ),
    )
    // The longest unread first, and each read marked: with more parcels than a round reads, every one is read
    // within ceil(parcels / ROUND) rounds.
    .orderBy(sql`${t.shipments.trackedAt} asc nulls first`, asc(t.shipments.orderNumber))
    .limit(ROUND);
  if (rows.length === 0) return 0;
  const states = await provider.track(rows.map((r) => r.shipmentId));
  await db
    .update(t.shipments)
    .set({ trackedAt: new Date() })
    .where(
      inArray(
        t.shipments.orderNumber,
        rows.map((r) => r.orderNumber),
      ),
    );
  let moved = 0;
  for (const row of rows) {
    const state = states.get(row.shipmentId);
    if (!state) continue;
    const number = row.orderNumber;
    const tracking = state.tracking || row.tracking;
    const labelUrl =
      row.labelUrl === '' && row.status !== 'paga'
        ? await provider.print(row.shipmentId).catch(() => '')
        : row.labelUrl;
    await db
      .update(t.shipments)
      .set({ tracking, labelUrl, updatedAt: new Date() })
      .where(eq(t.shipments.orderNumber, number));
    if (state.status === 'postado' || state.status === 'entregue') {
      if (await moveOrder(ctx, number, 'shipped', row.carrier, tracking)) moved++;
      if (row.status !== 'postada' && row.status !== 'entregue')
        await db
          .update(t.shipments)
          .set({ status: 'postada', postedAt: state.postedAt ?? new Date() })
          .where(eq(t.shipments.orderNumber, number));
    }
    if (state.status === 'entregue') {
      const at = state.deliveredAt ?? new Date();
      if (await moveOrder(ctx, number, 'delivered', row.carrier, tracking, at)) moved++;
      await db
        .update(t.shipments)
        .set({ status: 'entregue', deliveredAt: at })
        .where(eq(t.shipments.orderNumber, number));
    }
    if (state.status === 'cancelado' || state.status === 'nao_entregue')
      await db
        .update(t.shipments)
        .set({ status: state.status === 'cancelado' ? 'cancelada' : 'nao_entregue' })
        .where(eq(t.shipments.orderNumber, number));
  }
  return moved;
}

/** Move the order if it is not there yet (the team may have moved it by hand); e-mail its buyer. */
async function moveOrder(
  ctx: TrackingContext,
  number: number,
  to: 'shipped' | 'delivered',
  carrier: string,
  trackingCode: string,
  at?: Date,
): Promise<boolean> {
  const [order] = await ctx.db
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  const from = to === 'shipped' ? 'paid' : 'shipped';
  if (order?.status !== from) return false;
  await changeStatus(ctx.db, number, to, {
    actor: CARRIER_ACTOR,
    expected: from,
    carrier,
    trackingCode,
    tell: ctx.tell,
  });
  // The carrier's date, not the moment the store read it.
  if (at && at.getTime() < Date.now()) {
    const [event] = await ctx.db
      .select({ id: t.orderEvents.id })
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderNumber, number), eq(t.orderEvents.status, to)))
      .orderBy(desc(t.orderEvents.id))
      .limit(1);
    if (event) await ctx.db.update(t.orderEvents).set({ at }).where(eq(t.orderEvents.id, event.id));
  }
  await toldWithoutQueue(ctx, number, { aviso: to });
  return true;
}
