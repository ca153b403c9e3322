import type { APIRoute } from 'astro';
import { panelInboxCsv } from '#/controllers/panel-inbox.ts';

/** The filtered inbox as a spreadsheet (controllers/panel-inbox.ts). */
export const GET: APIRoute = async (visit) => {
  const answer = await panelInboxCsv(visit);
  return answer instanceof Response ? answer : visit.redirect(answer.redirect, 303);
};
