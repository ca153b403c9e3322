import { cartSchema } from '../contract/cart.ts';
import { getJson, sendJson } from './http.ts';
import type { Client } from './http.ts';

/** The visitor's cart on the platform (`checkout/cart`); every call answers the whole cart. */

export const getCart = (client: Client) => getJson(client, 'v2/front/checkout/cart', {}, cartSchema);

export const addToCart = (
  client: Client,
  item: { idProduto: number; idAtributoSimples: number; quantidade: number },
) =>
  sendJson(
    client,
    'post',
    'v2/front/checkout/cart',
    { tipo: 'produto', itens: [{ ...item, idUnidadeVenda: 0, idArmazem: 0 }] },
    cartSchema,
  );
