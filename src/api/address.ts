import { getJson } from './core.ts';
import type { Client } from './core.ts';

/** Addresses (`address/cep/{cep}`): what a CEP tells, to fill a form. */

/** The address of a CEP; a malformed CEP is a 400 ApiError, an unknown one a 404, both with a message. */
export const lookupCep = (client: Client, cep: string) =>
  getJson(client, `v2/front/address/cep/${encodeURIComponent(cep)}`, {}, 'cep');
