// One concern: an NF-e issued elsewhere (the store's ERP) attached to its order: read from its authorised XML
// (nfe-xml.ts), and refused when it is not this order's, or already another order's.
import { and, eq, ne, sql } from 'drizzle-orm';
import { documentKey } from '#/contract/documents.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { PAID } from './invoices.ts';
import { readAuthorisedXml } from './nfe-xml.ts';
import type { ReadInvoice } from './nfe-xml.ts';

const refuse = (message: string) => new PlatformError(422, 'invoice_refused', message);

/**
 * Attach the authorised XML of an NF-e issued elsewhere to paid order `number`: refused when it is another
 * company's, another buyer's, of another total, or when the order already has an NF-e that stands.
 */
export async function attachInvoice(
  db: Db,
  number: number,
  xml: string,
  actor: string,
): Promise<ReadInvoice> {
  const [row] = await db
    .select({ status: t.orders.status, total: t.orders.total, document: t.customers.document })
    .from(t.orders)
    .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
    .where(eq(t.orders.number, number));
  if (!row) throw new PlatformError(404, 'not_found', 'Pedido não encontrado.');
  if (!PAID.includes(row.status))
    throw new PlatformError(409, 'invoice_refused', `O pedido ${String(number)} ainda não foi pago.`);
  const read = readAuthorisedXml(xml);
  const store = documentKey((await loadSettings(db)).dadosSite.cnpj);
  if (read.issuer !== store)
    throw refuse(`A NF-e foi emitida por outro CNPJ (${read.issuer}), não pelo da loja.`);
  if (read.buyer !== documentKey(row.document))
    throw refuse('O destinatário da NF-e não é o comprador deste pedido (CPF/CNPJ diferente).');
  if (Math.round(read.total * 100) !== Math.round(row.total * 100))
    throw refuse(`O total da NF-e (${read.total.toFixed(2)}) não é o do pedido (${row.total.toFixed(2)}).`);
  const authorizedAt = new Date(read.issuedAt);
  const values = {
    provider: 'erp',
    status: 'autorizada',
    number: read.number,
    series: read.series,
    accessKey: read.key,
    danfeUrl: '',
    xmlUrl: '',
    xml,
    reason: '',
    actor,
    authorizedAt: Number.isNaN(authorizedAt.getTime()) ? new Date() : authorizedAt,
    updatedAt: new Date(),
  };
  const saved = await db.transaction(async (tx) => {
    // An access key belongs to one order: attaching it is serialised per key, and refused where it stands.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`nfe:${read.key}`}))`);
    const [elsewhere] = await tx
      .select({ order: t.invoices.orderNumber })
      .from(t.invoices)
      .where(and(eq(t.invoices.accessKey, read.key), ne(t.invoices.orderNumber, number)));
    if (elsewhere)
      throw new PlatformError(
        409,
        'invoice_refused',
        `Esta NF-e (chave ${read.key}) já está no pedido ${String(elsewhere.order)}: uma nota é de um pedido só.`,
      );
    return tx
      .insert(t.invoices)
      .values({ orderNumber: number, ...values })
      .onConflictDoUpdate({
        target: t.invoices.orderNumber,
        set: values,
        // A cancelled or refused note may be replaced by one issued elsewhere; a standing one may not.
        setWhere: sql`${t.invoices.status} in ('recusada', 'cancelada')`,
      })
      .returning({ n: t.invoices.orderNumber });
  });
  if (saved.length === 0)
    throw new PlatformError(
      409,
      'invoice_refused',
      'Este pedido já tem uma NF-e autorizada ou em processamento.',
    );
  return read;
}

/** The XML kept for an order's NF-e attached from an ERP (undefined: none kept by the store). */
export async function keptXml(db: Db, number: number): Promise<string | undefined> {
  const [row] = await db
    .select({ xml: t.invoices.xml })
    .from(t.invoices)
    .where(eq(t.invoices.orderNumber, number));
  if (!row || row.xml === '') return undefined;
  return row.xml;
}
