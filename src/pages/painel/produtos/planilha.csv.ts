import type { APIRoute } from 'astro';
import { panelSheetExport } from '#/controllers/panel-sheet.ts';

/** The catalogue as a CSV for Excel in Portuguese (controllers/panel-sheet.ts). */
export const GET: APIRoute = async (visit) => {
  const answer = await panelSheetExport(visit, 'csv');
  return answer instanceof Response ? answer : visit.redirect(answer.redirect, 303);
};
