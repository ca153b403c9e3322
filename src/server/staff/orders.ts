// One concern: the orders as the store's team sees them: the filtered list with counts, and one order with its buyer and timeline.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { documentKey } from '#/contract/documents.ts';
import { ORDER_STATUSES, orderChannelOf, orderPaymentOf, STATUS_LABELS } from '#/contract/order.ts';
import type { Situacao } from '#/contract/order.ts';
import { STAFF_EXPORT_MAX, STAFF_ORDERS_PER_PAGE } from '#/contract/staff-orders.ts';
import type {
  PedidoEquipe,
  PedidoEquipeResumo,
  PedidoExport,
  StaffOrderList,
  StaffOrderQuery,
} from '#/contract/staff-orders.ts';
import type { Frete } from '#/contract/shipping.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { brasiliaDay } from '#/server/lib/dates.ts';
import { likeLiteral } from '#/server/lib/text.ts';
import { notFound } from '#/server/errors.ts';
import { refundable } from '#/server/payments/refund.ts';
import { loadOrder } from '#/server/orders/orders.ts';
import { wentBackOfOrder } from '#/server/orders/revenue.ts';
import {
  expireOrders,
  nextStatuses,
  STATUS,
  toSituacao,
  toStatus,
  waitsForTeam,
  waitsForTeamNow,
} from '#/server/orders/status.ts';
import { actorNames } from './members.ts';
import { invoicing } from '#/server/invoices/invoices.ts';
import type { InvoiceProvider } from '#/server/invoices/provider.ts';
import { shippingView } from '#/server/carriers/shipments.ts';
import type { ShippingProvider } from '#/server/carriers/provider.ts';
import { orderRefunds, refundAlerts } from './refunds.ts';
import { orderTakebacks, takebackAlerts } from './takebacks.ts';
import { leftToUndo } from './undo.ts';

/** The filters of a list, but the status (the counts per status use these). */
function filters(query: StaffOrderQuery): SQL[] {
  const where: SQL[] = [];
  if (query.numeros) where.push(inArray(t.orders.number, query.numeros));
  if (query.pagamento) where.push(eq(t.orders.payment, query.pagamento));
  if (query.canal) where.push(eq(t.orders.channel, query.canal));
  if (query.de) where.push(gte(t.orders.placedAt, brasiliaDay(query.de)));
  if (query.ate) where.push(lt(t.orders.placedAt, brasiliaDay(query.ate, 1)));
  if (query.q) {
    const text = `%${likeLiteral(query.q)}%`;
    const any = [ilike(t.customers.name, text), ilike(t.customers.email, text)];
    if (/^\d{1,9}$/.test(query.q)) any.push(eq(t.orders.number, Number(query.q)));
    // The buyer's CPF/CNPJ however it was typed (a CNPJ may carry letters: "12.abc" becomes "12ABC").
    const key = documentKey(query.q);
    if (key.length >= 3 && /\d/.test(key)) any.push(sql`${t.customers.document} like ${`%${key}%`}`);
    const match = or(...any);
    if (match) where.push(match);
  }
  return where;
}

const ORDER_BY = {
  recentes: [desc(t.orders.placedAt), desc(t.orders.number)],
  antigos: [asc(t.orders.placedAt), asc(t.orders.number)],
  'maior-valor': [desc(t.orders.total), desc(t.orders.number)],
  'menor-valor': [asc(t.orders.total), desc(t.orders.number)],
} as const;

/** The orders that match, with their buyer and units: a page of them, or up to `limit` for an export. */
function matching(db: Db, query: StaffOrderQuery, where: SQL | undefined) {
  return db
    .select({
      order: t.orders,
      name: t.customers.name,
      email: t.customers.email,
      document: t.customers.document,
      units: sql<number>`(select coalesce(sum(${t.orderItems.quantity}), 0)::int from ${t.orderItems} where ${t.orderItems.orderNumber} = ${t.orders.number})`,
      refunded: sql<string>`${wentBackOfOrder}`,
      withdrawn: sql<boolean>`exists (select 1 from ${t.withdrawals} where ${t.withdrawals.orderNumber} = ${t.orders.number})`,
    })
    .from(t.orders)
    .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
    .where(where)
    .orderBy(...ORDER_BY[query.ordem]);
}

type Matched = Awaited<ReturnType<typeof matching>>[number];

const summaryOf = ({ order, name, email, units, refunded, withdrawn }: Matched): PedidoEquipeResumo => {
  const situacao = toSituacao(order.status);
  return {
    numero: order.number,
    situacao,
    situacaoLabel: STATUS_LABELS[situacao],
    criadoEm: order.placedAt.toISOString(),
    total: order.total,
    pagamento: orderPaymentOf(order.payment),
    canal: orderChannelOf(order.channel),
    quantidadeItens: units,
    cliente: { nome: name, email },
    devolvido: Number(refunded),
    desistencia: withdrawn,
  };
};

const whereOf = (query: StaffOrderQuery) =>
  and(...filters(query), query.situacao ? eq(t.orders.status, toStatus(query.situacao)) : undefined);

/** A page of the orders that match, and how many of them are in each status. */
export async function listStaffOrders(db: Db, query: StaffOrderQuery): Promise<StaffOrderList> {
  // Unpaid orders past their time are cancelled first, so no list shows them as waiting.
  await expireOrders(db);
  const [rows, perStatus] = await Promise.all([
    matching(db, query, whereOf(query))
      .offset((query.pagina - 1) * STAFF_ORDERS_PER_PAGE)
      .limit(STAFF_ORDERS_PER_PAGE),
    db
      .select({ status: t.orders.status, n: count() })
      .from(t.orders)
      .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
      .where(and(...filters(query)))
      .groupBy(t.orders.status),
  ]);
  const contagem = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<Situacao, number>;
  for (const { status, n } of perStatus) contagem[toSituacao(status)] += n;
  const total = query.situacao
    ? contagem[query.situacao]
    : Object.values(contagem).reduce((a, b) => a + b, 0);
  return {
    pedidos: rows.map(summaryOf),
    total,
    contagem,
    pagina: query.pagina,
    paginas: Math.max(1, Math.ceil(total / STAFF_ORDERS_PER_PAGE)),
    alertas: [...(await refundAlerts(db)), ...(await takebackAlerts(db))],
  };
}

/** Every order that matches (up to STAFF_EXPORT_MAX), with the money, delivery and tracking a spreadsheet shows. */
export async function exportStaffOrders(
  db: Db,
  query: StaffOrderQuery,
): Promise<{ pedidos: PedidoExport[]; truncado: boolean }> {
  await expireOrders(db);
  const rows = await matching(db, query, whereOf(query)).limit(STAFF_EXPORT_MAX + 1);
  const nameOf = await actorNames(
    db,
    rows.map((r) => r.order.placedBy),
  );
  return {
    truncado: rows.length > STAFF_EXPORT_MAX,
    pedidos: rows.slice(0, STAFF_EXPORT_MAX).map((row) => {
      const { order } = row;
      const frete = order.shipping as Frete;
      return {
        ...summaryOf(row),
        documento: row.document,
        subtotal: order.subtotal,
        desconto: order.discount,
        cupom: order.couponCode,
        descontoCupom: order.couponDiscount,
        descontoLoja: order.handDiscount,
        motivoDesconto: order.handDiscountReason,
        feitoPor: order.placedBy ? nameOf(order.placedBy) : '',
        frete: order.shippingPrice,
        entrega: frete.label,
        cidade: order.address.cidade,
        uf: order.address.uf,
        transportadora: order.carrier,
        rastreio: order.trackingCode,
      };
    }),
  };
}

const TIMELINE_TEXT: Record<Situacao, string> = {
  aguardando_pagamento: 'Pedido feito, aguardando pagamento',
  pago: 'Pagamento confirmado',
  enviado: 'Enviado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
};

/** One order for the team: what its buyer sees, the buyer's contacts, the timeline with who did what. */
/**
 * How many orders wait for the team to act: paid and not yet shipped, or waiting for the team to confirm
 * their Pix. The panel's menu shows it on every page, so it is one indexed count.
 */
export async function ordersWaitingForTeam(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.orders)
    .where(or(eq(t.orders.status, 'paid'), waitsForTeam));
  return row?.n ?? 0;
}

export async function staffOrder(
  db: Db,
  origin: string,
  number: number,
  invoiceProvider?: InvoiceProvider,
  shippingProvider?: ShippingProvider,
): Promise<PedidoEquipe> {
  const pedido = await loadOrder(db, origin, number, 'equipe');
  if (!pedido) throw notFound('Pedido não encontrado.');
  const [[buyer], events] = await Promise.all([
    db
      .select({
        name: t.customers.name,
        email: t.customers.email,
        document: t.customers.document,
        phone: t.customers.phone,
        channel: t.orders.channel,
        placedBy: t.orders.placedBy,
        reason: t.orders.handDiscountReason,
        address: t.orders.address,
      })
      .from(t.orders)
      .innerJoin(t.customers, eq(t.customers.id, t.orders.customerId))
      .where(eq(t.orders.number, number)),
    db.select().from(t.orderEvents).where(eq(t.orderEvents.orderNumber, number)).orderBy(t.orderEvents.id),
  ]);
  const [devolucao, devolucoes, tomadas, notes, faturamento, envio] = await Promise.all([
    refundable(db, number),
    orderRefunds(db, number),
    orderTakebacks(db, number),
    db.select().from(t.orderNotes).where(eq(t.orderNotes.orderNumber, number)).orderBy(t.orderNotes.id),
    invoicing(db, invoiceProvider, number, toStatus(pedido.situacao)),
    shippingView({ db, provider: shippingProvider }, number),
  ]);
  const nameOf = await actorNames(db, [
    ...events.map((e) => e.actor),
    ...notes.map((n) => n.actor),
    buyer?.placedBy ?? '',
  ]);
  const held = tomadas.some((x) => x.situacao === 'retido');
  return {
    aDesfazer: leftToUndo({ ...pedido, faturamento, envio }),
    ...pedido,
    cliente: {
      nome: buyer?.name ?? '',
      email: buyer?.email ?? '',
      documento: buyer?.document ?? '',
      celular: buyer?.phone ?? '',
    },
    venda: {
      canal: orderChannelOf(buyer?.channel ?? ''),
      feitoPor: buyer?.placedBy ? nameOf(buyer.placedBy) : '',
      motivoDesconto: buyer?.reason ?? '',
    },
    enderecoEntrega: {
      cep: '',
      logradouro: '',
      numero: '',
      complemento: '',
      bairro: '',
      cidade: '',
      uf: '',
      nome: '',
      ...buyer?.address,
    },
    linhaDoTempo: events.map((e) => {
      const situacao = toSituacao(e.status);
      const shipped =
        situacao === 'enviado' && pedido.rastreio
          ? ` (${[pedido.rastreio.transportadora, pedido.rastreio.codigo].filter(Boolean).join(', ')})`
          : '';
      return {
        em: e.at.toISOString(),
        situacao,
        texto: e.note || TIMELINE_TEXT[situacao] + shipped,
        autor: nameOf(e.actor),
      };
    }),
    // An order a provider was paid for is cancelled by refunding it, never by a bare cancel.
    ...(devolucao ? { devolucao } : {}),
    devolucoes,
    tomadas,
    aguardaEquipe: await waitsForTeamNow(db, number),
    faturamento,
    envio,
    notas: notes.map((n) => ({ texto: n.text, autor: nameOf(n.actor), em: n.createdAt.toISOString() })),
    // A held order moves only by the team's decision on it (ship anyway, or cancel).
    proximas: nextStatuses(toStatus(pedido.situacao))
      .filter((s) => !(devolucao && s === 'cancelled'))
      .filter((s) => !(held && (s === 'cancelled' || s === 'shipped')))
      .map((s) => STATUS[s]),
  };
}

/** A note the team keeps on an order (never shown to the buyer); a 404 when there is no such order. */
export async function addOrderNote(db: Db, number: number, actor: string, text: string): Promise<void> {
  const [order] = await db.select({ n: t.orders.number }).from(t.orders).where(eq(t.orders.number, number));
  if (!order) throw notFound('Pedido não encontrado.');
  await db.insert(t.orderNotes).values({ orderNumber: number, actor, text });
}
