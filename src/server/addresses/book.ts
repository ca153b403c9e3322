// The address book: a customer's delivery addresses. The account's own address (id 0) lives on the customer
// row and changes with the profile; the others are added at the checkout, up to MAX_ADDRESSES.
import { and, asc, count, eq } from 'drizzle-orm';
import { ACCOUNT_ADDRESS, MAX_ADDRESSES } from '#/contract/account.ts';
import type { Endereco } from '#/contract/account.ts';
import type { OrderAddress } from '#/contract/address.ts';
import { accountAddressOf, lockCustomer } from '#/server/accounts/customers.ts';
import type { Customer } from '#/server/accounts/customers.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest, notFound, PlatformError } from '#/server/errors.ts';

type Row = typeof t.customerAddresses.$inferSelect;
export type NewAddress = Omit<Endereco, 'id'>;

/** The account's own address, as the profile saved it (id 0). */
function accountAddress(customer: Customer): Endereco {
  return { id: ACCOUNT_ADDRESS, destinatario: '', ...accountAddressOf(customer) };
}

const fromRow = (row: Row): Endereco => ({
  id: row.id,
  destinatario: row.recipient,
  cep: row.cep,
  logradouro: row.street,
  numero: row.number,
  complemento: row.complement,
  bairro: row.district,
  cidade: row.city,
  uf: row.uf,
});

const ownedBy = (customerId: number, id: number) =>
  and(eq(t.customerAddresses.customerId, customerId), eq(t.customerAddresses.id, id));

/** Every delivery address of the customer: the account's first, then the added ones, oldest first. */
export async function listAddresses(db: Db, customer: Customer): Promise<Endereco[]> {
  const rows = await db
    .select()
    .from(t.customerAddresses)
    .where(eq(t.customerAddresses.customerId, customer.id))
    .orderBy(asc(t.customerAddresses.id));
  return [accountAddress(customer), ...rows.map(fromRow)];
}

/**
 * Add a delivery address; the same address sent again (a double click, a replayed form) answers the one
 * already kept. Past MAX_ADDRESSES the customer is asked to remove one first (409).
 */
export async function addAddress(db: Db, customer: Customer, address: NewAddress): Promise<Endereco> {
  return inTransaction(db, async (tx) => {
    // One change to a customer's addresses at a time: the count below cannot be raced past the limit.
    await lockCustomer(tx, customer.id);
    const same = (await listAddresses(tx, customer)).find(
      (kept) =>
        kept.id !== ACCOUNT_ADDRESS &&
        (Object.keys(address) as (keyof NewAddress)[]).every((key) => kept[key] === address[key]),
    );
    if (same) return same;
    const [counted] = await tx
      .select({ n: count() })
      .from(t.customerAddresses)
      .where(eq(t.customerAddresses.customerId, customer.id));
    if ((counted?.n ?? 0) >= MAX_ADDRESSES)
      throw new PlatformError(
        409,
        'addresses_full',
        `Você já tem ${String(MAX_ADDRESSES)} endereços além do da conta: remova um para adicionar outro.`,
      );
    const [row] = await tx
      .insert(t.customerAddresses)
      .values({
        customerId: customer.id,
        recipient: address.destinatario,
        cep: address.cep,
        street: address.logradouro,
        number: address.numero,
        complement: address.complemento,
        district: address.bairro,
        city: address.cidade,
        uf: address.uf,
      })
      .returning();
    if (!row) throw new Error('address insert returned nothing');
    return fromRow(row);
  });
}

/** Remove an added address; the account's own, someone else's or none is a 404. */
export async function removeAddress(db: Db, customerId: number, id: number): Promise<void> {
  const gone = await db
    .delete(t.customerAddresses)
    .where(ownedBy(customerId, id))
    .returning({ id: t.customerAddresses.id });
  if (gone.length === 0) throw notFound('Endereço não encontrado.');
}

/** The address an order goes to: the account's (0) or one of the customer's own; anything else is a 400. */
export async function deliveryAddress(db: Db, customer: Customer, id: number): Promise<OrderAddress> {
  let chosen: Endereco | undefined;
  if (id === ACCOUNT_ADDRESS) chosen = accountAddress(customer);
  else {
    const [row] = await db.select().from(t.customerAddresses).where(ownedBy(customer.id, id));
    chosen = row && fromRow(row);
  }
  if (!chosen) throw badRequest('Este endereço de entrega não está mais na sua conta: escolha outro.');
  const { id: _id, destinatario, ...address } = chosen;
  return { nome: destinatario || customer.name, ...address };
}
