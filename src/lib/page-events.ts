import type { Cart } from '#/contract/cart.ts';
import type { Pedido } from '#/contract/order.ts';
import { gaItem } from './analytics.ts';
import type { GaItem } from './analytics.ts';

/**
 * Analytics events the server already knows when it renders a page, in GA4's shape; `EventScript` pushes
 * them to the data layer, late like the islands' events (lib/inline-scripts.ts, PUSH_EVENT).
 */

/** `generate_lead` for a form's answer page (GA4 shape). */
export const leadEvent = (source: string) => ({
  event: 'generate_lead',
  lead_source: source,
  currency: 'BRL',
  value: 0,
});

/** `view_shipping`: a shipping quote was shown (spec section 1). */
export const shippingViewEvent = (context: 'produto' | 'carrinho', uf: string, options: number) => ({
  event: 'view_shipping',
  shipping_context: context,
  shipping_region: uf,
  shipping_options: options,
});

/** `begin_checkout`: the delivery-and-payment step was shown with this cart. */
export const beginCheckoutEvent = (cart: Pick<Cart, 'itens' | 'subtotal'>) => ({
  event: 'begin_checkout',
  ecommerce: { currency: 'BRL', value: cart.subtotal.valor, items: cart.itens.map((i) => gaItem(i)) },
});

const orderItems = (pedido: Pedido): GaItem[] =>
  pedido.itens.map((i) => ({
    item_id: String(i.idProduto),
    item_name: i.nome,
    price: i.precoUnitario,
    quantity: i.quantidade,
  }));

/**
 * The checkout's last three steps, known together once the order exists (the form sends shipping and
 * payment at once): `add_shipping_info`, `add_payment_info` and `purchase`.
 */
export function placedOrderEvents(pedido: Pedido) {
  const base = { currency: 'BRL', value: pedido.valores.total, items: orderItems(pedido) };
  return [
    { event: 'add_shipping_info', ecommerce: { ...base, shipping_tier: pedido.entrega.label } },
    { event: 'add_payment_info', ecommerce: { ...base, payment_type: pedido.pagamento.label } },
    {
      event: 'purchase',
      ecommerce: {
        ...base,
        transaction_id: String(pedido.numero),
        shipping: pedido.valores.frete,
        tax: 0,
      },
    },
  ];
}
