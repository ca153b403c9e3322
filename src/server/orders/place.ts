// One concern: turning the session's cart into an order, in one transaction, believing nothing the browser
// says about money.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OrderAddress } from '#/contract/address.ts';
import type { Cart } from '#/contract/cart.ts';
import {
  cartFingerprint,
  fingerprintCoupon,
  fingerprintHasShipping,
  staticPixTxid,
} from '#/contract/order.ts';
import type { OrderPlace } from '#/contract/order.ts';
import type { Frete } from '#/contract/shipping.ts';
import { lockCustomer } from '#/server/accounts/customers.ts';
import type { Customer } from '#/server/accounts/customers.ts';
import { deliveryAddress } from '#/server/addresses/book.ts';
import { ufOfCep } from '#/server/addresses/table.ts';
import { loadCart } from '#/server/cart/cart.ts';
import { refreshTotals } from '#/server/catalog/derived.ts';
import { pricePolicy } from '#/server/catalog/price-policy.ts';
import { handlingDays, parcelGrams, quoteShipping, withCartCoupon } from '#/server/cart/shipping.ts';
import { carrierChoice, carriedLines, withCarriers } from '#/server/carriers/pricing.ts';
import type { CarrierChoice } from '#/server/carriers/pricing.ts';
import type { ShippingProvider } from '#/server/carriers/provider.ts';
import { settingsInForce } from '#/server/content/settings.ts';
import type { StoreSettings } from '#/server/content/settings.ts';
import { inTransaction } from '#/server/db/client.ts';
import type { Db } from '#/server/db/client.ts';
import { isUniqueViolation } from '#/server/db/health.ts';
import * as t from '#/server/db/schema.ts';
import { badRequest, PlatformError } from '#/server/errors.ts';
import { toCents, toReais } from '#/server/lib/prices.ts';
import { couponRefusal, findCoupon, setSessionCoupon, takeUse } from '#/server/promotions/coupons.ts';
import { chosenMethod } from './payments.ts';
import type { OfferedMethod, PaymentProvider } from './payments.ts';
import { pixPayload } from './pix.ts';
import type { PixApi } from '#/server/payments/pix-api/client.ts';
import { newTxid, PIX_API } from '#/server/payments/pix-charge.ts';
import { chargeOrCancel } from './charge.ts';
import { chargeMissing, orderOfKey } from './placed.ts';
import type { TellOrder } from './notices.ts';
import { formatBRL } from '#/lib/money.ts';
import { receivedMethod, tellOfPlacing } from './hand-terms.ts';
import type { HandTerms } from './hand-terms.ts';

/** Who places the order and from where. */
export type Buyer = {
  customer: Customer;
  session: string;
  origin: string;
  pixKey?: string | undefined;
  /** SITE_URL: a public store does not take Pix into the seed's key (content/settings.ts). */
  siteUrl?: string | undefined;
  paymentProvider?: PaymentProvider | undefined;
  /** A PSP's API Pix: the order's Pix is a charge of its own there (payments/pix-charge.ts). */
  pixApi?: PixApi | undefined;
  /** The carriers' prices for delivery (carriers/pricing.ts); without it, the regional table. */
  shippingProvider?: ShippingProvider | undefined;
  /**
   * Writes what follows a new order (its e-mails) as a job in the order's own transaction
   * (jobs/order-notices.ts); without it, the caller tells after the commit.
   */
  tell?: TellOrder | undefined;
  /** An order the team makes by hand in the panel (orders/by-hand.ts): its terms. */
  hand?: HandTerms | undefined;
};

const changed = (mensagem: string) => new PlatformError(409, 'cart_changed', mensagem);

/**
 * Place the session's cart as an order: prices, discount, shipping and stock are read again here; stock
 * is taken row by row (a unit sold to someone else stops this order, and nothing is taken); the cart is
 * emptied. The same `chave` placed again answers the order it made (`created` false).
 */
export async function placeOrder(
  db: Db,
  buyer: Buyer,
  request: OrderPlace,
): Promise<{ number: number; created: boolean }> {
  const { customer } = buyer;
  const existing = await orderOfKey(db, customer.id, request.chave);
  const settings = await settingsInForce(db, buyer);
  const received = buyer.hand?.received;
  const method = received
    ? receivedMethod(settings, received)
    : chosenMethod(settings, buyer.paymentProvider, request.pagamento, buyer.pixApi !== undefined);
  const charged =
    !received && (method.provider !== undefined || (method.id === 'pix' && buyer.pixApi !== undefined));
  if (existing !== undefined) {
    // Placed before, but its charge was never made (the instance stopped in between): made now.
    if (charged && (await chargeMissing(db, existing)))
      await chargeOrCancel(db, buyer, method, existing, settings);
    return { number: existing, created: false };
  }
  const address = buyer.hand?.address ?? (await deliveryAddress(db, customer, request.endereco));
  // The carriers are asked before the transaction (never while it holds rows), from the cart as it is now.
  const carriers = buyer.shippingProvider
    ? await carrierChoice(
        db,
        buyer.shippingProvider,
        address.cep,
        carriedLines(
          await loadCart(db, buyer.origin, pricePolicy(settings, buyer.paymentProvider), buyer.session),
        ),
      )
    : null;
  const placed = await placeInTransaction(db, buyer, request, settings, method, address, carriers, charged);
  if (placed.created && charged) await chargeOrCancel(db, buyer, method, placed.number, settings);
  return placed;
}

async function placeInTransaction(
  db: Db,
  buyer: Buyer,
  request: OrderPlace,
  settings: StoreSettings,
  method: OfferedMethod,
  address: OrderAddress,
  carriers: CarrierChoice | null,
  charged: boolean,
): Promise<{ number: number; created: boolean }> {
  const { customer, session, origin, hand } = buyer;
  try {
    return await inTransaction(db, async (tx) => {
      // One placement per customer at a time: a double click waits here, then finds the first one's order.
      await lockCustomer(tx, customer.id);
      const already = await orderOfKey(tx, customer.id, request.chave);
      if (already !== undefined) return { number: already, created: false };
      const cart = await loadCart(tx, origin, pricePolicy(settings, buyer.paymentProvider), session);
      if (cart.itens.length === 0)
        throw new PlatformError(
          409,
          'cart_empty',
          'Sua sacola está vazia: adicione um produto para comprar.',
        );
      const short = cart.itens.find((i) => i.quantidade > i.estoque);
      if (short)
        throw changed(
          short.estoque > 0
            ? `Restam apenas ${String(short.estoque)} unidade(s) de ${short.nome}. Ajuste a quantidade na sacola.`
            : `${short.nome} esgotou enquanto você finalizava. Remova-o da sacola para continuar.`,
        );
      // A coupon the buyer saw applied that no longer applies (its last use went to someone else, it
      // expired): said as such, not as a price change.
      const seen = fingerprintCoupon(request.conferencia);
      if (seen && !(cart.cupom?.aplicado && cart.cupom.codigo === seen))
        throw new PlatformError(
          409,
          'coupon_refused',
          `O cupom ${seen} deixou de valer: ${couponRefusal(cart.cupom, 'ele saiu da sua sacola')}. Confira os valores e confirme de novo.`,
        );
      if (!ufOfCep(address.cep) || !address.logradouro || !address.numero)
        throw badRequest('Complete o endereço de entrega (CEP, rua e número) antes de finalizar.');
      const grams = await parcelGrams(tx, carriedLines(cart));
      const table = quoteShipping(address.cep, cart.subtotal.valor, cart.quantidadeTotal, settings, grams);
      const quoted = table && withCarriers(table, carriers, handlingDays(settings));
      const quote = quoted && withCartCoupon(quoted, cart);
      const frete = quote?.fretes.find((f) => f.id === request.frete);
      const shown = fingerprintHasShipping(request.conferencia) ? (quote?.fretes ?? []) : undefined;
      if (cartFingerprint(cart, shown) !== request.conferencia)
        throw changed(
          `Os valores do seu pedido mudaram desde que a página foi aberta${frete ? `: o total agora é ${formatBRL(totalOf(cart, frete, method.aVista))}` : ''}. Confira os valores atualizados e confirme de novo.`,
        );
      if (!frete) throw badRequest('Escolha uma forma de entrega.');
      // Each line takes its units only if they are still there; a row lock orders racing buyers.
      for (const item of cart.itens) {
        const taken = await tx
          .update(t.variants)
          .set({ stock: sql`${t.variants.stock} - ${item.quantidade}` })
          .where(
            and(
              eq(t.variants.id, item.hash.idAtributoSimples),
              sql`${t.variants.stock} >= ${item.quantidade}`,
              // … and only while its product is on sale (switched off since the cart was read: refused).
              sql`exists (select 1 from ${t.products} where ${t.products.id} = ${t.variants.productId} and ${t.products.active})`,
            ),
          )
          .returning({ id: t.variants.id });
        if (taken.length === 0)
          throw changed(`${item.nome} esgotou enquanto você finalizava. Confira sua sacola.`);
      }
      // Their products' own stock and price follow (listings sort and filter by them).
      await refreshTotals(tx, [...new Set(cart.itens.map((item) => item.hash.idProduto))]);
      // The coupon's use is counted here, in the order's transaction: of buyers racing for its last use,
      // one order gets it and the others are told (nothing of theirs is taken).
      const cupom = cart.cupom?.aplicado ? cart.cupom : undefined;
      if (cupom) {
        const coupon = await findCoupon(tx, cupom.codigo);
        if (!coupon || !(await takeUse(tx, coupon.id)))
          throw new PlatformError(
            409,
            'coupon_exhausted',
            `O cupom ${cupom.codigo} esgotou enquanto você finalizava. Tire-o da sacola ou use outro.`,
          );
      }
      const pix = settings.pagamentos.pix;
      // The cash discount the cart showed everywhere (side cart, cart page, checkout): one rule, for the
      // methods paid at once (Pix, boleto); card pays the full price.
      const subtotal = cart.subtotal.valor;
      const discount = method.aVista ? cart.subtotal.descontoVista.desconto : 0;
      const couponProducts = cupom?.desconto ?? 0;
      const couponShipping = toReais(toCents(frete.valorSemCupom ?? frete.valor) - toCents(frete.valor));
      const handDiscount = hand?.discount.valor ?? 0;
      const total = toReais(toCents(totalOf(cart, frete, method.aVista)) - toCents(handDiscount));
      // A discount by hand comes off the products (never the delivery): an NF-e discounts goods only.
      if (toCents(handDiscount) > toCents(subtotal) - toCents(couponProducts) - toCents(discount))
        throw badRequest(
          `O desconto (${formatBRL(handDiscount)}) passa do valor dos produtos com os descontos já dados (${formatBRL(toReais(toCents(subtotal) - toCents(couponProducts) - toCents(discount)))}).`,
        );
      const [order] = await tx
        .insert(t.orders)
        .values({
          customerId: customer.id,
          sessionId: session,
          idempotencyKey: request.chave,
          payment: hand?.received ?? request.pagamento,
          ...(hand
            ? {
                channel: hand.canal,
                placedBy: hand.actor,
                handDiscount,
                handDiscountReason: handDiscount > 0 ? hand.discount.motivo : '',
              }
            : {}),
          subtotal,
          discount,
          couponCode: cupom?.codigo ?? '',
          couponDiscount: toReais(toCents(couponProducts) + toCents(couponShipping)),
          // The shipping as quoted before the coupon: the coupon's line says all it took off, so the
          // order's lines add up (products − coupon − cash discount + shipping = total).
          shippingPrice: frete.valorSemCupom ?? frete.valor,
          total,
          shipping: frete,
          address,
          expiresAt: sql`now() + ${`${String(method.minutosPagamento)} minutes`}::interval`,
        })
        .returning({ number: t.orders.number });
      if (!order) throw new Error('order insert returned nothing');
      if (hand?.received) {
        // Already received: no charge to make. The order is placed, then paid, in this one transaction.
      } else if (method.id === 'pix' && buyer.pixApi)
        // The PSP makes the charge once the order stands (chargeOrCancel): its txid is kept first, so a
        // charge made while the answer was lost is still found, read and removed.
        await tx
          .update(t.orders)
          .set({ provider: PIX_API, providerRef: newTxid(order.number), chargeState: 'ativa' })
          .where(eq(t.orders.number, order.number));
      else if (method.id === 'pix') {
        const payload = pixPayload({
          key: pix.chave,
          merchantName: settings.nomeLoja,
          merchantCity: pix.cidade,
          amount: total,
          txid: staticPixTxid(order.number),
          description: `Pedido ${String(order.number)}`,
        });
        await tx.update(t.orders).set({ pixPayload: payload }).where(eq(t.orders.number, order.number));
      }
      await tx.insert(t.orderItems).values(
        cart.itens.map((item, position) => ({
          orderNumber: order.number,
          position,
          productId: item.hash.idProduto,
          variantId: item.hash.idAtributoSimples,
          sku: item.sku,
          name: item.nome,
          path: new URL(item.url).pathname + new URL(item.url).search,
          quantity: item.quantidade,
          unitPrice: item.precos.precoPor,
        })),
      );
      await tx
        .insert(t.orderEvents)
        .values({ orderNumber: order.number, status: 'awaiting_payment', actor: hand?.actor ?? 'cliente' });
      await tx.delete(t.cartItems).where(eq(t.cartItems.sessionId, session));
      await tx
        .update(t.cartsStarted)
        .set({ orderedAt: sql`now()` })
        .where(and(eq(t.cartsStarted.sessionId, session), isNull(t.cartsStarted.orderedAt)));
      await setSessionCoupon(tx, session, '');
      await tellOfPlacing(tx, order.number, { method, hand, tell: buyer.tell, charged });
      return { number: order.number, created: true };
    });
  } catch (error) {
    // The same key placed twice at once: the second waits for the first and answers its order.
    if (isUniqueViolation(error)) {
      const placed = await orderOfKey(db, customer.id, request.chave);
      if (placed !== undefined) return { number: placed, created: false };
    }
    throw error;
  }
}

/** What the buyer pays for this cart and delivery option, in cents (exact), as reais. */
function totalOf(cart: Cart, frete: Frete, aVista: boolean): number {
  const coupon = cart.cupom?.aplicado ? cart.cupom.desconto : 0;
  const discount = aVista ? cart.subtotal.descontoVista.desconto : 0;
  return toReais(toCents(cart.subtotal.valor) - toCents(coupon) - toCents(discount) + toCents(frete.valor));
}
