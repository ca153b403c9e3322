import { getJson, PASSWORD_TIMEOUT_MS, sendJson } from './core.ts';
import type { Client, Query } from './core.ts';

/**
 * The shopper's rights (our extension): withdrawing from an order (`checkout/order/{numero}/withdrawal`), the
 * customer's data (`checkout/privacy`), and the team's list of both (`/v2/admin/requests`).
 */

/** Withdraw from one of the customer's orders; refused (closed, already asked) as a 409 ApiError. */
export const withdrawFromOrder = (client: Client, numero: string, motivo: string) =>
  sendJson(
    client,
    'post',
    `v2/front/checkout/order/${encodeURIComponent(numero)}/withdrawal`,
    { motivo },
    'formAnswer',
  );

/** The customer's consents and deletion request; a guest's call is a 401 ApiError. */
export const getPrivacy = (client: Client) => getJson(client, 'v2/front/checkout/privacy', {}, 'privacy');

/** Every record the store keeps of the customer, by part. */
export const getDataExport = (client: Client) =>
  getJson(client, 'v2/front/checkout/privacy/export', {}, 'dataExport');

/** Take one consent back (an "Avise-me" by its id). */
export const withdrawConsent = (client: Client, consentimento: string, id?: string) =>
  sendJson(
    client,
    'post',
    'v2/front/checkout/privacy/consents',
    { consentimento, ...(id ? { id } : {}) },
    'formAnswer',
  );

/** Ask for the account's deletion, confirming the password (a wrong one is a 400 ApiError on `senha`). */
export const askAccountDeletion = (client: Client, senha: string) =>
  sendJson(
    client,
    'post',
    'v2/front/checkout/privacy/deletion',
    { senha },
    'formAnswer',
    PASSWORD_TIMEOUT_MS,
  );

/** The team's list: withdrawals and account deletions, open ones first, with deadlines. */
export const staffRequests = (client: Client, query: Query = {}) =>
  getJson(client, 'v2/admin/requests', query, 'staffRequests');

/** The team's step on a withdrawal. */
export const stepWithdrawal = (client: Client, numero: string, acao: string, estoque: boolean) =>
  sendJson(
    client,
    'post',
    `v2/admin/requests/withdrawals/${encodeURIComponent(numero)}`,
    { acao, estoque },
    'formAnswer',
  );

/** An owner's decision on a deletion request (a refusal says why). */
export const decideDeletion = (client: Client, id: string, acao: string, motivo: string) =>
  sendJson(
    client,
    'post',
    `v2/admin/requests/deletions/${encodeURIComponent(id)}`,
    { acao, motivo },
    'formAnswer',
  );
