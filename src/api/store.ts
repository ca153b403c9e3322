import type { Menu } from '#/contract/store.ts';
import { ApiError, getJson } from './core.ts';
import type { Client } from './core.ts';

/** Store structure: settings, menus, banners, showcases and brands. */

export const getSettings = async (client: Client) =>
  (await getJson(client, 'v2/front/settings', {}, 'settings')).configuracoes;

/** A menu by slug; a missing menu renders nothing (the spec: menu failures are only logged). */
export async function getMenu(client: Client, hash: string): Promise<Menu['menu']> {
  try {
    return (await getJson(client, `v2/front/struct/menus/${encodeURIComponent(hash)}`, {}, 'menu')).menu;
  } catch (error) {
    if (error instanceof ApiError) {
      console.warn(`[api] menu ${hash}: ${error.message}`);
      return [];
    }
    throw error;
  }
}

export const getBanners = async (
  client: Client,
  hash: string,
  options: { idNivel?: number; limit?: number } = {},
) =>
  (await getJson(client, `v2/front/showcase/banners/${encodeURIComponent(hash)}`, options, 'banners'))
    .banners;

export const getShowcase = (
  client: Client,
  hash: string,
  query: { productId?: number; limit?: number } = {},
) => getJson(client, `v2/front/showcase/products/${encodeURIComponent(hash)}`, query, 'showcase');

/** The showcases the team puts on the home, in their order (their products: getShowcase). */
export const getHomeShowcases = async (client: Client) =>
  (await getJson(client, 'v2/front/showcase/home', {}, 'homeShowcases')).vitrines;

export const getBrands = async (client: Client) =>
  (await getJson(client, 'v2/front/brands', { ativo: 'true' }, 'brands')).marcas;

/** The active popups of a page level (`home`, `detail` ...). */
export const getPopups = async (client: Client, nivel: string) =>
  (await getJson(client, `v2/front/struct/popup/${encodeURIComponent(nivel)}`, {}, 'popups')).popups;
