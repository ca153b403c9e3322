// One concern: the store's customers as the team sees them: the searchable list with what each has spent,
// one customer with contacts, addresses, orders and consents, and the list as a spreadsheet.
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { documentKey, formatDocument, formatPhone } from '#/contract/documents.ts';
import { orderPaymentOf, STATUS_LABELS } from '#/contract/order.ts';
import { CUSTOMER_EXPORT_MAX, CUSTOMERS_PER_PAGE } from '#/contract/staff-customers.ts';
import type {
  ClienteResumo,
  CustomerDetail,
  CustomerList,
  CustomerQuery,
} from '#/contract/staff-customers.ts';
import type { Address } from '#/contract/address.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { notFound } from '#/server/errors.ts';
import { likeLiteral } from '#/server/lib/text.ts';
import { revenueOfOrder } from '#/server/orders/revenue.ts';
import { toSituacao } from '#/server/orders/status.ts';

/** Each customer's orders, money and last order, one grouped pass over the orders. */
const totals = (db: Db) =>
  db
    .select({
      customerId: t.orders.customerId,
      orders: sql<number>`count(*)::int`.as('orders'),
      spent: sql<string>`coalesce(sum(${revenueOfOrder}), 0)`.as('spent'),
      last: sql<Date | null>`max(${t.orders.placedAt})`.as('last'),
    })
    .from(t.orders)
    .groupBy(t.orders.customerId)
    .as('totals');

function filters(query: CustomerQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.pessoa) where.push(eq(t.customers.pessoa, query.pessoa));
  if (query.q) {
    const text = `%${likeLiteral(query.q)}%`;
    const digits = query.q.replace(/\D/g, '');
    const key = documentKey(query.q);
    const any: SQL[] = [ilike(t.customers.name, text), ilike(t.customers.email, text)];
    // A document by its key (a CNPJ may carry letters: "12.abc" → "12ABC"), a phone by its digits, however
    // either was typed ("(19) 99876-5432").
    if (key.length >= 4 && /\d/.test(key)) any.push(sql`${t.customers.document} like ${`%${key}%`}`);
    if (digits.length >= 4)
      any.push(sql`regexp_replace(${t.customers.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
    where.push(or(...any));
  }
  return and(...where);
}

function matching(db: Db, query: CustomerQuery, only?: SQL) {
  const sums = totals(db);
  const spent = sql<number>`coalesce(${sums.spent}, 0)`;
  const order = {
    recentes: [desc(t.customers.createdAt), desc(t.customers.id)],
    'maior-gasto': [desc(spent), desc(t.customers.id)],
    nome: [asc(t.customers.name), asc(t.customers.id)],
  }[query.ordem];
  return db
    .select({
      customer: t.customers,
      orders: sql<number>`coalesce(${sums.orders}, 0)::int`,
      spent: sql<string>`${spent}`,
      last: sums.last,
    })
    .from(t.customers)
    .leftJoin(sums, eq(sums.customerId, t.customers.id))
    .where(only ?? filters(query))
    .orderBy(...order);
}

type Matched = Awaited<ReturnType<typeof matching>>[number];

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function summaryOf({ customer, orders, spent, last }: Matched): ClienteResumo {
  const address = customer.address;
  return {
    id: customer.id,
    nome: customer.name,
    email: customer.email,
    pessoa: customer.pessoa === 'J' ? 'J' : 'F',
    documento: formatDocument(customer.document),
    telefone: formatPhone(customer.phone),
    cidade: address.cidade ?? '',
    uf: address.uf ?? '',
    pedidos: orders,
    totalGasto: Number(spent),
    ultimoPedido: isoOrNull(last),
    criadoEm: customer.createdAt.toISOString(),
  };
}

/** A page of the customers that match, newest first (or by what they spent, or by name). */
export async function listCustomers(db: Db, query: CustomerQuery): Promise<CustomerList> {
  const [rows, [counted]] = await Promise.all([
    matching(db, query)
      .offset((query.pagina - 1) * CUSTOMERS_PER_PAGE)
      .limit(CUSTOMERS_PER_PAGE),
    db.select({ n: count() }).from(t.customers).where(filters(query)),
  ]);
  const total = counted?.n ?? 0;
  return {
    clientes: rows.map(summaryOf),
    total,
    pagina: query.pagina,
    paginas: Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE)),
  };
}

/** Every customer that matches (up to CUSTOMER_EXPORT_MAX), with what they agreed to receive. */
export async function exportCustomers(db: Db, query: CustomerQuery) {
  const rows = await matching(db, query).limit(CUSTOMER_EXPORT_MAX + 1);
  const shown = rows.slice(0, CUSTOMER_EXPORT_MAX);
  const emails = shown.map((r) => r.customer.email);
  const subscribed = new Set(
    emails.length === 0
      ? []
      : (
          await db
            .select({ email: t.newsletterSubscribers.email })
            .from(t.newsletterSubscribers)
            .where(sql`${t.newsletterSubscribers.email} = any(${sql.param(emails)}::text[])`)
        ).map((r) => r.email),
  );
  return {
    truncado: rows.length > CUSTOMER_EXPORT_MAX,
    clientes: shown.map((row) => ({
      ...summaryOf(row),
      ofertasPorEmail: row.customer.optin,
      newsletter: subscribed.has(row.customer.email),
    })),
  };
}

/** An address's lines as a label shows them. */
function lines(a: Partial<Address>): string[] {
  const street = [a.logradouro, a.numero].filter(Boolean).join(', ');
  return [
    [street, a.complemento].filter(Boolean).join(' – '),
    [a.bairro, [a.cidade, a.uf].filter(Boolean).join(' – ')].filter(Boolean).join(', '),
    a.cep ? `CEP ${a.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : '',
  ].filter(Boolean);
}

/** One customer: contacts, the account's and delivery addresses, every order, consents. */
export async function customerDetail(db: Db, id: number): Promise<CustomerDetail> {
  const [row] = await matching(
    db,
    { q: undefined, pessoa: undefined, ordem: 'recentes', pagina: 1 },
    eq(t.customers.id, id),
  ).limit(1);
  if (!row) throw notFound('Cliente não encontrado.');
  const { customer } = row;
  const [addresses, orders, [subscription]] = await Promise.all([
    db
      .select()
      .from(t.customerAddresses)
      .where(eq(t.customerAddresses.customerId, id))
      .orderBy(asc(t.customerAddresses.id)),
    db
      .select({
        number: t.orders.number,
        placedAt: t.orders.placedAt,
        status: t.orders.status,
        payment: t.orders.payment,
        total: t.orders.total,
      })
      .from(t.orders)
      .where(eq(t.orders.customerId, id))
      .orderBy(desc(t.orders.placedAt), desc(t.orders.number)),
    db
      .select({ since: t.newsletterSubscribers.createdAt })
      .from(t.newsletterSubscribers)
      .where(eq(t.newsletterSubscribers.email, customer.email)),
  ]);
  const own = lines(customer.address);
  return {
    cliente: {
      ...summaryOf(row),
      nascimento: customer.birthDate,
      vendedorInterno: customer.internalSeller,
    },
    enderecos: [
      ...(own.length > 0 ? [{ rotulo: 'Endereço do cadastro', linhas: own }] : []),
      ...addresses.map((a) => ({
        rotulo: `Entrega: ${a.recipient || customer.name}`,
        linhas: lines({
          cep: a.cep,
          logradouro: a.street,
          numero: a.number,
          complemento: a.complement,
          bairro: a.district,
          cidade: a.city,
          uf: a.uf,
        }),
      })),
    ],
    pedidos: orders.map((o) => {
      const situacao = toSituacao(o.status);
      return {
        numero: o.number,
        criadoEm: o.placedAt.toISOString(),
        situacao,
        situacaoLabel: STATUS_LABELS[situacao],
        pagamento: orderPaymentOf(o.payment),
        total: o.total,
      };
    }),
    consentimentos: {
      ofertasPorEmail: customer.optin,
      newsletterDesde: subscription ? subscription.since.toISOString() : null,
    },
  };
}
