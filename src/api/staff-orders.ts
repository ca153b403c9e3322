// The team's orders through the platform's staff API (`/v2/admin/orders`): the list, one order, moving it,
// its money (refunds, take-backs), its NF-e and its parcel.
import { getJson, sendJson } from './core.ts';
import type { Client, Query } from './core.ts';
import type { OrderStatusChange, Situacao } from '#/contract/order.ts';

/** A note for the team on an order (never shown to the buyer). */
export const addOrderNote = (client: Client, numero: string, texto: string) =>
  sendJson(client, 'post', `v2/admin/orders/${encodeURIComponent(numero)}/notes`, { texto }, 'formAnswer');

/** An order made by hand (a sale by phone, WhatsApp or at the counter): priced now, then placed. */
export const quoteHandOrder = (client: Client, order: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/admin/orders/quote', order, 'handQuote');
export const placeHandOrder = (client: Client, order: Record<string, unknown>) =>
  sendJson(client, 'post', 'v2/admin/orders', order, 'handPlaced');

/** A correction of an order not shipped yet (address, delivery, and before payment its lines): quoted, then made. */
const correctionPath = (numero: string, quote = false) =>
  `v2/admin/orders/${encodeURIComponent(numero)}/correction${quote ? '/quote' : ''}`;
export const quoteCorrection = (client: Client, numero: string, change: Record<string, unknown>) =>
  sendJson(client, 'post', correctionPath(numero, true), change, 'correctionQuote');
export const correctOrder = (client: Client, numero: string, change: Record<string, unknown>) =>
  sendJson(client, 'post', correctionPath(numero), change, 'correctionDone');

export const staffOrders = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/orders', query, 'staffOrders');

/** Every order the filters match (no paging), for a spreadsheet. */
export const staffOrderExport = (client: Client, query: Query) =>
  getJson(client, 'v2/admin/orders/export', query, 'staffOrderExport');

export const staffOrder = async (client: Client, numero: string) =>
  (await getJson(client, `v2/admin/orders/${encodeURIComponent(numero)}`, {}, 'staffOrder')).pedido;

export const moveOrder = (client: Client, numero: string, change: OrderStatusChange) =>
  sendJson(client, 'put', `v2/admin/orders/${encodeURIComponent(numero)}/status`, change, 'staffStatus');

/** Give the whole order's money back through the provider that took it (`de`: the status the page showed). */
export const refundOrder = (client: Client, numero: string, de: Situacao) =>
  sendJson(client, 'post', `v2/admin/orders/${encodeURIComponent(numero)}/refund`, { de }, 'staffRefund');

/** Correct a shipped order's carrier and tracking code (the buyer is e-mailed the new one). */
export const changeTracking = (
  client: Client,
  numero: string,
  tracking: { transportadora: string; rastreio: string },
) =>
  sendJson(client, 'put', `v2/admin/orders/${encodeURIComponent(numero)}/tracking`, tracking, 'formAnswer');

/** An order's NF-e: issue it, read it again at the provider, cancel it (with the reason), correct it by letter. */
const invoicePath = (numero: string, action = '') =>
  `v2/admin/orders/${encodeURIComponent(numero)}/invoice${action ? `/${action}` : ''}`;
export const issueInvoice = (client: Client, numero: string) =>
  sendJson(client, 'post', invoicePath(numero), {}, 'staffInvoice');
export const attachInvoice = (client: Client, numero: string, xml: string) =>
  sendJson(client, 'post', invoicePath(numero), { xml }, 'staffInvoice');
export const staffInvoiceXml = async (client: Client, numero: string) =>
  (await getJson(client, invoicePath(numero, 'xml'), {}, 'invoiceXml')).xml;
export const refreshInvoice = (client: Client, numero: string) =>
  sendJson(client, 'post', invoicePath(numero, 'refresh'), {}, 'staffInvoice');
export const cancelInvoice = (client: Client, numero: string, justificativa: string) =>
  sendJson(client, 'post', invoicePath(numero, 'cancel'), { justificativa }, 'staffInvoice');
export const correctInvoice = (client: Client, numero: string, correcao: string) =>
  sendJson(client, 'post', invoicePath(numero, 'correction'), { correcao }, 'staffInvoice');

/** An order's label: buy it with a quoted service; read where the parcel is now. */
export const buyLabel = (client: Client, numero: string, servico: string) =>
  sendJson(
    client,
    'post',
    `v2/admin/orders/${encodeURIComponent(numero)}/label`,
    { servico },
    'staffShipment',
  );
/** Cancel a label the order no longer needs (its price goes back to the provider's balance). */
export const cancelLabel = (client: Client, numero: string) =>
  sendJson(client, 'post', `v2/admin/orders/${encodeURIComponent(numero)}/label/cancel`, {}, 'staffShipment');
export const trackParcel = (client: Client, numero: string) =>
  sendJson(
    client,
    'post',
    `v2/admin/orders/${encodeURIComponent(numero)}/label/tracking`,
    {},
    'staffShipment',
  );

/** More time to pay an order waiting for the team to confirm its Pix (`minutos`: one of DEADLINE_CHOICES). */
export const extendDeadline = (client: Client, numero: string, minutos: string) =>
  sendJson(
    client,
    'post',
    `v2/admin/orders/${encodeURIComponent(numero)}/deadline`,
    { minutos },
    'formAnswer',
  );

/** Settle a refund alert another way (`nota`: how; `desfecho`: given back or not), ending the alert. */
export const resolveRefund = (client: Client, numero: string, id: string, nota: string, desfecho: string) =>
  sendJson(
    client,
    'post',
    `v2/admin/orders/${encodeURIComponent(numero)}/refunds/${encodeURIComponent(id)}/resolved`,
    { nota, desfecho },
    'formAnswer',
  );

/** Decide on an order held because its provider took the money back (`decisao`: seguir or cancelar). */
export const decideTakeback = (client: Client, numero: string, id: string, decisao: string, nota: string) =>
  sendJson(
    client,
    'post',
    `v2/admin/orders/${encodeURIComponent(numero)}/takebacks/${encodeURIComponent(id)}/decision`,
    { decisao, nota },
    'formAnswer',
  );
