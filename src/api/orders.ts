import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';
import type { OrderPlace } from '#/contract/order.ts';

/** Orders (`checkout/order`, `checkout/orders`): place the cart, read one, list the account's. */

/** Place the session's cart; a changed cart is a 409 ApiError (`cart_changed`) with the reason. */
export const placeOrder = async (client: Client, body: OrderPlace) =>
  (await sendJson(client, 'post', 'v2/front/checkout/order', body, 'order')).pedido;

/**
 * One order of this shopper; anyone else's (or none) is a 404 ApiError. `pagamento`: the provider's payment
 * the buyer came back from, which the platform reads (at the provider) before answering.
 */
export const getOrder = async (client: Client, numero: string, pagamento?: string) =>
  (
    await getJson(
      client,
      `v2/front/checkout/order/${encodeURIComponent(numero)}`,
      pagamento ? { pagamento } : {},
      'order',
    )
  ).pedido;

/** The logged-in customer's orders, newest first; a guest's call is a 401 ApiError. */
export const getOrders = async (client: Client) =>
  (await getJson(client, 'v2/front/checkout/orders', {}, 'orders')).pedidos;

/** The payment methods the checkout offers, in order (Pix alone unless a provider is configured). */
export const getPaymentMethods = async (client: Client) =>
  (await getJson(client, 'v2/front/checkout/payment-methods', {}, 'paymentMethods')).metodos;

/** The XML of the order's NF-e when the store keeps it (issued in the store's ERP); a 404 ApiError otherwise. */
export const getOrderInvoiceXml = async (client: Client, numero: string) =>
  (
    await getJson(
      client,
      `v2/front/checkout/order/${encodeURIComponent(numero)}/invoice-xml`,
      {},
      'invoiceXml',
    )
  ).xml;
