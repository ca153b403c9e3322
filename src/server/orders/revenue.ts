// One concern: what the store counts as money taken, the same for a customer's total and the dashboard: the
// orders paid (paid, shipped or delivered), less the refunds of their own payment their providers confirmed.
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

/** The order's contribution to revenue: its total less its confirmed refunds when paid, else nothing. */
export const revenueOfOrder: SQL<number> = sql<number>`case when ${isPaid} then ${t.orders.total} - ${refundedOfOrder} else 0 end`;
