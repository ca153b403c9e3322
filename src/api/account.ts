import { getJson, PASSWORD_TIMEOUT_MS, sendJson } from './core.ts';
import type { Client } from './core.ts';

/** The shopper (`checkout/user`) and their favourites (`wishlist`). */

export const getUser = (client: Client) => getJson(client, 'v2/front/checkout/user', {}, 'user');

/** Favourite product ids; a guest's call fails with a 401 ApiError. */
export const getFavourites = async (client: Client) =>
  (await getJson(client, 'v2/front/wishlist', {}, 'wishlist')).favoritos;

export const changeFavourite = (client: Client, action: 'add' | 'remove' | 'verify', idProduto: number) =>
  sendJson(
    client,
    'post',
    `v2/front/wishlist/${action}`,
    { idProduto, idAtributoSimples: 0, idUnidadeVenda: 0, quantidade: 1, parametroAdicional: '' },
    'wishlistAnswer',
  );

/** Sign up: the answer's `desafio` goes back with the code e-mailed to the address (`confirmSignup`). */
export const register = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/checkout/register', body, 'formAnswer', PASSWORD_TIMEOUT_MS);

/** The sign-up's code: the account is made and logged in on a new session (read `client.issuedSession`). */
export const confirmSignup = (client: Client, desafio: string, codigo: string) =>
  sendJson(client, 'post', 'v2/front/checkout/register/confirm', { desafio, codigo }, 'formAnswer');

/**
 * Log in with e-mail or CPF/CNPJ; the session id changes (read `client.issuedSession`). `dispositivo`: this
 * device's token from its last login. An answer with `desafio` is a login held for the e-mailed code.
 */
export const login = (client: Client, usuario: string, senha: string, dispositivo?: string) =>
  sendJson(
    client,
    'post',
    'v2/front/checkout/login',
    { usuario, senha, revendedor: false, ...(dispositivo ? { dispositivo } : {}) },
    'formAnswer',
    PASSWORD_TIMEOUT_MS,
  );

/** A held login's code: logged in on a new session (read `client.issuedSession`). */
export const confirmLogin = (client: Client, desafio: string, codigo: string) =>
  sendJson(client, 'post', 'v2/front/checkout/login/confirm', { desafio, codigo }, 'formAnswer');

export const logout = (client: Client) =>
  sendJson(client, 'post', 'v2/front/checkout/logout', {}, 'formAnswer');

export const requestPasswordReset = (client: Client, usuario: string) =>
  sendJson(client, 'post', 'v2/front/checkout/password-recovery', { usuario }, 'formAnswer');

export const resetPassword = (client: Client, token: string, senha: string) =>
  sendJson(
    client,
    'post',
    'v2/front/checkout/password-reset',
    { token, senha },
    'formAnswer',
    PASSWORD_TIMEOUT_MS,
  );

export const updateProfile = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/checkout/user', body, 'formAnswer');

/** The favourites as products, for the wishlist page (our extension: `?produtos=1`). */
export const getFavouriteProducts = async (client: Client) =>
  (await getJson(client, 'v2/front/wishlist', { produtos: '1' }, 'wishlistProducts')).produtos;

/** The customer's delivery addresses (`checkout/addresses`): the account's (id 0) first. */
export const getAddresses = async (client: Client) =>
  (await getJson(client, 'v2/front/checkout/addresses', {}, 'addresses')).enderecos;

/** Add a delivery address; a field the platform refuses is a 400 ApiError with its message. */
export const addAddress = (client: Client, body: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/front/checkout/addresses', body, 'address');

export const removeAddress = (client: Client, id: number) =>
  sendJson(client, 'delete', `v2/front/checkout/addresses/${String(id)}`, undefined, 'formAnswer');
