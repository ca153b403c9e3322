// One concern: a new order's charge at its provider (the PSP's Pix, a card or boleto page), made outside the
// order's transaction; a provider that fails leaves no half order.
import { eq, sql } from 'drizzle-orm';
import type { StoreSettings } from '#/server/content/settings.ts';
import type { Db } from '#/server/db/client.ts';
import { errorCode } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { PlatformError } from '#/server/errors.ts';
import { notePayment } from '#/server/payments/events.ts';
import { openPixCharge, PIX_API } from '#/server/payments/pix-charge.ts';
import { cardRule } from './payments.ts';
import type { OfferedMethod } from './payments.ts';
import type { Buyer } from './place.ts';
import { changeStatus } from './status.ts';

/**
 * A provider's charge for a new order (the PSP's Pix charge, a boleto, a card payment), outside the order's
 * transaction (an outside call never holds its locks). When the provider fails, the order is cancelled
 * (stock back), its lines go back to the cart, and the shopper is told that nothing was charged.
 */
export async function chargeOrCancel(
  db: Db,
  buyer: Buyer,
  method: OfferedMethod,
  number: number,
  settings: StoreSettings,
): Promise<void> {
  const [order] = await db
    .select({ total: t.orders.total, expiresAt: t.orders.expiresAt, txid: t.orders.providerRef })
    .from(t.orders)
    .where(eq(t.orders.number, number));
  if (!order) throw new Error(`order ${String(number)} vanished before its charge`);
  const comprador = {
    nome: buyer.customer.name,
    email: buyer.customer.email,
    documento: buyer.customer.document,
  };
  try {
    if (method.id === 'pix' && buyer.pixApi)
      await openPixCharge(db, buyer.pixApi, { number, ...order }, comprador);
    else if (method.provider && method.id !== 'pix') {
      const charge = await method.provider.charge({
        numero: number,
        metodo: method.id,
        total: order.total,
        expiraEm: order.expiresAt,
        comprador,
        descricao: `Pedido ${String(number)}`,
        origem: buyer.origin,
        parcelas: cardRule(settings, method.provider).maximo,
      });
      const { ref, ...details } = charge;
      await db
        .update(t.orders)
        .set({
          paymentDetails: details,
          ...(ref ? { provider: ref.provider, providerRef: ref.id, chargeState: 'ativa' } : {}),
        })
        .where(eq(t.orders.number, number));
      await notePayment(db, number, `Cobrança (${method.label}) criada no ${method.provider.name}`);
    }
  } catch (error) {
    const name = method.provider?.name ?? PIX_API;
    console.error(`[orders] ${name} did not charge order ${String(number)} (${errorCode(error)})`);
    await notePayment(
      db,
      number,
      `Cobrança (${method.label}) não criada no ${method.provider?.name ?? 'PSP'} (${errorCode(error)}): pedido cancelado, sacola devolvida ao cliente`,
    );
    await changeStatus(db, number, 'cancelled', { actor: '' });
    // The checkout's key is let go: trying again with the same form places (and charges) a new order.
    await db
      .update(t.orders)
      .set({ idempotencyKey: sql`${t.orders.idempotencyKey} || ':sem-cobranca'` })
      .where(eq(t.orders.number, number));
    await restoreCart(db, buyer.session, number);
    throw new PlatformError(
      502,
      'payment_failed',
      `Não conseguimos gerar a cobrança (${method.label}) agora: nada foi cobrado e seus produtos continuam na sacola. Tente de novo ou escolha outra forma de pagamento.`,
    );
  }
}

/** Put an order's lines back in the session's cart (quantities added to what is there). */
async function restoreCart(db: Db, session: string, number: number): Promise<void> {
  const items = await db
    .select({
      productId: t.orderItems.productId,
      variantId: t.orderItems.variantId,
      quantity: t.orderItems.quantity,
    })
    .from(t.orderItems)
    .where(eq(t.orderItems.orderNumber, number));
  if (items.length === 0) return;
  await db
    .insert(t.cartItems)
    .values(items.map((item) => ({ sessionId: session, ...item })))
    .onConflictDoUpdate({
      target: [t.cartItems.sessionId, t.cartItems.variantId],
      set: { quantity: sql`${t.cartItems.quantity} + excluded.quantity` },
    });
}
