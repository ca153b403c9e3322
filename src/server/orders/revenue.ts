// One concern: what the store counts as money taken, the same for a customer's total and the dashboard: the
// orders paid (paid, shipped or delivered), less the refunds of their own payment their providers confirmed and
// the money a provider took back (a chargeback, a MED return) and did not give back.
// Money paid twice and given back (`pagamento_a_mais`) was never the order's: it neither adds nor takes off.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import * as t from '#/server/db/schema.ts';
import type { Status } from './status.ts';

/** The statuses of an order whose money the store has. */
export const PAID_STATUSES = ['paid', 'shipped', 'delivered'] as const satisfies readonly Status[];

/** Whether the order in `t.orders` is paid. */
export const isPaid: SQL = sql`${t.orders.status} in ('paid', 'shipped', 'delivered')`;

/** The refunds that give back the order's own payment (not a second payment it did not need). */
export const OWN_PAYMENT_REFUND = sql`${t.refunds.reason} <> 'pagamento_a_mais'`;

/** What the providers confirmed they gave back of the order's own payment in `t.orders` (0 when nothing). */
export const refundedOfOrder: SQL<number> = sql<number>`(select coalesce(sum(${t.refunds.amount}), 0) from ${t.refunds} where ${t.refunds.orderNumber} = ${t.orders.number} and ${t.refunds.status} = 'devolvido' and ${OWN_PAYMENT_REFUND})`;

/** The money a provider took back from the order in `t.orders` and did not give back (0 when none). */
export const takenBackOfOrder: SQL<number> = sql<number>`(select coalesce(sum(${t.takebacks.amount}), 0) from ${t.takebacks} where ${t.takebacks.orderNumber} = ${t.orders.number} and ${t.takebacks.status} <> 'recuperado')`;

/** What left the store of the order's payment: refunds confirmed, and money its provider took back. */
export const wentBackOfOrder: SQL<number> = sql<number>`(${refundedOfOrder} + ${takenBackOfOrder})`;

/** The order's contribution to revenue: its total less what went back when paid, else nothing. */
export const revenueOfOrder: SQL<number> = sql<number>`case when ${isPaid} then greatest(0, ${t.orders.total} - ${wentBackOfOrder}) else 0 end`;
