import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';
import type { ContactInput } from '#/contract/contact.ts';

/** The store's opening hours and social networks (`/v2/admin/contact`, owners and `conteudo`). */

export const staffContact = (client: Client) => getJson(client, 'v2/admin/contact', {}, 'staffContact');

/** Save the form; a refused field is a 400 ApiError on `horarios.{n}.{field}` or `redes.{network}`. */
export const saveContact = (client: Client, contact: ContactInput) =>
  sendJson(client, 'put', 'v2/admin/contact', contact, 'staffContact');
