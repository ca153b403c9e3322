// What shoppers ask under the law: withdrawing from a purchase (CDC art. 49) and their rights as data subjects
// (LGPD art. 18): each request kept with its deadline until the team ends it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A buyer's withdrawal from an order (direito de arrependimento), one per order. The team chooses when the money
 * goes back (`refundWhen`: `agora`, or `na_devolucao` once the goods are back), and the refund goes through the
 * refund ledger (payments/refund.ts); `refundedAt` is when it was asked there, `closedAt` when the request ended.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    orderNumber: integer('order_number').primaryKey(),
    customerId: integer('customer_id').notNull(),
    /** What the buyer wrote (optional; the right needs no reason). */
    reason: text().notNull().default(''),
    requestedAt: timestamp('requested_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    /** '' until the team chooses; `agora` or `na_devolucao`. */
    refundWhen: text('refund_when').notNull().default(''),
    decidedBy: text('decided_by').notNull().default(''),
    goodsBackAt: timestamp('goods_back_at', { mode: 'date', withTimezone: true }),
    refundedAt: timestamp('refunded_at', { mode: 'date', withTimezone: true }),
    closedAt: timestamp('closed_at', { mode: 'date', withTimezone: true }),
    /** When the returned units went back on the shelf (the team's choice when the goods came back). */
    restockedAt: timestamp('restocked_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    index('withdrawals_open_idx')
      .on(t.requestedAt)
      .where(sql`${t.closedAt} is null`),
  ],
);

/**
 * A customer's request to have their account deleted (LGPD art. 18, VI), answered within 15 days: `aberta`,
 * then `concluida` (the account anonymised, orders kept as tax law requires) or `recusada` (with the reason the
 * customer is told). At most one open per customer.
 */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: serial().primaryKey(),
    customerId: integer('customer_id').notNull(),
    status: text().notNull().default('aberta'),
    requestedAt: timestamp('requested_at', { mode: 'date', withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { mode: 'date', withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { mode: 'date', withTimezone: true }),
    decidedBy: text('decided_by').notNull().default(''),
    /** Why the team refused (told to the customer); '' otherwise. */
    reason: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('deletion_requests_open_idx')
      .on(t.customerId)
      .where(sql`${t.status} = 'aberta'`),
  ],
);
