// One concern: what a label needs of an order (who sends, who receives, what goes, the NF-e key), or what the
// team must fill in first.
import { eq } from 'drizzle-orm';
import { documentKey } from '#/contract/documents.ts';
import type { Frete } from '#/contract/shipping.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { ParcelAddress, ParcelItem } from './provider.ts';

/** What a label needs of an order: who sends, who receives, what goes, the NF-e key; or what is missing. */
export async function parcelOf(
  db: Db,
  number: number,
): Promise<
  | { from: ParcelAddress; to: ParcelAddress; items: ParcelItem[]; invoiceKey: string; status: string }
  | { missing: string[]; status: string }
  | undefined
> {
  const [row] = await db
    .select({ order: t.orders, customer: t.customers, key: t.invoices.accessKey, nfe: t.invoices.status })
    .from(t.orders)
    .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
    .leftJoin(t.invoices, eq(t.invoices.orderNumber, t.orders.number))
    .where(eq(t.orders.number, number));
  if (!row) return undefined;
  const { order, customer } = row;
  const status = order.status;
  const missing: string[] = [];
  if ((order.shipping as Frete).tipo === 'retirada')
    return { missing: ['Pedido para retirar na loja: não vai por transportadora.'], status };
  if (row.nfe !== 'autorizada' || !row.key)
    missing.push('A NF-e autorizada: a transportadora só leva a encomenda com a chave da nota.');
  const settings = await loadSettings(db);
  const sender = settings.dadosSite.remessa;
  if (!sender?.cep || !sender.logradouro || !sender.cidade)
    missing.push('O endereço de remessa da loja, em Configurações.');
  const lines = await db
    .select({ line: t.orderItems, v: t.variants })
    .from(t.orderItems)
    .leftJoin(t.variants, eq(t.variants.id, t.orderItems.variantId))
    .where(eq(t.orderItems.orderNumber, number))
    .orderBy(t.orderItems.position);
  const items: ParcelItem[] = [];
  for (const { line, v } of lines) {
    if (!v?.weightGrams || !v.heightCm || !v.widthCm || !v.lengthCm) {
      missing.push(
        `O peso e as medidas da embalagem de ${line.name} (SKU ${line.sku}), na página do produto.`,
      );
      continue;
    }
    items.push({
      id: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      weightGrams: v.weightGrams,
      heightCm: v.heightCm,
      widthCm: v.widthCm,
      lengthCm: v.lengthCm,
    });
  }
  if (missing.length > 0 || !sender) return { missing, status };
  const to = order.address;
  return {
    status,
    invoiceKey: row.key ?? '',
    items,
    from: {
      name: settings.nomeLoja,
      phone: settings.dadosSite.telefone,
      email: settings.emailContato.email,
      document: documentKey(settings.dadosSite.cnpj),
      stateRegistration: (settings.dadosSite.inscricaoEstadual ?? '').replace(/\D/g, ''),
      street: sender.logradouro,
      number: sender.numero,
      complement: sender.complemento,
      district: sender.bairro,
      city: sender.cidade,
      uf: sender.uf,
      cep: sender.cep,
    },
    to: {
      name: to.nome || customer.name,
      phone: customer.phone,
      email: customer.email,
      document: customer.document,
      stateRegistration: customer.stateRegistration === 'ISENTO' ? '' : customer.stateRegistration,
      street: to.logradouro,
      number: to.numero,
      complement: to.complemento,
      district: to.bairro,
      city: to.cidade,
      uf: to.uf,
      cep: to.cep,
    },
  };
}
