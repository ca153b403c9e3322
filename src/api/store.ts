import type { Menu } from '#/contract/store.ts';
import { ApiError, getJson } from './core.ts';
import type { Client } from './core.ts';

/** Contract schemas, loaded only when answers are checked. */
const store = () => import('#/contract/store.ts');
const settingsSchema = async () => (await import('#/contract/settings.ts')).settingsSchema;
const menuSchema = async () => (await store()).menuSchema;
const bannersSchema = async () => (await store()).bannersSchema;
const showcaseSchema = async () => (await store()).showcaseSchema;
const brandsSchema = async () => (await store()).brandsSchema;

/** Store structure: settings, menus, banners, showcases and brands. */

export const getSettings = async (client: Client) =>
  (await getJson(client, 'v2/front/settings', {}, settingsSchema)).configuracoes;

/** A menu by slug; a missing menu renders nothing (the spec: menu failures are only logged). */
export async function getMenu(client: Client, hash: string): Promise<Menu['menu']> {
  try {
    return (await getJson(client, `v2/front/struct/menus/${encodeURIComponent(hash)}`, {}, menuSchema)).menu;
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
  (await getJson(client, `v2/front/showcase/banners/${encodeURIComponent(hash)}`, options, bannersSchema))
    .banners;

export const getShowcase = (
  client: Client,
  hash: string,
  query: { productId?: number; limit?: number } = {},
) => getJson(client, `v2/front/showcase/products/${encodeURIComponent(hash)}`, query, showcaseSchema);

export const getBrands = async (client: Client) =>
  (await getJson(client, 'v2/front/brands', { ativo: 'true' }, brandsSchema)).marcas;

const popupsSchema = async () => (await store()).popupsSchema;

/** The active popups of a page level (`home`, `detail` ...). */
export const getPopups = async (client: Client, nivel: string) =>
  (await getJson(client, `v2/front/struct/popup/${encodeURIComponent(nivel)}`, {}, popupsSchema)).popups;
