import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';
import type { ShowcasesSave } from '#/contract/showcases.ts';

/** The home's showcases as the team arranges them (`/v2/admin/showcases`, owners and `conteudo`). */

export const staffShowcases = (client: Client) => getJson(client, 'v2/admin/showcases', {}, 'staffShowcases');

/** Save the list in the home's order; a refused title is a 400 ApiError on `vitrines.{n}.titulo`. */
export const saveShowcases = (client: Client, showcases: ShowcasesSave) =>
  sendJson(client, 'put', 'v2/admin/showcases', showcases, 'staffShowcases');
