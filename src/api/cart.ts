import type { CartHash, CartPayload } from '#/contract/cart.ts';
import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';

/** The visitor's cart on the platform (`checkout/cart`); every call answers the whole cart. */

const PATH = 'v2/front/checkout/cart';

/** What identifies a line, as the cart answers it in `hash` (the contract's shape, less the quantity). */
export type LineKey = Omit<CartHash, 'quantidade' | 'adicional'>;

export const getCart = (client: Client) => getJson(client, PATH, {}, 'cart');

export const addToCart = (
  client: Client,
  item: { idProduto: number; idAtributoSimples: number; quantidade: number },
) =>
  sendJson(
    client,
    'post',
    PATH,
    { tipo: 'produto', itens: [{ ...item, idUnidadeVenda: 0, idArmazem: 0 }] },
    'cart',
  );

/** Add a ready-made payload (an upsell offer's `carrinho`). */
export const addPayload = (client: Client, payload: CartPayload) =>
  sendJson(client, 'post', PATH, payload, 'cart');

/** Set a line's absolute quantity. */
export const setQuantity = (client: Client, line: LineKey, quantidade: number) =>
  sendJson(client, 'put', PATH, { ...lineBody(line), quantidade }, 'cart');

export const removeLine = (client: Client, line: LineKey) =>
  sendJson(client, 'delete', PATH, lineBody(line), 'cart');

const lineBody = (line: LineKey) => ({
  tipo: 'produto',
  idProduto: line.idProduto,
  idAtributoSimples: line.idAtributoSimples,
  idUnidadeVenda: line.idUnidadeVenda,
  idArmazem: line.idArmazem,
});

export const getUpsell = (client: Client) =>
  getJson(client, 'v2/front/checkout/upsell/carrinhoLateral', {}, 'upsell');

/** Shipping of the session's cart to a CEP (the CEP is remembered in the session). */
export const quoteCartShipping = (client: Client, cep: string) =>
  sendJson(client, 'post', 'v2/front/shipment/cart', { cep }, 'shipping');

/** Shipping of one product (a finish, a quantity) to a CEP. */
export const quoteProductShipping = (
  client: Client,
  body: { cep: string; idProduto: number; idAtributoValor: number; quantidade: number },
) => sendJson(client, 'post', 'v2/front/shipment/product', body, 'shipping');

/** Put a coupon on the cart (any case); a code that does not apply is a 4xx ApiError with the reason. */
export const applyCoupon = (client: Client, code: string) =>
  sendJson(
    client,
    'put',
    `v2/front/promotional/coupon/${encodeURIComponent(code.trim())}`,
    undefined,
    'cart',
  );

/** What a page may print of an advertised coupon (its rules, its dates, whether it applies now). */
export const getCoupon = (client: Client, code: string) =>
  getJson(client, `v2/front/promotional/coupon/${encodeURIComponent(code.trim())}`, {}, 'publicCoupon');

/** Take the coupon off the cart. */
export const removeCoupon = (client: Client) =>
  sendJson(client, 'delete', 'v2/front/promotional/coupon', undefined, 'cart');
