import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';
import type { MenuSave } from '#/contract/menus.ts';

/** The store's menus as the team edits them (`/v2/admin/menus`, owners and `conteudo`). */

export const staffMenus = (client: Client) => getJson(client, 'v2/admin/menus', {}, 'staffMenus');

export const staffMenu = (client: Client, hash: string) =>
  getJson(client, `v2/admin/menus/${encodeURIComponent(hash)}`, {}, 'staffMenu');

/** Save the entries in order; an entry's field the platform refuses is a 400 ApiError on `itens.{n}.{field}`. */
export const saveMenu = (client: Client, hash: string, menu: MenuSave) =>
  sendJson(client, 'put', `v2/admin/menus/${encodeURIComponent(hash)}`, menu, 'staffMenu');
