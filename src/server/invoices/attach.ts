// One concern: an NF-e issued elsewhere (the store's ERP) attached to its order: read from its authorised XML,
// and refused when it is not this order's.
import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { documentKey } from '#/contract/documents.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { PAID } from './invoices.ts';

/** What the store reads of an authorised NF-e (`nfeProc`: the NF-e and the SEFAZ's protocol). */
export type ReadInvoice = {
  key: string;
  number: string;
  series: string;
  issuedAt: string;
  total: number;
  issuer: string;
  buyer: string;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
});

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

const refuse = (message: string) => new PlatformError(422, 'invoice_refused', message);

/** The authorised NF-e in `xml`, or a 422 saying in Portuguese what is wrong with it. */
export function readAuthorisedXml(xml: string): ReadInvoice {
  let doc: Node;
  try {
    doc = node(parser.parse(xml));
  } catch {
    throw refuse('O arquivo não é um XML válido.');
  }
  const proc = node(doc['nfeProc']);
  const nfe = node(proc['NFe'] ?? doc['NFe']);
  const inf = node(nfe['infNFe']);
  const ide = node(inf['ide']);
  if (!inf['ide']) throw refuse('O XML não é de uma NF-e (falta o grupo infNFe).');
  if (text(ide['mod']) !== '55') throw refuse('O XML não é de uma NF-e modelo 55.');
  const prot = node(node(proc['protNFe'])['infProt']);
  const status = text(prot['cStat']);
  if (status !== '100' && status !== '150')
    throw refuse(
      'O XML não traz a autorização da SEFAZ (protNFe com cStat 100): anexe o XML autorizado (nfeProc).',
    );
  const key = text(prot['chNFe']) || text(inf['@Id']).replace(/^NFe/, '');
  if (!/^\d{44}$/.test(key)) throw refuse('A chave de acesso do XML não tem 44 dígitos.');
  const dest = node(inf['dest']);
  const emit = node(inf['emit']);
  const total = Number(text(node(node(inf['total'])['ICMSTot'])['vNF']));
  if (!Number.isFinite(total)) throw refuse('O XML não traz o valor total da nota (vNF).');
  return {
    key,
    number: text(ide['nNF']),
    series: text(ide['serie']),
    issuedAt: text(ide['dhEmi']),
    total,
    issuer: documentKey(text(emit['CNPJ']) || text(emit['CPF'])),
    buyer: documentKey(text(dest['CNPJ']) || text(dest['CPF'])),
  };
}

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
  const saved = await db
    .insert(t.invoices)
    .values({ orderNumber: number, ...values })
    .onConflictDoUpdate({
      target: t.invoices.orderNumber,
      set: values,
      // A cancelled or refused note may be replaced by one issued elsewhere; a standing one may not.
      setWhere: sql`${t.invoices.status} in ('recusada', 'cancelada')`,
    })
    .returning({ n: t.invoices.orderNumber });
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
