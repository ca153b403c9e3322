import { getOrder, getOrderInvoiceXml, getOrders } from '#/api/orders.ts';
import type { Client } from '#/api/http.ts';
import { isOrderNumber } from '#/contract/order.ts';
import type { Pedido, PedidoResumo } from '#/contract/order.ts';
import { pixQrSvg } from '#/lib/pix-qr.ts';
import type { Answer } from './answer.ts';
import { refusal } from './answer.ts';
import { requireLogin, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

/** An order for its page, with the QR code of its Pix while it waits to be paid; undefined: a 404. */
export type OrderFound = { pedido: Pedido; qrSvg?: string | undefined } | undefined;

/**
 * The order just placed (`/checkout/pedido/{numero}`): only its buyer's session or account opens it. Back
 * from Mercado Pago's page (`payment_id`), the platform reads that payment first, so the page says at once
 * what happened.
 */
export async function placedOrderPage(visit: Visit, numero: string | undefined): Promise<Answer<OrderFound>> {
  const payment = visit.url.searchParams.get('payment_id') ?? '';
  return {
    view: await orderForPage(visitorClient(visit), numero, /^\d{1,20}$/.test(payment) ? payment : undefined),
  };
}

/** One of the customer's orders inside the account: a guest logs in first; someone else's is a 404. */
export async function accountOrderPage(
  visit: Visit,
  numero: string | undefined,
): Promise<Answer<OrderFound>> {
  const client = visitorClient(visit);
  const login = await requireLogin(client, visit);
  if ('redirect' in login) return login;
  return { view: await orderForPage(client, numero) };
}

/** The customer's orders, newest first. */
export async function accountOrdersPage(visit: Visit): Promise<Answer<PedidoResumo[]>> {
  const client = visitorClient(visit);
  const login = await requireLogin(client, visit);
  if ('redirect' in login) return login;
  return { view: await getOrders(client) };
}

async function orderForPage(
  client: Client,
  numero: string | undefined,
  payment?: string,
): Promise<OrderFound> {
  if (!isOrderNumber(numero)) return undefined;
  try {
    const pedido = await getOrder(client, numero, payment);
    const code = pedido.pagamento.copiaECola;
    return { pedido, qrSvg: code ? await pixQrSvg(code) : undefined };
  } catch (error) {
    if (refusal(error).status === 404) return undefined;
    throw error;
  }
}

/** The XML the store keeps of an order's NF-e, as a download for its buyer (a 404 for anyone else). */
export async function accountInvoiceXml(visit: Visit, numero: string | undefined): Promise<Response> {
  const client = visitorClient(visit);
  if (!isOrderNumber(numero)) return new Response('Nota fiscal não encontrada.', { status: 404 });
  try {
    return xmlDownload(await getOrderInvoiceXml(client, numero), numero);
  } catch (error) {
    const refused = refusal(error);
    if (refused.status === 404 || refused.status === 401)
      return new Response('Nota fiscal não encontrada.', { status: 404 });
    throw error;
  }
}

/** An NF-e's XML as a file to save. */
export const xmlDownload = (xml: string, numero: string) =>
  new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="nfe-pedido-${numero}.xml"`,
      'Cache-Control': 'private, no-store',
    },
  });
