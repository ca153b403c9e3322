import { getOrder, getOrderInvoiceXml, getOrders } from '#/api/orders.ts';
import type { Client } from '#/api/http.ts';
import { isOrderNumber } from '#/contract/order.ts';
import type { Pedido, PedidoResumo } from '#/contract/order.ts';
import { pixQrSvg } from '#/lib/pix-qr.ts';
import { withdrawFromOrder } from '#/api/rights.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { postedFields } from './fields.ts';
import { requireLogin, visitorClient } from './visit.ts';
import type { Visit } from './visit.ts';

/** How the withdrawal form's last post went: its notice, what was typed, and whether it is being confirmed. */
export type Withdrawal = {
  notice?: Notice | undefined;
  motivo?: string | undefined;
  /** Asked once more before it is made (it cannot be undone): the form then confirms. */
  confirming?: boolean | undefined;
};

/**
 * An order for its page, with the QR code of its Pix while it waits to be paid, and how the withdrawal form's
 * post went; undefined: a 404.
 */
export type OrderFound =
  | {
      pedido: Pedido;
      qrSvg?: string | undefined;
      withdrawal?: Withdrawal | undefined;
    }
  | undefined;

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

/**
 * One of the customer's orders inside the account: a guest logs in first; someone else's is a 404. Its form
 * withdraws from the purchase (`acao=desistir`): done, the page comes back with the confirmation; refused, it
 * shows why with what was typed.
 */
export async function accountOrderPage(
  visit: Visit,
  numero: string | undefined,
): Promise<Answer<OrderFound>> {
  const client = visitorClient(visit);
  const login = await requireLogin(client, visit);
  if ('redirect' in login) return login;
  const fields = await postedFields(visit.request);
  if (fields && isOrderNumber(numero)) {
    const motivo = (fields['motivo'] ?? '').slice(0, 2000);
    if (fields['confirmado'] !== 'sim') {
      // It cannot be undone: the page asks once more, with what was typed.
      const found = await orderForPage(client, numero);
      return { view: found && { ...found, withdrawal: { motivo, confirming: true } } };
    }
    try {
      await withdrawFromOrder(client, numero, motivo);
      return redirect(`/minha-conta/pedidos/${numero}?desistencia=pedida#desistencia`);
    } catch (error) {
      const refused = refusal(error);
      if (refused.status === 404) return { view: undefined, status: 404 };
      const found = await orderForPage(client, numero);
      return {
        status: refused.status,
        view: found && {
          ...found,
          withdrawal: { notice: { text: refused.fields['motivo'] ?? refused.mensagem, error: true }, motivo },
        },
      };
    }
  }
  const found = await orderForPage(client, numero);
  const done = visit.url.searchParams.get('desistencia') === 'pedida' && found?.pedido.desistencia?.pedida;
  return {
    view: found && {
      ...found,
      ...(done ? { withdrawal: { notice: { text: WITHDRAWAL_DONE, error: false } } } : {}),
    },
  };
}

const WITHDRAWAL_DONE =
  'Desistência registrada. Enviamos a confirmação para o seu e-mail; a equipe combina com você a volta do produto e a devolução do valor.';

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
