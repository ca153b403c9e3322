import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';

/** The store's popups as the team edits them (`/v2/admin/popups`, owners and `conteudo`); each answers the list. */

export const staffPopups = (client: Client) => getJson(client, 'v2/admin/popups', {}, 'staffPopups');

/** A new popup (as typed: a field the platform refuses is a 400 ApiError on it). */
export const createPopup = (client: Client, popup: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/admin/popups', popup, 'staffPopups');

export const savePopup = (client: Client, id: number, popup: Record<string, unknown>) =>
  sendJson(client, 'put', `v2/admin/popups/${String(id)}`, popup, 'staffPopups');

export const removePopup = (client: Client, id: number) =>
  sendJson(client, 'delete', `v2/admin/popups/${String(id)}`, undefined, 'staffPopups');
