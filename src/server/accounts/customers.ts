import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { PlatformError } from '../errors.ts';
import { activeLogin } from './sessions.ts';

export type Customer = typeof t.customers.$inferSelect;

/** The customer logged in on a session, if the login is still active (see sessions.ts). */
export async function sessionCustomer(db: Db, session: string): Promise<Customer | undefined> {
  const customerId = await activeLogin(db, session);
  if (customerId === undefined) return undefined;
  const [customer] = await db.select().from(t.customers).where(eq(t.customers.id, customerId));
  return customer;
}

/** The session's customer, or a 401 with the platform's Portuguese message. */
export async function requireCustomer(db: Db, session: string, mensagem: string): Promise<Customer> {
  const customer = await sessionCustomer(db, session);
  if (!customer) throw new PlatformError(401, 'login_required', mensagem);
  return customer;
}
