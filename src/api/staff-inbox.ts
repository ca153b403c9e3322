import { getJson, sendJson } from './core.ts';
import type { Client, Query } from './core.ts';
import type { ReadyAnswerInput, ReplyInput } from '#/contract/staff-conversations.ts';

/** The team's inbox (`/v2/admin/inbox`, owners and `pedidos`): the list, each conversation, ready answers. */

const one = (id: string) => `v2/admin/inbox/${encodeURIComponent(id)}`;

/** The inbox: contact messages, architect sign-ups, store evaluations and newsletter sign-ups, newest first. */
export const staffInbox = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/inbox', query, 'staffInbox');

/** Every message the filters match (no paging), for a spreadsheet. */
export const staffInboxExport = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/inbox/export', query, 'staffInboxExport');

/** Mark a message answered (or waiting again). */
export const markMessageAnswered = (client: Client, id: string, respondida: boolean) =>
  sendJson(client, 'put', `${one(id)}/answered`, { respondida }, 'formAnswer');

/** A message with the team's replies, its customer and the orders it names (404: no such message). */
export const staffConversation = (client: Client, id: string) =>
  getJson(client, one(id), {}, 'staffConversation');

/** Reply by e-mail from the store; a 400 names the field (`texto`, `salvarComo`). */
export const replyToMessage = (client: Client, id: string, input: ReplyInput) =>
  sendJson(client, 'post', `${one(id)}/replies`, input, 'formAnswer');

export const staffReadyAnswers = (client: Client) =>
  getJson(client, 'v2/admin/inbox/ready-answers', {}, 'staffReadyAnswers');

/** A ready answer filled in for `nome` (its `{nome}`). */
export const staffReadyAnswer = (client: Client, id: string, nome: string) =>
  getJson(client, `v2/admin/inbox/ready-answers/${encodeURIComponent(id)}`, { nome }, 'staffReadyAnswer');

export const addReadyAnswer = (client: Client, input: ReadyAnswerInput) =>
  sendJson(client, 'post', 'v2/admin/inbox/ready-answers', input, 'staffReadyAnswer');

export const changeReadyAnswer = (client: Client, id: string, input: ReadyAnswerInput) =>
  sendJson(
    client,
    'put',
    `v2/admin/inbox/ready-answers/${encodeURIComponent(id)}`,
    input,
    'staffReadyAnswer',
  );

export const removeReadyAnswer = (client: Client, id: string) =>
  sendJson(
    client,
    'delete',
    `v2/admin/inbox/ready-answers/${encodeURIComponent(id)}`,
    undefined,
    'formAnswer',
  );
