import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';
import type { PageCreate, PageSave } from '#/contract/pages.ts';

/** The institutional pages as the team edits them (`/v2/admin/pages`, owners and `conteudo`). */

export const staffPages = (client: Client) => getJson(client, 'v2/admin/pages', {}, 'staffPages');

export const staffPage = (client: Client, id: number) =>
  getJson(client, `v2/admin/pages/${String(id)}`, {}, 'staffPage');

export const createPage = (client: Client, page: PageCreate) =>
  sendJson(client, 'post', 'v2/admin/pages', page, 'staffPage');

/** Save as a draft or publish (`acao`); a field the platform refuses is a 400 ApiError on it. */
export const savePage = (client: Client, id: number, page: PageSave) =>
  sendJson(client, 'put', `v2/admin/pages/${String(id)}`, page, 'staffPage');

export const changePageState = (client: Client, id: number, acao: 'tirar-do-ar' | 'descartar-rascunho') =>
  sendJson(client, 'post', `v2/admin/pages/${String(id)}/state`, { acao }, 'staffPage');

/** The text as the store would show it (cleaned, the settings' words filled). */
export const previewPage = (client: Client, conteudo: string) =>
  sendJson(client, 'post', 'v2/admin/pages/preview', { conteudo }, 'staffPagePreview');
