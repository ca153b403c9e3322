// One concern: what a correction of an order would be (orders/correct.ts applies it): its delivery address and option (quoted again for the
// new address), and, before payment, its lines. What was paid is never changed behind the buyer's back: a paid
// order (or one with a provider's charge open) keeps its total, and the difference is shown to the team.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { OrderCorrection } from '#/contract/order-correction.ts';
import type { Frete } from '#/contract/shipping.ts';
import { handlingDays, parcelGrams, quoteShipping } from '#/server/cart/shipping.ts';
import { carrierChoice, withCarriers } from '#/server/carriers/pricing.ts';
import type { ShippingProvider } from '#/server/carriers/provider.ts';
import { productPath } from '#/server/catalog/urls.ts';
import { finishName, mergedLines, sellable, variantsBySku } from './typed-lines.ts';
import { settingsInForce } from '#/server/content/settings.ts';
import type { SettingsEnv } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest, notFound, PlatformError } from '#/server/errors.ts';
import { timesReais, toCents, toReais } from '#/server/lib/prices.ts';
import { STATUS } from './status.ts';
import type { Status } from './status.ts';

export type CorrectionDeps = SettingsEnv & {
  origin: string;
  shippingProvider?: ShippingProvider | undefined;
};

type Order = typeof t.orders.$inferSelect;
export type Line = {
  variantId: number;
  productId: number;
  sku: string;
  name: string;
  path: string;
  quantity: number;
  unitPrice: number;
};

export const refused = (message: string) => new PlatformError(409, 'invalid_status_change', message);

/** The order, if it may still be corrected: not shipped, no NF-e standing, no carrier label bought. */
async function correctable(db: Db, number: number, seen: string): Promise<Order> {
  const [order] = await db.select().from(t.orders).where(eq(t.orders.number, number));
  if (!order) throw notFound('Pedido não encontrado.');
  const status = order.status as Status;
  if (STATUS[status] !== seen)
    throw new PlatformError(
      409,
      'stale_status',
      `O pedido ${String(number)} mudou desde que a página foi aberta: agora está "${STATUS[status]}". Nada foi alterado.`,
    );
  if (status !== 'awaiting_payment' && status !== 'paid')
    throw refused(
      `O pedido ${String(number)} já foi ${status === 'cancelled' ? 'cancelado' : 'enviado'}: não dá mais para corrigir a entrega.`,
    );
  const [invoice] = await db
    .select({ status: t.invoices.status })
    .from(t.invoices)
    .where(
      and(eq(t.invoices.orderNumber, number), inArray(t.invoices.status, ['autorizada', 'processando'])),
    );
  if (invoice)
    throw refused(
      'O pedido já tem NF-e: cancele a nota (ou espere a recusa) antes de corrigir o endereço ou os itens.',
    );
  const [label] = await db
    .select({ status: t.shipments.status })
    .from(t.shipments)
    .where(and(eq(t.shipments.orderNumber, number), ne(t.shipments.status, 'cancelada')));
  if (label)
    throw refused('O pedido já tem etiqueta de envio: cancele a etiqueta antes de corrigir a entrega.');
  return order;
}

/** The lines as they should be: those already on the order keep their price; a new SKU takes today's. */
async function wantedLines(
  db: Db,
  order: Order,
  itens: OrderCorrection['itens'],
): Promise<{ lines: Line[]; changed: boolean }> {
  const current = await db
    .select()
    .from(t.orderItems)
    .where(eq(t.orderItems.orderNumber, order.number))
    .orderBy(t.orderItems.position);
  const mine: Line[] = current.map((i) => ({
    variantId: i.variantId,
    productId: i.productId,
    sku: i.sku,
    name: i.name,
    path: i.path,
    quantity: i.quantity,
    unitPrice: i.unitPrice,
  }));
  if (!itens) return { lines: mine, changed: false };
  const wanted = mergedLines(itens);
  const bySku = new Map(mine.map((l) => [l.sku.toUpperCase(), l]));
  const fresh = await variantsBySku(
    db,
    [...wanted.keys()].filter((sku) => !bySku.has(sku)),
  );
  const lines = [...wanted].map(([sku, quantity]): Line => {
    const had = bySku.get(sku);
    if (had) return { ...had, quantity };
    const row = sellable(fresh.get(sku), sku);
    return {
      variantId: row.v.id,
      productId: row.v.productId,
      sku: row.v.sku,
      name: finishName(row),
      path: `${productPath(row.slug)}?sku=${encodeURIComponent(row.v.sku)}`,
      quantity,
      unitPrice: row.v.price,
    };
  });
  const key = (ls: Line[]) => ls.map((l) => `${String(l.variantId)}x${String(l.quantity)}`).join(',');
  const changed = key(lines) !== key(mine);
  // The lines as they are may always be sent back (the form shows them); a change is refused past payment.
  if (changed && order.status !== 'awaiting_payment')
    throw refused(
      'Os itens só mudam antes do pagamento. Depois dele, cancele e devolva, ou faça um novo pedido.',
    );
  if (changed && order.couponCode)
    throw refused(
      `O pedido usou o cupom ${order.couponCode}: para mudar os itens, cancele-o e faça um novo pedido.`,
    );
  return { lines, changed };
}

/** How many more units of each finish the correction takes from stock (negative: gives back). */
export function stockDelta(before: Line[], after: Line[]): Map<number, number> {
  const delta = new Map<number, number>();
  for (const l of after) delta.set(l.variantId, (delta.get(l.variantId) ?? 0) + l.quantity);
  for (const l of before) delta.set(l.variantId, (delta.get(l.variantId) ?? 0) - l.quantity);
  return delta;
}

/** The correction as it would be now: its lines, the options for the new address, the totals and the difference. */
export async function planOf(db: Db, deps: CorrectionDeps, number: number, change: OrderCorrection) {
  const order = await correctable(db, number, change.de);
  const settings = await settingsInForce(db, deps);
  const { lines, changed } = await wantedLines(db, order, change.itens);
  const subtotal = toReais(lines.reduce((sum, l) => sum + toCents(timesReais(l.unitPrice, l.quantity)), 0));
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const carried = lines.map((l) => ({
    variantId: l.variantId,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    name: l.name,
  }));
  const table = quoteShipping(change.endereco.cep, subtotal, units, settings, await parcelGrams(db, carried));
  if (!table) throw badRequest('Não encontramos este CEP: confira os números do endereço de entrega.');
  const choice = await carrierChoice(db, deps.shippingProvider, change.endereco.cep, carried);
  const fretes = withCarriers(table, choice, handlingDays(settings)).fretes;
  // The cash discount keeps the share it had of the products (the method the buyer chose does not change).
  const discount =
    changed && order.subtotal > 0
      ? toReais(Math.round((toCents(order.discount) * toCents(subtotal)) / toCents(order.subtotal)))
      : order.discount;
  if (toCents(order.handDiscount) > toCents(subtotal) - toCents(discount))
    throw badRequest(
      'O desconto da loja passaria do valor dos produtos: tire menos itens ou faça um novo pedido.',
    );
  // What was paid, an open provider charge or a coupon's share of the shipping is not recomputed here.
  const keepsTotal = order.status === 'paid' || order.provider !== '' || order.couponCode !== '';
  if (keepsTotal && changed)
    throw refused(
      'Este pedido tem uma cobrança aberta no provedor: para mudar os itens, cancele-o e faça um novo pedido.',
    );
  const conferencia = [
    ...lines.map((l) => `${l.sku}x${String(l.quantity)}@${l.unitPrice.toFixed(2)}`),
    ...fretes.map((f) => `frete:${f.id}=${f.valor.toFixed(2)}`),
  ].join(';');
  return { order, settings, lines, changed, subtotal, discount, fretes, keepsTotal, conferencia };
}

export type Plan = Awaited<ReturnType<typeof planOf>>;

export const totalWith = (plan: Plan, frete: Frete) =>
  plan.keepsTotal
    ? plan.order.total
    : toReais(
        toCents(plan.subtotal) -
          toCents(plan.discount) -
          toCents(plan.order.handDiscount) +
          toCents(frete.valor),
      );
