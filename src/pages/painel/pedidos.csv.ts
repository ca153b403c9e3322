import type { APIRoute } from 'astro';
import { panelOrdersCsv } from '#/controllers/panel-order-list.ts';

/** The filtered orders as a spreadsheet (controllers/panel-orders.ts). */
export const GET: APIRoute = async (visit) => {
  const answer = await panelOrdersCsv(visit);
  return answer instanceof Response ? answer : visit.redirect(answer.redirect, 303);
};
