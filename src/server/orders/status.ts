// One concern: how an order moves (paid, shipped, delivered, cancelled, expired) and its stock comes back.
import { and, eq, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Situacao } from '#/contract/order.ts';
import { refreshTotals } from '#/server/catalog/derived.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { returnUses } from '#/server/promotions/coupons.ts';

/** The server's names of the statuses (the contract's Portuguese ones are for the edge). */
export const STATUS = {
  awaiting_payment: 'aguardando_pagamento',
  paid: 'pago',
  shipped: 'enviado',
  delivered: 'entregue',
  cancelled: 'cancelado',
} as const satisfies Record<string, Situacao>;
export type Status = keyof typeof STATUS;

const statusOf = Object.fromEntries(Object.entries(STATUS).map(([k, v]) => [v, k])) as Record<
  Situacao,
  Status
>;
export const toStatus = (situacao: Situacao): Status => statusOf[situacao];
export const toSituacao = (status: string): Situacao =>
  status in STATUS ? STATUS[status as Status] : 'cancelado';

/** Where each status may go next. */
const NEXT: Record<Status, readonly Status[]> = {
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Put the units of these orders back on the shelf (one statement, whatever lines they share). */
export async function returnStock(db: Db, numbers: number[]): Promise<void> {
  if (numbers.length === 0) return;
  const lines = db
    .select({
      variantId: t.orderItems.variantId,
      units: sql<number>`sum(${t.orderItems.quantity})`.as('units'),
    })
    .from(t.orderItems)
    .where(inArray(t.orderItems.orderNumber, numbers))
    .groupBy(t.orderItems.variantId)
    .as('lines');
  await db
    .update(t.variants)
    .set({ stock: sql`${t.variants.stock} + ${lines.units}` })
    .from(lines)
    .where(eq(t.variants.id, lines.variantId));
  // Their products' own stock and price follow (listings sort and filter by them).
  const products = await db
    .selectDistinct({ id: t.variants.productId })
    .from(t.orderItems)
    .innerJoin(t.variants, eq(t.variants.id, t.orderItems.variantId))
    .where(inArray(t.orderItems.orderNumber, numbers));
  await refreshTotals(
    db,
    products.map((p) => p.id),
  );
}

/** Add (or, with -1, take back) an order's units to its products' sales, which "Mais vendidos" sorts by. */
export async function countSales(db: Db, number: number, sign: 1 | -1): Promise<void> {
  await db.execute(sql`
    update ${t.products} p set sales = greatest(0, p.sales + ${sign} * lines.units)
    from (select v.product_id, sum(i.quantity)::int as units
            from ${t.orderItems} i join ${t.variants} v on v.id = i.variant_id
           where i.order_number = ${number} group by v.product_id) lines
    where p.id = lines.product_id`);
}

/**
 * How long before a static-Pix order expires the team is reminded (staff/team-mail.ts), and how long after
 * the reminder such an order may be cancelled at the earliest: an order the team was never told about is
 * never cancelled.
 */
export const TEAM_NOTICE_MINUTES = 10;

/** Orders waiting for the team to confirm their payment: a Pix with no provider to confirm it. */
export const waitsForTeam = and(
  eq(t.orders.status, 'awaiting_payment'),
  eq(t.orders.provider, ''),
  eq(t.orders.payment, 'pix'),
);

/** Whether order `number` waits for the team to confirm its Pix now. */
export async function waitsForTeamNow(db: Db, number: number): Promise<boolean> {
  const rows = await db
    .select({ number: t.orders.number })
    .from(t.orders)
    .where(and(eq(t.orders.number, number), waitsForTeam));
  return rows.length > 0;
}

/** A static-Pix order whose team has not had its reminder for TEAM_NOTICE_MINUTES yet: not cancelled. */
const teamNotToldYet = and(
  waitsForTeam,
  or(
    isNull(t.orders.teamRemindedAt),
    sql`${t.orders.teamRemindedAt} > now() - ${`${String(TEAM_NOTICE_MINUTES)} minutes`}::interval`,
  ),
);

/**
 * Cancel the unpaid orders whose time to pay has passed (all of them, or only `numbers`), and return
 * their stock; an order waiting for the team to confirm its Pix only once the team has been reminded. Safe with many instances at once: each order changes status in one conditional UPDATE, so
 * only one of them returns its stock. Returns the numbers it cancelled.
 */
export async function expireOrders(db: Db, numbers?: number[]): Promise<number[]> {
  return inTransaction(db, async (tx) => {
    const expired = await tx
      .update(t.orders)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(t.orders.status, 'awaiting_payment'),
          lt(t.orders.expiresAt, sql`now()`),
          not(teamNotToldYet ?? sql`false`),
          numbers ? inArray(t.orders.number, numbers) : undefined,
        ),
      )
      .returning({ number: t.orders.number });
    const cancelled = expired.map((o) => o.number);
    if (cancelled.length === 0) return [];
    await returnStock(tx, cancelled);
    await returnUses(tx, cancelled);
    await tx
      .insert(t.orderEvents)
      .values(cancelled.map((orderNumber) => ({ orderNumber, status: 'cancelled' })));
    return cancelled;
  });
}

/** Who moves an order and what they saw: `expected` is the status their page showed (absent: any). */
export type StatusChange = {
  actor: string;
  expected?: Status | undefined;
  /** For `shipped`: the carrier and tracking code the buyer is told. */
  carrier?: string | undefined;
  trackingCode?: string | undefined;
  /** Tell the buyer of the move: written in its transaction (orders/notices.ts' TellOrder). */
  tell?: ((tx: Db, number: number, notice: { aviso: Status }) => Promise<void>) | undefined;
};

/**
 * Move an order to `to` (staff: paid, shipped, delivered, cancelled). A move the order's status does not
 * allow, or an order no longer in the `expected` status, is a 409 in Portuguese and changes nothing;
 * cancelling returns the stock. Returns the status it left.
 */
export async function changeStatus(
  db: Db,
  number: number,
  to: Status,
  change: StatusChange,
): Promise<Status> {
  await expireOrders(db, [number]);
  return inTransaction(db, (tx) => moveInTransaction(tx, number, to, change));
}

/**
 * The same move inside the caller's transaction (a refund moves the order with its money): the order's row is
 * locked until the caller commits, so a move made at the same moment by someone else waits, then finds it moved.
 */
export async function moveInTransaction(
  tx: Db,
  number: number,
  to: Status,
  change: StatusChange,
): Promise<Status> {
  const [order] = await tx
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.number, number))
    .for('update');
  if (!order) throw notFound('Pedido não encontrado.');
  const from = order.status as Status;
  if (change.expected && change.expected !== from)
    throw new PlatformError(
      409,
      'stale_status',
      `O pedido ${String(number)} mudou desde que a página foi aberta: agora está "${STATUS[from]}". Nada foi alterado.`,
    );
  if (!NEXT[from].includes(to))
    throw new PlatformError(
      409,
      'invalid_status_change',
      `O pedido ${String(number)} está "${STATUS[from]}" e não pode passar a "${STATUS[to]}".`,
    );
  await tx
    .update(t.orders)
    .set({
      status: to,
      ...(to === 'shipped' ? { carrier: change.carrier ?? '', trackingCode: change.trackingCode ?? '' } : {}),
    })
    .where(eq(t.orders.number, number));
  if (to === 'cancelled') {
    await returnStock(tx, [number]);
    await returnUses(tx, [number]);
  }
  // "Mais vendidos" counts what was sold: units count once paid, and stop counting if the sale is undone.
  if (to === 'paid') await countSales(tx, number, 1);
  if (to === 'cancelled' && from === 'paid') await countSales(tx, number, -1);
  await tx.insert(t.orderEvents).values({ orderNumber: number, status: to, actor: change.actor });
  await change.tell?.(tx, number, { aviso: to });
  return from;
}

/** Where an order in `status` may go next. */
export const nextStatuses = (status: Status): readonly Status[] => NEXT[status];

/**
 * Correct the carrier and code of an order already shipped (or delivered); answers what they were. An order
 * not shipped yet is a 409 (it gets them when it is marked shipped).
 */
export async function changeTracking(
  db: Db,
  number: number,
  tracking: { carrier: string; trackingCode: string },
): Promise<{ carrier: string; trackingCode: string }> {
  return inTransaction(db, async (tx) => {
    const [order] = await tx
      .select({ status: t.orders.status, carrier: t.orders.carrier, trackingCode: t.orders.trackingCode })
      .from(t.orders)
      .where(eq(t.orders.number, number))
      .for('update');
    if (!order) throw notFound('Pedido não encontrado.');
    if (order.status !== 'shipped' && order.status !== 'delivered')
      throw new PlatformError(
        409,
        'invalid_status_change',
        `O pedido ${String(number)} ainda não foi enviado: o rastreio vai junto com "Marcar como enviado".`,
      );
    await tx.update(t.orders).set(tracking).where(eq(t.orders.number, number));
    return { carrier: order.carrier, trackingCode: order.trackingCode };
  });
}

/** Whether the order is collected at a pickup point (nothing is carried, so no tracking). */
export async function isPickup(db: Db, number: number): Promise<boolean> {
  const [row] = await db
    .select({ shipping: t.orders.shipping })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  return (row?.shipping as { tipo?: string } | undefined)?.tipo === 'retirada';
}
