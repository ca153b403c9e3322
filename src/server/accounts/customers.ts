import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { PlatformError } from '../errors.ts';

export type Customer = typeof t.customers.$inferSelect;

/** The customer logged in on a session, if any. */
export async function sessionCustomer(db: Db, session: string): Promise<Customer | undefined> {
  const [row] = await db
    .select({ customer: t.customers })
    .from(t.sessions)
    .innerJoin(t.customers, eq(t.customers.id, t.sessions.customerId))
    .where(eq(t.sessions.id, session));
  return row?.customer;
}

/** The session's customer, or a 401 with the platform's Portuguese message. */
export async function requireCustomer(db: Db, session: string, mensagem: string): Promise<Customer> {
  const customer = await sessionCustomer(db, session);
  if (!customer) throw new PlatformError(401, 'login_required', mensagem);
  return customer;
}
