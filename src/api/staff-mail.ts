// The store's kept e-mail through the staff API (`/v2/admin/outbox`, owners): the list, and one sent again.
import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';

export const staffOutbox = (client: Client) => getJson(client, 'v2/admin/outbox', {}, 'staffOutbox');

export const resendMail = (client: Client, id: string) =>
  sendJson(client, 'post', `v2/admin/outbox/${encodeURIComponent(id)}/resend`, {}, 'formAnswer');
