// The providers through the staff API (`/v2/admin/integrations`, owners): their state, the panel's settings of
// one (secrets are written, never read), forgetting them, and "Testar conexão".
import { getJson, sendJson } from './core.ts';
import type { Client } from './core.ts';
import type { IntegrationId, IntegrationSave } from '#/contract/integrations.ts';

const path = (id: IntegrationId) => `v2/admin/integrations/${id}`;

export const staffIntegrations = (client: Client) =>
  getJson(client, 'v2/admin/integrations', {}, 'staffIntegrations');

/** A refused field is a 400 ApiError on `campos.{field}`. */
export const saveIntegration = (client: Client, id: IntegrationId, body: IntegrationSave) =>
  sendJson(client, 'put', path(id), body, 'staffIntegrations');

export const removeIntegration = (client: Client, id: IntegrationId) =>
  sendJson(client, 'delete', path(id), undefined, 'staffIntegrations');

export const testIntegration = (client: Client, id: IntegrationId) =>
  sendJson(client, 'post', `${path(id)}/test`, {}, 'staffIntegrationTest', 20_000);
