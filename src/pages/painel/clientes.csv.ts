import type { APIRoute } from 'astro';
import { panelCustomersCsv } from '#/controllers/panel-customers.ts';

/** The filtered customers as a spreadsheet (controllers/panel-customers.ts). */
export const GET: APIRoute = async (visit) => {
  const answer = await panelCustomersCsv(visit);
  return answer instanceof Response ? answer : visit.redirect(answer.redirect, 303);
};
