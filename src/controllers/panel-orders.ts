import { orderMessages } from '#/api/staff-deliveries.ts';
import type { OrderMessages } from '#/contract/deliveries.ts';
import { moveOrder, refundOrder, staffInvoiceXml, staffOrder } from '#/api/staff-orders.ts';
import { isOrderNumber, ORDER_STATUSES } from '#/contract/order.ts';
import type { Situacao } from '#/contract/order.ts';
import type { PedidoEquipe } from '#/contract/staff-orders.ts';
import type { Mensagem } from '#/contract/staff-inbox.ts';
import { staffInbox } from '#/api/staff-inbox.ts';
import { withMail } from '#/lib/mail-said.ts';
import { ORDER_ACTIONS } from '#/lib/panel-actions.ts';
import type { OrderAction } from '#/lib/panel-actions.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal, refusalLine } from './answer.ts';
import { fieldsOf } from './fields.ts';
import type { Fields } from './fields.ts';
import { ASKS_FIRST, SIDE_ACTIONS, sideConfirmation } from './panel-order-side.ts';
import type { SideConfirmation } from './panel-order-side.ts';
import { panelFrame, panelPage } from './panel.ts';
import { xmlDownload } from './orders.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

// One order for the team (`/painel/pedidos/{numero}`): moving it along, its side forms, its packing slip.

const isAction = (value: string | null | undefined): value is OrderAction | 'devolver' =>
  value === 'devolver' || (value !== null && value !== undefined && Object.hasOwn(ORDER_ACTIONS, value));

/** What a move did, and the e-mail it sent the buyer (told as sent only when the store sends e-mail). */
const DONE: Partial<Record<Situacao, [string, string]>> = {
  pago: ['Pagamento registrado.', 'O e-mail ao cliente está na fila de envio.'],
  enviado: ['Envio registrado.', 'O e-mail com o rastreio está na fila de envio.'],
  entregue: ['Entrega registrada.', 'O convite para avaliar os produtos está na fila de envio.'],
  cancelado: [
    'Pedido cancelado. Os produtos voltaram ao estoque.',
    'O e-mail ao cliente está na fila de envio.',
  ],
};
/** What the order page says after an NF-e action (the card below says what the provider answered). */
const INVOICE_DONE: Record<string, string | [string, string]> = {
  nfe: ['NF-e autorizada.', 'O e-mail ao cliente, com o DANFE e o XML, está na fila de envio.'],
  'nfe-pendente': 'A NF-e ainda não foi autorizada: veja abaixo a situação.',
  'nfe-recusada': 'A NF-e não saiu: veja abaixo o motivo.',
  'nfe-cancelada': 'NF-e cancelada na SEFAZ.',
  etiqueta:
    'Etiqueta comprada e gerada no Melhor Envio: imprima o PDF indicado abaixo (se ele ainda não aparecer, "Consultar rastreio agora" o busca). O pedido passa a "enviado" quando a transportadora registrar a postagem.',
  'rastreio-lido': 'Rastreio consultado na transportadora.',
  'nfe-anexada': [
    'NF-e anexada ao pedido.',
    'O e-mail ao cliente, com o link do XML, está na fila de envio.',
  ],
  'nfe-corrigida': 'Carta de correção registrada na SEFAZ.',
  'etiqueta-cancelada':
    'Etiqueta cancelada no Melhor Envio: o valor volta ao saldo da conta em até 12 horas.',
  'retido-liberado': 'Pedido liberado: a etiqueta e o envio voltam a ser possíveis.',
  'retido-cancelado': [
    'Pedido cancelado sem devolução (o provedor já tirou o valor da loja). Os produtos voltaram ao estoque.',
    'O e-mail ao cliente está na fila de envio.',
  ],
  devolvido: [
    'Devolução pedida ao provedor de pagamento; veja abaixo o que ele respondeu.',
    'O e-mail ao cliente está na fila de envio; outro sai quando o provedor confirmar.',
  ],
  resolvido: 'Devolução marcada como resolvida. O registro diz quem resolveu e como.',
  rastreio: ['Rastreio corrigido.', 'O e-mail com o novo código está na fila de envio.'],
  prazo:
    'Prazo estendido: o cliente vê o novo prazo na página do pedido, e a equipe é lembrada de novo antes dele.',
  nota: 'Nota guardada. Só a equipe a vê.',
  corrigido: [
    'Pedido corrigido: o que mudou está no histórico.',
    'O e-mail ao cliente, com o que mudou, está na fila de envio.',
  ],
  criado: ['Pedido criado.', 'O e-mail ao cliente, com o pedido, está na fila de envio.'],
  'criado-conta': [
    'Pedido criado, com uma conta nova para o cliente (sem senha: ele cria a sua em "Esqueci minha senha", como o e-mail explica).',
    'O e-mail ao cliente, com o pedido, está na fila de envio.',
  ],
};

/** The notice after `done`, its e-mail told as the store's mail really went. */
function doneText(done: string | null, envia: boolean): string | undefined {
  if (!done) return undefined;
  const said = Object.hasOwn(INVOICE_DONE, done)
    ? INVOICE_DONE[done]
    : Object.hasOwn(DONE, done)
      ? DONE[done as Situacao]
      : undefined;
  return typeof said === 'string' || said === undefined ? said : withMail(envia, said[0], said[1]);
}

export type OrderView = {
  pedido: PedidoEquipe;
  /** The action being confirmed (`?acao=`), when the order's status allows it. */
  confirming: OrderAction | 'devolver' | undefined;
  /** A side form that cannot be undone, asked before it is sent (controllers/panel-order-side.ts). */
  confirmar: SideConfirmation | undefined;
  notice: Notice | undefined;
  values: Fields;
  /** What the platform said of each field of the form just posted. */
  errors: Readonly<Record<string, string>>;
  /** The e-mails about the order, and where each is. */
  mensagens: OrderMessages['mensagens'];
  /** The inbox's messages that name the order (newest first, a page of them). */
  conversas: Mensagem[];
};

/** The largest NF-e XML the order page takes (an NF-e is tens of kilobytes). */
const XML_MAX_BYTES = 200_000;

/** A POST's fields, and the text of its `xml` file (an ERP's NF-e) when one was sent and is small enough. */
async function postedWithXml(request: Request): Promise<Fields | undefined> {
  if (request.method !== 'POST') return undefined;
  const form = await request.formData().catch(() => undefined);
  const fields = fieldsOf(form);
  const file = form?.get('xml');
  if (file instanceof File && file.size > 0 && file.size <= XML_MAX_BYTES) fields['xml'] = await file.text();
  return fields;
}

/**
 * `/painel/pedidos/{numero}`: the order; `?acao=` asks to confirm a move, and the confirmation posts it
 * with the status the page showed, so a second click or a stale page changes nothing twice.
 */
export async function panelOrderPage(
  visit: Visit,
  numero: string | undefined,
): Promise<Answer<PanelPage<OrderView | null>>> {
  return panelPage<OrderView | null>(visit, ['pedidos'], async (frame) => {
    if (!isOrderNumber(numero)) return { status: 404, view: { frame, content: null } };
    const fields = await postedWithXml(visit.request);
    let notice: Notice | undefined;
    let status: number | undefined;
    let errors: Readonly<Record<string, string>> = {};
    const side = SIDE_ACTIONS[fields?.['acao'] ?? ''];
    // What cannot be undone is asked first (sideConfirmation, once the order is read below).
    const asks = fields !== undefined && fields['confirmado'] !== 'sim' && ASKS_FIRST(fields);
    if (fields && side && !asks)
      try {
        return redirect(`/painel/pedidos/${numero}?feito=${await side(frame.client, numero, fields)}`);
      } catch (error) {
        const refused = refusal(error);
        notice = { text: refusalLine(refused), error: true };
        status = refused.status;
        errors = refused.fields;
      }
    else if (fields) {
      const action = fields['acao'];
      const de = fields['de'] ?? '';
      if (!isAction(action) || !(ORDER_STATUSES as readonly string[]).includes(de)) {
        notice = { text: 'Ação inválida. Atualize a página e tente de novo.', error: true };
        status = 400;
      } else
        try {
          if (action === 'devolver') {
            await refundOrder(frame.client, numero, de as Situacao);
            return redirect(`/painel/pedidos/${numero}?feito=devolvido`);
          }
          const moved = await moveOrder(frame.client, numero, {
            situacao: ORDER_ACTIONS[action].to,
            de: de as Situacao,
            ...(action === 'enviar'
              ? { transportadora: fields['transportadora'] ?? '', rastreio: fields['rastreio'] ?? '' }
              : {}),
          });
          return redirect(`/painel/pedidos/${numero}?feito=${moved.situacao}`);
        } catch (error) {
          const refused = refusal(error);
          notice = { text: refusalLine(refused), error: true };
          status = refused.status;
          errors = refused.fields;
        }
    } else {
      const text = doneText(visit.url.searchParams.get('feito'), frame.me.enviaEmail);
      if (text) notice = { text, error: false };
    }
    let pedido: PedidoEquipe;
    try {
      pedido = await staffOrder(frame.client, numero);
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
    let confirmar: SideConfirmation | undefined;
    if (fields && asks) {
      const asking = sideConfirmation(fields, pedido);
      if (asking && 'confirmar' in asking) confirmar = asking.confirmar;
      else if (asking) {
        errors = asking.errors;
        status = 400;
        notice = { text: Object.values(asking.errors)[0] ?? 'Confira o formulário.', error: true };
      } else {
        status = 409;
        notice = { text: 'Esta devolução já não espera a equipe: atualize a página.', error: true };
      }
    }
    const asked = fields ? fields['acao'] : visit.url.searchParams.get('acao');
    const confirming = !isAction(asked)
      ? undefined
      : asked === 'devolver'
        ? pedido.devolucao
          ? asked
          : undefined
        : pedido.proximas.includes(ORDER_ACTIONS[asked].to)
          ? asked
          : undefined;
    const { mensagens } = await orderMessages(frame.client, Number(numero));
    const { mensagens: conversas } = await staffInbox(frame.client, { pedido: numero });
    return {
      status,
      view: {
        frame,
        content: {
          pedido,
          confirming,
          confirmar,
          notice,
          values: fields ?? {},
          errors,
          mensagens,
          conversas,
        },
      },
    };
  });
}

/** `/painel/pedidos/{numero}/separacao`: the order's packing slip to print (404 when there is no such order). */
export async function panelSlipPage(
  visit: Visit,
  numero: string | undefined,
): Promise<Answer<PanelPage<PedidoEquipe | null>>> {
  return panelPage<PedidoEquipe | null>(visit, ['pedidos'], async (frame) => {
    if (!isOrderNumber(numero)) return { status: 404, view: { frame, content: null } };
    try {
      return { view: { frame, content: await staffOrder(frame.client, numero) } };
    } catch (error) {
      if (refusal(error).status === 404) return { status: 404, view: { frame, content: null } };
      throw error;
    }
  });
}

/** `/painel/pedidos/{numero}/nfe.xml`: the XML the store keeps of an NF-e attached from an ERP, to save. */
export async function panelInvoiceXml(
  visit: Visit,
  numero: string | undefined,
): Promise<Response | { redirect: string }> {
  const frame = await panelFrame(visit, 'pedidos');
  if ('redirect' in frame) return frame;
  const missing = new Response('Nota fiscal não encontrada.', { status: 404 });
  if (!frame.allowed) return new Response('Seu papel na equipe não dá acesso aos pedidos.', { status: 403 });
  if (!isOrderNumber(numero)) return missing;
  try {
    return xmlDownload(await staffInvoiceXml(frame.client, numero), numero);
  } catch (error) {
    if (refusal(error).status === 404) return missing;
    throw error;
  }
}
