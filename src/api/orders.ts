import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';
import type { OrderPlace } from '#/contract/order.ts';

/** Orders (`checkout/order`, `checkout/orders`): place the cart, read one, list the account's. */

const pedidoAnswerSchema = async () => (await import('#/contract/order.ts')).pedidoAnswerSchema;
const pedidosAnswerSchema = async () => (await import('#/contract/order.ts')).pedidosAnswerSchema;
const paymentMethodsSchema = async () => (await import('#/contract/order.ts')).paymentMethodsSchema;

/** Place the session's cart; a changed cart is a 409 ApiError (`cart_changed`) with the reason. */
export const placeOrder = async (client: Client, body: OrderPlace) =>
  (await sendJson(client, 'post', 'v2/front/checkout/order', body, pedidoAnswerSchema)).pedido;

/** One order of this shopper; anyone else's (or none) is a 404 ApiError. */
export const getOrder = async (client: Client, numero: string) =>
  (await getJson(client, `v2/front/checkout/order/${encodeURIComponent(numero)}`, {}, pedidoAnswerSchema))
    .pedido;

/** The logged-in customer's orders, newest first; a guest's call is a 401 ApiError. */
export const getOrders = async (client: Client) =>
  (await getJson(client, 'v2/front/checkout/orders', {}, pedidosAnswerSchema)).pedidos;

/** The payment methods the checkout offers, in order (Pix alone unless a provider is configured). */
export const getPaymentMethods = async (client: Client) =>
  (await getJson(client, 'v2/front/checkout/payment-methods', {}, paymentMethodsSchema)).metodos;
