import type { APIRoute } from 'astro';
import { panelActivityCsv } from '#/controllers/panel-activity.ts';

/** The filtered activity as a spreadsheet (controllers/panel-activity.ts). */
export const GET: APIRoute = async (visit) => {
  const answer = await panelActivityCsv(visit);
  return answer instanceof Response ? answer : visit.redirect(answer.redirect, 303);
};
