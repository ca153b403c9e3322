// What the store sends and sweeps, through the staff API (`/v2/admin/deliveries`, owners): the list, a failed
// message sent again, and the messages of one order (owners and orders members).
import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';

export const staffDeliveries = (client: Client) =>
  getJson(client, 'v2/admin/deliveries', {}, 'staffDeliveries');

export const resendFailed = (client: Client, id: string) =>
  sendJson(client, 'post', `v2/admin/deliveries/${encodeURIComponent(id)}/resend`, {}, 'formAnswer');

export const orderMessages = (client: Client, numero: number) =>
  getJson(client, `v2/admin/orders/${String(numero)}/messages`, {}, 'staffOrderMessages');
