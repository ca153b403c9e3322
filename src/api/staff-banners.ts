import { getJson, sendFile, sendJson } from './core.ts';
import type { Client, SentFile } from './core.ts';
import type { BannerCreate, BannerDevice, BannerPlace, BannerSave } from '#/contract/banners.ts';

/** The banners as the team edits them (`/v2/admin/banners`, owners and `conteudo`). */

export const staffBanners = (client: Client) => getJson(client, 'v2/admin/banners', {}, 'staffBanners');

export const staffBanner = (client: Client, id: number) =>
  getJson(client, `v2/admin/banners/${String(id)}`, {}, 'staffBanner');

/** An image for a place and device, cut to its size: answers the id to name when saving the banner. */
export const sendBannerImage = (
  client: Client,
  lugar: BannerPlace,
  dispositivo: BannerDevice,
  file: SentFile,
) => sendFile(client, 'v2/admin/banners/images', { lugar, dispositivo }, file, 'staffBannerImage');

export const createBanner = (client: Client, banner: BannerCreate) =>
  sendJson(client, 'post', 'v2/admin/banners', banner, 'staffBanner');

/** Save the whole form; a field the platform refuses is a 400 ApiError on it. */
export const saveBanner = (client: Client, id: number, banner: BannerSave) =>
  sendJson(client, 'put', `v2/admin/banners/${String(id)}`, banner, 'staffBanner');

export const moveBanner = (client: Client, id: number, direcao: 'subir' | 'descer') =>
  sendJson(client, 'post', `v2/admin/banners/${String(id)}/move`, { direcao }, 'staffBanner');

export const removeBanner = (client: Client, id: number) =>
  sendJson(client, 'delete', `v2/admin/banners/${String(id)}`, undefined, 'staffBanners');
