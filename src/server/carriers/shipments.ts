// One concern: an order's parcel through the store's shipping provider: the services quoted for it, the label
// bought once (resumed where it stopped, never twice), and where the parcel is, as the carrier reports it.
import { eq, sql } from 'drizzle-orm';
import { formatBRL } from '#/lib/money.ts';
import { documentKey } from '#/contract/documents.ts';
import type { Envio } from '#/contract/shipments.ts';
import type { Frete } from '#/contract/shipping.ts';
import { loadSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { ProviderError } from '#/server/payments/http.ts';
import type { CarrierQuote, ParcelAddress, ParcelItem, ShippingProvider } from './provider.ts';

export type ShipmentContext = { db: Db; provider: ShippingProvider | undefined };

type ShipmentRow = typeof t.shipments.$inferSelect;

/** How long one instance holds a parcel while it buys its label. */
const HOLD_MS = 60_000;

const conflict = (message: string) => new PlatformError(409, 'shipment_refused', message);

/** Why the provider could not be asked, for the team (nothing secret). */
export const providerSaid = (error: ProviderError) =>
  error.code === 'timeout'
    ? 'O Melhor Envio não respondeu a tempo.'
    : error.code === 'unreachable'
      ? 'O Melhor Envio está fora do ar ou inacessível.'
      : error.code === 'lost'
        ? 'A conexão com o Melhor Envio caiu antes da resposta.'
        : error.code === 'invalid_answer'
          ? 'O Melhor Envio respondeu algo fora do padrão.'
          : `O Melhor Envio recusou (${error.message}).`;

async function shipmentRow(db: Db, number: number): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(t.shipments).where(eq(t.shipments.orderNumber, number));
  return row;
}

/** What a label needs of an order: who sends, who receives, what goes, the NF-e key; or what is missing. */
async function parcelOf(
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

const LABELLED = ['gerada', 'postada', 'entregue', 'nao_entregue'];

/** The order page's parcel: the label and where it is, or the services to buy one from, or what is missing. */
export async function shippingView(ctx: ShipmentContext, number: number): Promise<Envio> {
  const { db, provider } = ctx;
  const row = await shipmentRow(db, number);
  const etiqueta = row && {
    situacao: row.status,
    transportadora: row.carrier,
    servico: row.service,
    valor: row.price,
    rastreio: row.tracking,
    etiqueta: row.labelUrl,
    motivo: row.reason,
    ...(row.postedAt ? { postadoEm: row.postedAt.toISOString() } : {}),
    ...(row.deliveredAt ? { entregueEm: row.deliveredAt.toISOString() } : {}),
  };
  const base = { provedor: provider !== undefined, ...(etiqueta ? { etiqueta } : {}) };
  if (!provider || (row && LABELLED.includes(row.status)) || row?.status === 'cancelada')
    return { ...base, cotacoes: [], pendencias: [] };
  const parcel = await parcelOf(db, number);
  if (parcel?.status !== 'paid') return { ...base, cotacoes: [], pendencias: [] };
  if ('missing' in parcel) return { ...base, cotacoes: [], pendencias: parcel.missing };
  const [order] = await db
    .select({ shipping: t.orders.shipping })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  const chosen = (order?.shipping as Frete | undefined)?.servico;
  try {
    const quotes = await provider.quote(parcel.from.cep, parcel.to.cep, parcel.items);
    return {
      ...base,
      ...(chosen && quotes.some((q) => q.serviceId === chosen) ? { escolhido: chosen } : {}),
      cotacoes: quotes.map((q) => ({
        servico: q.serviceId,
        texto: `${q.carrier} ${q.service}: ${formatBRL(q.price)}, ${String(q.days)} ${q.days === 1 ? 'dia útil' : 'dias úteis'}`,
      })),
      pendencias:
        quotes.length === 0 ? ['Nenhum serviço do Melhor Envio leva esta encomenda a este CEP.'] : [],
    };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { ...base, cotacoes: [], pendencias: [], erroCotacao: providerSaid(error) };
  }
}

/** Write what was done at the provider so far (the next try resumes from here). */
const step = (db: Db, number: number, set: Partial<typeof t.shipments.$inferInsert>) =>
  db
    .update(t.shipments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(t.shipments.orderNumber, number));

/**
 * Buy order `number`'s label with service `serviceId`: cart → checkout → generate → print, each step kept, so
 * a failure leaves the parcel where it stopped with the reason, and the next click resumes from there (the
 * label is paid once). Two clicks at once: one works, the other is told it is under way.
 */
export async function buyLabel(
  ctx: ShipmentContext,
  number: number,
  serviceId: string,
  actor: string,
): Promise<void> {
  const { db, provider } = ctx;
  if (!provider) throw conflict('Nenhuma plataforma de fretes configurada (MELHORENVIO_TOKEN).');
  const parcel = await parcelOf(db, number);
  if (!parcel) throw new PlatformError(404, 'not_found', 'Pedido não encontrado.');
  if (parcel.status !== 'paid')
    throw conflict(
      `O pedido ${String(number)} não está pago à espera de envio: a etiqueta é para pedidos pagos.`,
    );
  if ('missing' in parcel) throw conflict(`Para comprar a etiqueta falta: ${parcel.missing.join(' ')}`);
  const until = new Date(Date.now() + HOLD_MS);
  const claimed = await db
    .insert(t.shipments)
    .values({ orderNumber: number, provider: provider.name, status: 'nova', busyUntil: until, actor })
    .onConflictDoUpdate({
      target: t.shipments.orderNumber,
      set: { busyUntil: until, actor, updatedAt: new Date() },
      setWhere: sql`${t.shipments.status} in ('nova', 'carrinho', 'paga') and (${t.shipments.busyUntil} is null or ${t.shipments.busyUntil} < now())`,
    })
    .returning();
  const row = claimed[0];
  if (!row) {
    const now = await shipmentRow(db, number);
    throw conflict(
      now && LABELLED.includes(now.status)
        ? 'A etiqueta deste pedido já foi comprada.'
        : 'A etiqueta deste pedido está sendo comprada agora. Atualize a página em alguns segundos.',
    );
  }
  try {
    let shipmentId = row.shipmentId;
    if (row.status === 'nova') {
      const quotes = await provider.quote(parcel.from.cep, parcel.to.cep, parcel.items);
      const quote: CarrierQuote | undefined = quotes.find((q) => q.serviceId === serviceId);
      if (!quote) throw conflict('Esse serviço não leva mais esta encomenda: escolha outro na lista.');
      const made = await provider.addToCart({ quote, ...parcel, reference: String(number) });
      shipmentId = made.shipmentId;
      await step(db, number, {
        status: 'carrinho',
        shipmentId,
        serviceId,
        carrier: quote.carrier,
        service: quote.service,
        price: made.price,
        days: quote.days,
        reason: '',
      });
    }
    if (row.status === 'nova' || row.status === 'carrinho') {
      await provider.checkout(shipmentId);
      await step(db, number, { status: 'paga', reason: '' });
    }
    await provider.generate(shipmentId);
    await step(db, number, { status: 'gerada', reason: '' });
  } catch (error) {
    const reason =
      error instanceof ProviderError
        ? `${providerSaid(error)} Nada foi pago além do que a página mostra; tente de novo para continuar de onde parou.`
        : error instanceof PlatformError
          ? error.message
          : undefined;
    if (reason === undefined) throw error;
    await step(db, number, { reason, busyUntil: null });
    throw conflict(reason);
  }
  // The label exists: its PDF and tracking code are read now, and again by the sweep if this fails.
  await finishLabel(ctx, number).catch(() => undefined);
  await step(db, number, { busyUntil: null });
}

/** The label's PDF and the tracking code, once it is generated. */
async function finishLabel(ctx: ShipmentContext, number: number): Promise<void> {
  const row = await shipmentRow(ctx.db, number);
  if (!row || !ctx.provider || row.shipmentId === '') return;
  const url = row.labelUrl === '' ? await ctx.provider.print(row.shipmentId) : row.labelUrl;
  const states = await ctx.provider.track([row.shipmentId]);
  await step(ctx.db, number, {
    labelUrl: url,
    tracking: states.get(row.shipmentId)?.tracking ?? row.tracking,
  });
}
