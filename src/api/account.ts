import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';

/** The shopper (`checkout/user`) and their favourites (`wishlist`). */

const userSchema = async () => (await import('#/contract/user.ts')).userSchema;
const wishlistSchema = async () => (await import('#/contract/wishlist.ts')).wishlistSchema;
const wishlistAnswerSchema = async () => (await import('#/contract/wishlist.ts')).wishlistAnswerSchema;

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

const formAnswerSchema = async () => (await import('#/contract/forms.ts')).formAnswerSchema;
const produtosSchema = async () => (await import('#/contract/wishlist.ts')).wishlistProductsSchema;

/** Sign up (logs the new customer in on a new session: read `client.issuedSession`). */
export const register = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/checkout/register', body, formAnswerSchema);

/** Log in with e-mail or CPF/CNPJ; the session id changes (read `client.issuedSession`). */
export const login = (client: Client, usuario: string, senha: string) =>
  sendJson(
    client,
    'post',
    'v2/front/checkout/login',
    { usuario, senha, revendedor: false },
    formAnswerSchema,
  );

export const logout = (client: Client) =>
  sendJson(client, 'post', 'v2/front/checkout/logout', {}, formAnswerSchema);

export const requestPasswordReset = (client: Client, usuario: string) =>
  sendJson(client, 'post', 'v2/front/checkout/password-recovery', { usuario }, formAnswerSchema);

export const resetPassword = (client: Client, token: string, senha: string) =>
  sendJson(client, 'post', 'v2/front/checkout/password-reset', { token, senha }, formAnswerSchema);

export const updateProfile = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/checkout/user', body, formAnswerSchema);

/** The favourites as products, for the wishlist page (our extension: `?produtos=1`). */
export const getFavouriteProducts = async (client: Client) =>
  (await getJson(client, 'v2/front/wishlist', { produtos: '1' }, produtosSchema)).produtos;

const enderecosAnswerSchema = async () => (await import('#/contract/account.ts')).enderecosAnswerSchema;
const enderecoAnswerSchema = async () => (await import('#/contract/account.ts')).enderecoAnswerSchema;

/** The customer's delivery addresses (`checkout/addresses`): the account's (id 0) first. */
export const getAddresses = async (client: Client) =>
  (await getJson(client, 'v2/front/checkout/addresses', {}, enderecosAnswerSchema)).enderecos;

/** Add a delivery address; a field the platform refuses is a 400 ApiError with its message. */
export const addAddress = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/checkout/addresses', body, enderecoAnswerSchema);

export const removeAddress = (client: Client, id: number) =>
  sendJson(client, 'delete', `v2/front/checkout/addresses/${String(id)}`, undefined, formAnswerSchema);
