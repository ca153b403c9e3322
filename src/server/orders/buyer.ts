// One concern: who placed an order, and how it was to be paid: what the buyer's e-mails are written from (the
// order's own mail and the rights' mail both read it here, so neither imports the other).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';

/** The buyer of an order: their account, e-mail, name and how the order is paid. */
export async function buyerOf(db: Db, number: number) {
  const [row] = await db
    .select({
      customerId: t.orders.customerId,
      email: t.customers.email,
      name: t.customers.name,
      payment: t.orders.payment,
      /** False for an account the team made with an order by hand: it has no password yet. */
      hasPassword: sql<boolean>`${t.customers.passwordHash} <> ''`,
    })
    .from(t.orders)
    .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
    .where(eq(t.orders.number, number));
  return row;
}
