import type { APIRoute } from 'astro';
import { accountInvoiceXml } from '#/controllers/orders.ts';

/** The XML of an order's NF-e the store keeps (issued in its ERP), for the order's buyer (controllers/orders.ts). */
export const GET: APIRoute = (visit) => accountInvoiceXml(visit, visit.params.numero);
