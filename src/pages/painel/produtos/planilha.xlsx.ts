import type { APIRoute } from 'astro';
import { panelSheetExport } from '#/controllers/panel-sheet.ts';

/** The catalogue as an XLSX workbook (controllers/panel-sheet.ts). */
export const GET: APIRoute = async (visit) => {
  const answer = await panelSheetExport(visit, 'xlsx');
  return answer instanceof Response ? answer : visit.redirect(answer.redirect, 303);
};
