// One concern: an order's NF-e as the store can tell it (draft), or every field it lacks, said for the team.
import { asc, eq } from 'drizzle-orm';
import type { Address } from '#/contract/address.ts';
import { UFS } from '#/contract/account.ts';
import { documentKey } from '#/contract/documents.ts';
import { validGtin } from '#/contract/invoices.ts';
import type { Frete } from '#/contract/shipping.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { invoiceSettings } from '#/server/staff/store-config.ts';
import type { FiscalAddress, InvoiceDraft, InvoiceItem } from './provider.ts';

/** The NF-e's nature of the operation for every sale the store makes. */
export const NATURE = 'Venda de mercadoria';

const cents = (n: number) => Math.round(n * 100);
const reais = (c: number) => c / 100;

/** The UF at the end of the store's address ("…, Campinas – SP, 13035-000" → SP). */
export function ufOfAddress(address: string): string | undefined {
  const found = address.toUpperCase().match(/\b[A-Z]{2}\b/g) ?? [];
  return found.reverse().find((w) => (UFS as readonly string[]).includes(w));
}

/** Share `total` cents over `weights` in proportion, the rounding left on the largest share. */
function share(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const rest = total - parts.reduce((a, b) => a + b, 0);
  const largest = weights.indexOf(Math.max(...weights));
  parts[largest] = (parts[largest] ?? 0) + rest;
  return parts;
}

const fiscalAddress = (a: Partial<Address>): FiscalAddress => ({
  street: a.logradouro?.trim() ?? '',
  number: a.numero?.trim() ? a.numero.trim() : 'S/N',
  complement: a.complemento?.trim() ?? '',
  district: a.bairro?.trim() ?? '',
  city: a.cidade?.trim() ?? '',
  uf: a.uf?.trim().toUpperCase() ?? '',
  cep: (a.cep ?? '').replace(/\D/g, ''),
});

const PAYMENT_CODES = { cartao: '03', boleto: '15' } as const;

/**
 * The NF-e of order `number` as the store can tell it, or every field it lacks (each said with the product
 * and finish it belongs to, for the team to fill in). Unknown order: undefined.
 */
export async function invoiceDraft(
  db: Db,
  number: number,
  now = new Date(),
): Promise<{ draft: InvoiceDraft } | { missing: string[] } | undefined> {
  const [row] = await db
    .select({ order: t.orders, customer: t.customers })
    .from(t.orders)
    .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
    .where(eq(t.orders.number, number));
  if (!row) return undefined;
  const { order, customer } = row;
  const [lines, settings, fiscal] = await Promise.all([
    db
      .select({
        line: t.orderItems,
        ncm: t.variants.ncm,
        cest: t.variants.cest,
        origin: t.variants.origin,
        gtin: t.variants.gtin,
        finish: t.variants.finishLabel,
        ean: t.productDetails.ean,
      })
      .from(t.orderItems)
      .leftJoin(t.variants, eq(t.variants.id, t.orderItems.variantId))
      .leftJoin(t.productDetails, eq(t.productDetails.productId, t.orderItems.productId))
      .where(eq(t.orderItems.orderNumber, number))
      .orderBy(asc(t.orderItems.position)),
    loadSettings(db),
    invoiceSettings(db),
  ]);
  const missing: string[] = [];
  const site = settings.dadosSite;
  const issuerUf = ufOfAddress(site.endereco);
  if (!issuerUf) missing.push('O estado (UF) no endereço da loja, em Configurações.');
  const issuerIe = (site.inscricaoEstadual ?? '').replace(/\D/g, '');
  if (!/^\d{2,14}$/.test(issuerIe))
    missing.push(
      'A inscrição estadual da loja, em Configurações (quem vende mercadorias emite NF-e com ela).',
    );
  // CSOSN (what the store declares) is only for CRT 1 and 4; CRT 2 and 3 declare ICMS by CST (rejection 591).
  if (fiscal.regime === '3')
    missing.push(
      'Regime normal: a loja ainda não calcula ICMS, PIS e COFINS desse regime. Emita no seu ERP e anexe o XML autorizado ao pedido.',
    );
  if (fiscal.regime === '2')
    missing.push(
      'Simples Nacional com excesso de sublimite: o ICMS segue o regime normal (CST), que a loja ainda não calcula. Emita no seu ERP e anexe o XML autorizado ao pedido.',
    );

  const pickup = (order.shipping as Frete).tipo === 'retirada';
  const own = customer.address;
  const address = fiscalAddress(pickup && own.cep ? own : order.address);
  if (!address.street || !address.district || !address.city || !/^\d{8}$/.test(address.cep) || !address.uf)
    missing.push('O endereço completo do cliente (rua, bairro, cidade, UF e CEP).');

  const doc = documentKey(customer.document);
  const company = doc.length === 14;
  const ie = customer.stateRegistration;
  const ieIndicator: 1 | 2 | 9 = !company || ie === '' ? 9 : ie === 'ISENTO' ? 2 : 1;

  const weights = lines.map(({ line }) => cents(line.unitPrice) * line.quantity);
  const products = weights.reduce((a, b) => a + b, 0);
  // The freight declared is what the buyer was charged for carriage: a coupon off the shipping lowers the
  // freight, never becomes a discount on the goods (which could exceed an item's value: rejection 483).
  const charged = (order.shipping as Partial<Frete>).valor;
  const freight = cents(typeof charged === 'number' ? charged : order.shippingPrice);
  const total = cents(order.total);
  const discount = products + freight - total;
  if (discount < 0) missing.push('Os valores do pedido não fecham (total maior que produtos e frete).');
  if (discount > products)
    missing.push('Os valores do pedido não fecham (desconto maior que o valor dos produtos).');
  const discounts = share(Math.max(0, discount), weights);
  const freights = share(freight, weights);
  const interstate = issuerUf !== undefined && address.uf !== issuerUf;

  const items: InvoiceItem[] = lines.map(({ line, ncm, cest, origin, gtin, finish, ean }, i) => {
    const what = `${line.name}${finish ? ` (${finish}, SKU ${line.sku})` : ` (SKU ${line.sku})`}`;
    if (!ncm || !/^\d{8}$/.test(ncm)) missing.push(`O NCM de ${what}, na página do produto.`);
    const own = gtin ?? '';
    const barcode = own !== '' ? own : ean && validGtin(ean) ? ean : '';
    return {
      code: line.sku,
      description: line.name.slice(0, 120),
      cfop: interstate ? (ieIndicator === 9 ? '6108' : '6102') : '5102',
      ncm: ncm ?? '',
      cest: cest ?? '',
      gtin: barcode,
      origin: origin ?? 0,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      gross: reais(weights[i] ?? 0),
      discount: reais(discounts[i] ?? 0),
      freight: reais(freights[i] ?? 0),
    };
  });
  if (missing.length > 0) return { missing };

  const code =
    order.payment === 'pix'
      ? order.provider === ''
        ? '20'
        : '17'
      : PAYMENT_CODES[order.payment as keyof typeof PAYMENT_CODES];
  return {
    draft: {
      issuedAt: now,
      interstate,
      finalConsumer: ieIndicator === 9,
      issuer: {
        cnpj: documentKey(site.cnpj),
        name: site.razaoSocial,
        stateRegistration: issuerIe,
        regime: fiscal.regime,
      },
      buyer: {
        name: customer.name,
        ...(company ? { cnpj: doc } : { cpf: doc }),
        ieIndicator,
        ...(ieIndicator === 1 ? { stateRegistration: ie } : {}),
        email: customer.email,
        phone: customer.phone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, ''),
        address,
      },
      pickup,
      products: reais(products),
      discount: reais(Math.max(0, discount)),
      freight: reais(freight),
      total: reais(total),
      items,
      payments: [{ code, amount: reais(total) }],
    },
  };
}
