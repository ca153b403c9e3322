import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';
import type { ShippingTable } from '#/contract/shipping-table.ts';

/** The store's own shipping table by region (`/v2/admin/shipping-table`, owners). */

export const staffShippingTable = (client: Client) =>
  getJson(client, 'v2/admin/shipping-table', {}, 'staffShippingTable');

/**
 * Save every region's row (as typed: a cell that is not a number is sent for the platform to refuse); a
 * refused cell is a 400 ApiError on `regioes.{region}.{field}`.
 */
export const saveShippingTable = (client: Client, table: ShippingTable | Record<string, unknown>) =>
  sendJson(client, 'put', 'v2/admin/shipping-table', table, 'staffShippingTable');
