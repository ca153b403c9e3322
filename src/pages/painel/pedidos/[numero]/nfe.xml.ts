import type { APIRoute } from 'astro';
import { panelInvoiceXml } from '#/controllers/panel-orders.ts';

/** The XML of an order's NF-e attached from an ERP, for the team (controllers/panel-orders.ts). */
export const GET: APIRoute = async (visit) => {
  const answer = await panelInvoiceXml(visit, visit.params.numero);
  return answer instanceof Response ? answer : visit.redirect(answer.redirect, 303);
};
