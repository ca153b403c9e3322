import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';

/** The shopper (`checkout/user`) and their favourites (`wishlist`). */

const userSchema = async () => (await import('../contract/user.ts')).userSchema;
const wishlistSchema = async () => (await import('../contract/wishlist.ts')).wishlistSchema;
const wishlistAnswerSchema = async () => (await import('../contract/wishlist.ts')).wishlistAnswerSchema;

export const getUser = (client: Client) => getJson(client, 'v2/front/checkout/user', {}, userSchema);

/** Favourite product ids; a guest's call fails with a 401 ApiError. */
export const getFavourites = async (client: Client) =>
  (await getJson(client, 'v2/front/wishlist', {}, wishlistSchema)).favoritos;

export const changeFavourite = (client: Client, action: 'add' | 'remove' | 'verify', idProduto: number) =>
  sendJson(
    client,
    'post',
    `v2/front/wishlist/${action}`,
    { idProduto, idAtributoSimples: 0, idUnidadeVenda: 0, quantidade: 1, parametroAdicional: '' },
    wishlistAnswerSchema,
  );
