import { eq, or } from 'drizzle-orm';
import type { Address } from '#/contract/address.ts';
import { documentKey } from '#/contract/documents.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { activeLogin } from './sessions.ts';

export type Customer = typeof t.customers.$inferSelect;

const NO_ADDRESS: Address = {
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  uf: '',
};

/** The account's own address; every part empty that the customer has not given (accounts made by staff). */
export const accountAddressOf = (customer: Customer): Address => ({ ...NO_ADDRESS, ...customer.address });

/** How the store greets a customer: the first word of the name. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/** The customer logged in on a session, if the login is still active (see sessions.ts). */
export async function sessionCustomer(db: Db, session: string): Promise<Customer | undefined> {
  const customerId = await activeLogin(db, session);
  if (customerId === undefined) return undefined;
  const [customer] = await db.select().from(t.customers).where(eq(t.customers.id, customerId));
  return customer;
}

/**
 * Lock the customer's row until the transaction ends: changes to one customer's orders or addresses then
 * happen one at a time (a double click waits for the first, a count cannot be raced past its limit).
 */
export async function lockCustomer(tx: Db, customerId: number): Promise<void> {
  await tx
    .select({ id: t.customers.id })
    .from(t.customers)
    .where(eq(t.customers.id, customerId))
    .for('update');
}

/** The session's customer, or a 401 with the platform's Portuguese message. */
export async function requireCustomer(db: Db, session: string, mensagem: string): Promise<Customer> {
  const customer = await sessionCustomer(db, session);
  if (!customer) throw new PlatformError(401, 'login_required', mensagem);
  return customer;
}

/** The account a shopper names at login or recovery: an e-mail (any case), or a CPF/CNPJ (as typed, letters too). */
export async function findByLogin(db: Db, usuario: string): Promise<Customer | undefined> {
  const document = documentKey(usuario);
  const [customer] = await db
    .select()
    .from(t.customers)
    .where(
      usuario.includes('@')
        ? eq(t.customers.email, usuario.toLowerCase())
        : eq(t.customers.document, document.length >= 11 ? document : '-'),
    );
  return customer;
}

/** Which of an e-mail and a document already has an account ('email' first), if either. */
export async function takenBy(
  db: Db,
  email: string,
  document: string,
): Promise<'email' | 'documento' | undefined> {
  const taken = await db
    .select({ email: t.customers.email })
    .from(t.customers)
    .where(or(eq(t.customers.email, email), eq(t.customers.document, document)));
  if (taken.length === 0) return undefined;
  return taken.some((r) => r.email === email) ? 'email' : 'documento';
}

/** The account's name, for a greeting. */
export const findCustomerName = (db: Db, id: number) =>
  db.select({ name: t.customers.name }).from(t.customers).where(eq(t.customers.id, id));

export type NewCustomer = Omit<typeof t.customers.$inferInsert, 'id' | 'createdAt' | 'internalSeller'>;

/** A new account; undefined when the e-mail or the document was taken meanwhile. */
export async function createCustomer(db: Db, customer: NewCustomer): Promise<number | undefined> {
  const [created] = await db
    .insert(t.customers)
    .values(customer)
    .onConflictDoNothing()
    .returning({ id: t.customers.id });
  return created?.id;
}

/**
 * What a customer may change in the profile: name, phone, offers and address, and a company's state
 * registration (a person's stays empty).
 */
export async function updateProfile(
  db: Db,
  customer: Pick<Customer, 'id' | 'pessoa'>,
  profile: { name: string; phone: string; optin: boolean; address: Address; stateRegistration: string },
): Promise<void> {
  const { stateRegistration, ...rest } = profile;
  await db
    .update(t.customers)
    .set({ ...rest, ...(customer.pessoa === 'J' ? { stateRegistration } : {}) })
    .where(eq(t.customers.id, customer.id));
}
