// One concern: orders as the contract shows them (the order page, the account's list).
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { cityLine, formatCep, streetLine } from '#/contract/address.ts';
import type { OrderAddress } from '#/contract/address.ts';
import { ORDER_PAYMENT_LABELS, orderPaymentOf, STATUS_LABELS } from '#/contract/order.ts';
import { trackingUrl } from '#/contract/tracking.ts';
import type { Pedido, PedidoResumo } from '#/contract/order.ts';
import type { Frete } from '#/contract/shipping.ts';
import { productImages } from '#/server/catalog/media-urls.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import type { Charge } from './payments.ts';
import { expireOrders, toSituacao } from './status.ts';
import { timesReais } from '#/server/lib/prices.ts';
import { orderWithdrawal } from '#/server/rights/withdrawals.ts';

/** Who is looking: the session that placed an order, the logged-in customer who owns it, or the store's team. */
export type Viewer = { session: string; customerId?: number | undefined } | 'equipe';

type OrderRow = typeof t.orders.$inferSelect;

const summary = (row: OrderRow, units: number): PedidoResumo => {
  const situacao = toSituacao(row.status);
  return {
    numero: row.number,
    situacao,
    situacaoLabel: STATUS_LABELS[situacao],
    criadoEm: row.placedAt.toISOString(),
    total: row.total,
    quantidadeItens: units,
  };
};

const addressLines = (a: OrderAddress) => [a.nome, streetLine(a), cityLine(a), `CEP ${formatCep(a.cep)}`];

/** One order, if this viewer may see it (anyone else: undefined, the same as an unknown number). */
export async function loadOrder(
  db: Db,
  origin: string,
  number: number,
  viewer: Viewer,
): Promise<Pedido | undefined> {
  // An order read after its time to pay is cancelled first, so no page shows a dead Pix as payable.
  await expireOrders(db, [number]);
  const mine =
    viewer === 'equipe'
      ? undefined
      : viewer.customerId === undefined
        ? eq(t.orders.sessionId, viewer.session)
        : or(eq(t.orders.sessionId, viewer.session), eq(t.orders.customerId, viewer.customerId));
  const [row] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.number, number), mine));
  if (!row) return undefined;
  const [items, events, refunds, [invoice], takenBack] = await Promise.all([
    db
      .select({ item: t.orderItems, photos: t.products.photos })
      .from(t.orderItems)
      .leftJoin(t.products, eq(t.products.id, t.orderItems.productId))
      .where(eq(t.orderItems.orderNumber, number))
      .orderBy(t.orderItems.position),
    db.select().from(t.orderEvents).where(eq(t.orderEvents.orderNumber, number)).orderBy(t.orderEvents.id),
    db
      .select({
        amount: t.refunds.amount,
        status: t.refunds.status,
        reason: t.refunds.reason,
        at: t.refunds.createdAt,
        settled: t.refunds.settledAt,
      })
      .from(t.refunds)
      .where(eq(t.refunds.orderNumber, number))
      .orderBy(t.refunds.id),
    db
      .select()
      .from(t.invoices)
      .where(and(eq(t.invoices.orderNumber, number), eq(t.invoices.status, 'autorizada'))),
    db
      .select({ amount: t.takebacks.amount, at: t.takebacks.createdAt })
      .from(t.takebacks)
      .where(and(eq(t.takebacks.orderNumber, number), ne(t.takebacks.status, 'recuperado'))),
  ]);
  // The order's own payment given back, and apart from it a second payment it did not need, given back too.
  const own = refundOf(refunds.filter((r) => r.reason !== 'pagamento_a_mais'));
  const extra = refundOf(refunds.filter((r) => r.reason === 'pagamento_a_mais'));
  const desistencia = await orderWithdrawal(db, row, events, own?.situacao === 'devolvida');
  const frete = row.shipping as Frete;
  const base = summary(
    row,
    items.reduce((sum, i) => sum + i.item.quantity, 0),
  );
  return {
    ...base,
    itens: items.map(({ item: i, photos }) => ({
      idProduto: i.productId,
      nome: i.name,
      sku: i.sku,
      quantidade: i.quantity,
      precoUnitario: i.unitPrice,
      total: timesReais(i.unitPrice, i.quantity),
      imagem:
        productImages(origin, { id: i.productId, photos: photos ?? [] }, i.variantId, i.name)[0]?.arquivos
          .small ?? '',
      url: `${origin}${i.path}`,
    })),
    entrega: {
      tipo: frete.tipo,
      label: frete.label,
      prazo: frete.prazo,
      endereco: frete.tipo === 'retirada' ? [frete.endereco ?? ''] : addressLines(row.address),
    },
    valores: {
      subtotal: row.subtotal,
      desconto: row.discount,
      ...(row.couponCode ? { cupom: { codigo: row.couponCode, desconto: row.couponDiscount } } : {}),
      ...(row.handDiscount > 0 ? { descontoLoja: row.handDiscount } : {}),
      frete: row.shippingPrice,
      total: row.total,
    },
    pagamento: payment(row, base.situacao === 'aguardando_pagamento'),
    // The buyer's history is the order's moves; the payment notes (note ≠ '') are the team's.
    historico: events.flatMap((e) => {
      if (e.note) return [];
      const situacao = toSituacao(e.status);
      return [{ situacao, label: STATUS_LABELS[situacao], em: e.at.toISOString() }];
    }),
    ...(invoice
      ? {
          notaFiscal: {
            numero: invoice.number,
            serie: invoice.series,
            chave: invoice.accessKey,
            danfe: invoice.danfeUrl,
            // An XML attached from an ERP is kept by the store: its buyer downloads it from the order page.
            xml: invoice.xmlUrl ? invoice.xmlUrl : `${origin}/minha-conta/pedidos/${String(number)}/nfe.xml`,
            emitidaEm: (invoice.authorizedAt ?? invoice.updatedAt).toISOString(),
          },
        }
      : {}),
    ...(row.carrier || row.trackingCode
      ? {
          rastreio: {
            transportadora: row.carrier,
            codigo: row.trackingCode,
            ...(trackingUrl(row.carrier, row.trackingCode)
              ? { url: trackingUrl(row.carrier, row.trackingCode) }
              : {}),
          },
        }
      : {}),
    ...(own ? { reembolso: own } : {}),
    ...(extra ? { pagamentoExtra: extra } : {}),
    ...(takenBack.length > 0
      ? {
          estorno: {
            valor: takenBack.reduce((sum, r) => sum + Math.round(r.amount * 100), 0) / 100,
            em: (takenBack.at(-1)?.at ?? new Date()).toISOString(),
          },
        }
      : {}),
    ...(desistencia ? { desistencia } : {}),
  };
}

/**
 * Refunds as the buyer reads them: their sum, "devolvida" only when the provider confirmed every one (when the
 * last was confirmed), else "pedida" (when the last was asked); undefined when there is none.
 */
function refundOf(
  all: { amount: number; status: string; at: Date; settled: Date | null }[],
): Pedido['reembolso'] {
  if (all.length === 0) return undefined;
  // Settled by the team as not given back ('resolvido'): said as such when nothing else went back.
  const refunds = all.filter((r) => r.status !== 'resolvido');
  const sum = (rows: typeof all) => rows.reduce((total, r) => total + Math.round(r.amount * 100), 0) / 100;
  if (refunds.length === 0) {
    const em = all.reduce((at, r) => (r.settled && r.settled > at ? r.settled : at), new Date(0));
    return { valor: sum(all), em: em.toISOString(), situacao: 'nao_feita' };
  }
  const valor = sum(refunds);
  const confirmed = refunds.every((r) => r.status === 'devolvido');
  const em = confirmed
    ? refunds.reduce((at, r) => (r.settled && r.settled > at ? r.settled : at), new Date(0))
    : (refunds.at(-1)?.at ?? new Date());
  return { valor, em: em.toISOString(), situacao: confirmed ? 'devolvida' : 'pedida' };
}

/** How the order is paid, and while it waits, what the buyer pays it with. */
function payment(row: typeof t.orders.$inferSelect, waiting: boolean): Pedido['pagamento'] {
  const metodo = orderPaymentOf(row.payment);
  const charge = row.paymentDetails as Charge;
  return {
    metodo,
    label: ORDER_PAYMENT_LABELS[metodo],
    copiaECola: waiting ? row.pixPayload : '',
    ...(waiting && charge.linhaDigitavel ? { linhaDigitavel: charge.linhaDigitavel } : {}),
    ...(waiting && charge.url ? { url: charge.url } : {}),
    expiraEm: row.expiresAt.toISOString(),
  };
}

/** A customer's orders, newest first (expired ones already cancelled). */
export async function listOrders(db: Db, customerId: number): Promise<PedidoResumo[]> {
  const rows = await db
    .select({ order: t.orders, units: sql<number>`coalesce(sum(${t.orderItems.quantity}), 0)::int` })
    .from(t.orders)
    .leftJoin(t.orderItems, eq(t.orderItems.orderNumber, t.orders.number))
    .where(eq(t.orders.customerId, customerId))
    .groupBy(t.orders.number)
    .orderBy(desc(t.orders.number))
    .limit(100);
  const stale = rows.filter((r) => r.order.status === 'awaiting_payment').map((r) => r.order.number);
  const expired = new Set(stale.length ? await expireOrders(db, stale) : []);
  return rows.map((r) =>
    summary(expired.has(r.order.number) ? { ...r.order, status: 'cancelled' } : r.order, r.units),
  );
}
