// One concern: an order's parcel through the store's shipping provider: the services quoted for it, the label
// bought once (resumed where it stopped, never twice), and where the parcel is, as the carrier reports it.
import { eq, sql } from 'drizzle-orm';
import { formatBRL } from '#/lib/money.ts';
import type { Envio } from '#/contract/shipments.ts';
import type { Frete } from '#/contract/shipping.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { ProviderError } from '#/server/payments/http.ts';
import { refuseIfHeld } from '#/server/orders/hold.ts';
import { parcelOf } from './parcel.ts';
import type { CarrierQuote, ShippingProvider } from './provider.ts';

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
  // A label cancelled at the carrier is replaced: the quotes are offered again.
  if (!provider || (row && LABELLED.includes(row.status))) return { ...base, cotacoes: [], pendencias: [] };
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
  await refuseIfHeld(db, number, 'comprar a etiqueta');
  const until = new Date(Date.now() + HOLD_MS);
  const claimed = await db
    .insert(t.shipments)
    .values({ orderNumber: number, provider: provider.name, status: 'nova', busyUntil: until, actor })
    .onConflictDoUpdate({
      target: t.shipments.orderNumber,
      set: { busyUntil: until, actor, updatedAt: new Date() },
      setWhere: sql`${t.shipments.status} in ('nova', 'carrinho', 'paga', 'cancelada') and (${t.shipments.busyUntil} is null or ${t.shipments.busyUntil} < now())`,
    })
    .returning();
  let row = claimed[0];
  // A label cancelled at the carrier: a new one is bought from the start (the cancelled one stays at the provider).
  if (row?.status === 'cancelada') row = await restart(db, number);
  if (!row) {
    const now = await shipmentRow(db, number);
    throw conflict(
      now && LABELLED.includes(now.status)
        ? 'A etiqueta deste pedido já foi comprada.'
        : 'A etiqueta deste pedido está sendo comprada agora. Atualize a página em alguns segundos.',
    );
  }
  let stage: 'cotar' | 'pagar' | 'gerar' = 'cotar';
  try {
    // A step whose answer was lost may have happened: what the provider holds is read before paying again.
    if (row.status !== 'nova' && row.shipmentId !== '') {
      const held = (await provider.track([row.shipmentId])).get(row.shipmentId);
      if (held?.status === 'cancelado') row = await restart(db, number);
      else if (held?.paid && row.status === 'carrinho') {
        await step(db, number, { status: 'paga', reason: '' });
        row = { ...row, status: 'paga' };
      }
      if (held?.generated) {
        await step(db, number, { status: 'gerada', reason: '' });
        row = { ...row, status: 'gerada' };
      }
    }
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
      stage = 'pagar';
      await provider.checkout(shipmentId);
      await step(db, number, { status: 'paga', reason: '' });
    }
    if (row.status !== 'gerada') {
      stage = 'gerar';
      await provider.generate(shipmentId);
      await step(db, number, { status: 'gerada', reason: '' });
    }
  } catch (error) {
    // Told as it is: a payment whose answer was lost may have been made (the next try reads it first).
    const maybePaid =
      error instanceof ProviderError &&
      stage === 'pagar' &&
      error.code !== 'unreachable' &&
      error.code !== 'rejected';
    const reason =
      error instanceof ProviderError
        ? `${providerSaid(error)} ${
            maybePaid
              ? 'O pagamento pode ter sido feito: na próxima tentativa a loja confere no Melhor Envio antes de pagar de novo.'
              : 'Nada foi pago além do que a página mostra; tente de novo para continuar de onde parou.'
          }`
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

/** Start order `number`'s label over (its shipment was cancelled at the provider); answers the row as it is now. */
async function restart(db: Db, number: number): Promise<ShipmentRow> {
  const [row] = await db
    .update(t.shipments)
    .set({ status: 'nova', shipmentId: '', labelUrl: '', tracking: '', reason: '', updatedAt: new Date() })
    .where(eq(t.shipments.orderNumber, number))
    .returning();
  if (!row) throw new PlatformError(404, 'not_found', 'Pedido não encontrado.');
  return row;
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
