import { moveOrder, staffOrderExport, staffOrders } from '#/api/staff-orders.ts';
import { formatDocument } from '#/contract/documents.ts';
import { withMail } from '#/lib/mail-said.ts';
import {
  isOrderNumber,
  ORDER_CHANNEL_LABELS,
  ORDER_CHANNELS,
  ORDER_PAYMENT_LABELS,
  ORDER_PAYMENTS,
  ORDER_STATUSES,
  STATUS_LABELS,
} from '#/contract/order.ts';
import type { Situacao } from '#/contract/order.ts';
import type { StaffOrderList } from '#/contract/staff-orders.ts';
import { formatDateTime } from '#/lib/dates.ts';
import { spreadsheetMoney } from '#/lib/spreadsheet.ts';
import type { Answer } from './answer.ts';
import { refusal } from './answer.ts';
import type { Fields } from './fields.ts';
import { listHref, panelListPage, panelSpreadsheet } from './panel-list.ts';
import type { FilterField, ListView } from './panel-list.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

// The orders list (`/painel/pedidos`): its filters, what it does to the rows ticked, and its spreadsheet.

/** The filters the orders list reads from its address, as typed (the view writes them back into the form). */
export const ORDER_FILTERS = ['situacao', 'pagamento', 'canal', 'de', 'ate', 'q', 'ordem', 'pagina'] as const;

export type OrdersList = ListView<StaffOrderList>;

/** What the orders list does to the rows ticked: each move from the status it is in, or their spreadsheet. */
export const ORDER_BULK_ACTIONS = [
  { value: 'exportar', label: 'Baixar em planilha (CSV)' },
  { value: 'pago', label: 'Marcar como pagos' },
  { value: 'entregue', label: 'Marcar como entregues' },
] as const;
const BULK_FROM: Partial<Record<Situacao, Situacao>> = { pago: 'aguardando_pagamento', entregue: 'enviado' };
const BULK_DONE: Partial<Record<Situacao, [string, string]>> = {
  pago: ['marcado como pago', 'marcados como pagos'],
  entregue: ['marcado como entregue', 'marcados como entregues'],
};

/** A ticked row names its order and the status the list showed: `1042.aguardando_pagamento`. */
function tickedOrders(fields: Fields): { numero: string; de: Situacao }[] {
  return (fields['marcados'] ?? '')
    .split(',')
    .map((v) => v.split('.'))
    .filter(
      (p): p is [string, Situacao] =>
        isOrderNumber(p[0]) && (ORDER_STATUSES as readonly string[]).includes(p[1] ?? ''),
    )
    .map(([numero, de]) => ({ numero, de }));
}

/**
 * `/painel/pedidos`: the filtered list (components/panel/ListPage.astro). Ticked rows go to their own
 * spreadsheet, or move along together: each from the status the list showed (an order that moved since, or
 * may not go there, is left as it is and named), and the list comes back saying how many moved.
 */
export const panelOrdersPage = (visit: Visit): Promise<Answer<PanelPage<OrdersList>>> =>
  panelListPage(visit, {
    roles: ['pedidos'],
    filters: ORDER_FILTERS,
    load: staffOrders,
    post: async (frame, fields, filters) => {
      const ticked = tickedOrders(fields);
      const acao = fields['acao'];
      if (ticked.length === 0) return listHref('/painel/pedidos', filters, { feito: 'nenhum' });
      if (acao === 'exportar')
        return listHref('/painel/pedidos.csv', { numeros: ticked.map((o) => o.numero).join(',') });
      const to = acao === 'pago' || acao === 'entregue' ? acao : undefined;
      if (!to) return listHref('/painel/pedidos', filters, { feito: 'acao-invalida' });
      const left: string[] = [];
      let moved = 0;
      for (const order of ticked) {
        if (order.de !== BULK_FROM[to]) {
          left.push(order.numero);
          continue;
        }
        try {
          await moveOrder(frame.client, order.numero, { situacao: to, de: order.de });
          moved += 1;
        } catch (error) {
          refusal(error);
          left.push(order.numero);
        }
      }
      return listHref('/painel/pedidos', filters, {
        feito: to,
        movidos: String(moved),
        ...(left.length > 0 && { ficaram: left.slice(0, 20).join(',') }),
      });
    },
    done: (params, frame) => {
      const envia = frame.me.enviaEmail;
      const feito = params.get('feito');
      if (feito === 'nenhum') return { text: 'Marque ao menos um pedido na lista.', error: true };
      if (feito === 'acao-invalida')
        return { text: 'Ação inválida. Atualize a página e tente de novo.', error: true };
      const words = BULK_DONE[feito as Situacao];
      if (!words) return undefined;
      const moved = Number(/^\d{1,3}$/.test(params.get('movidos') ?? '') ? params.get('movidos') : 0);
      const left = (params.get('ficaram') ?? '').split(',').filter((n) => isOrderNumber(n));
      const said = withMail(
        envia,
        `${String(moved)} ${moved === 1 ? `pedido ${words[0]}` : `pedidos ${words[1]}`}.`,
        'Os e-mails aos clientes estão na fila de envio.',
        'cada cliente',
      );
      const why =
        feito === 'pago'
          ? 'só um pedido aguardando pagamento é marcado como pago'
          : 'só um pedido enviado é marcado como entregue';
      return left.length > 0
        ? { text: `${said} Não mudaram: ${left.join(', ')} (${why}).`, error: moved === 0 }
        : { text: said, error: false };
    },
  });

/** The orders list's filters, as its form shows them. */
export const ORDER_FILTER_FIELDS: readonly FilterField[] = [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'Número, nome, e-mail ou CPF/CNPJ' },
  {
    name: 'situacao',
    label: 'Situação',
    options: [['', 'Todas'], ...ORDER_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)],
  },
  {
    name: 'pagamento',
    label: 'Pagamento',
    options: [['', 'Todos'], ...ORDER_PAYMENTS.map((p) => [p, ORDER_PAYMENT_LABELS[p]] as const)],
  },
  {
    name: 'canal',
    label: 'Canal',
    options: [['', 'Todos'], ...ORDER_CHANNELS.map((c) => [c, ORDER_CHANNEL_LABELS[c]] as const)],
  },
  { name: 'de', label: 'De', type: 'date' },
  { name: 'ate', label: 'Até', type: 'date' },
  {
    name: 'ordem',
    label: 'Ordem',
    options: [
      ['recentes', 'Mais recentes'],
      ['antigos', 'Mais antigos'],
      ['maior-valor', 'Maior valor'],
      ['menor-valor', 'Menor valor'],
    ],
  },
];

const CSV_FIELDS = [
  'Pedido',
  'Data',
  'Situação',
  'Pagamento',
  'Canal',
  'Feito por',
  'Cliente',
  'E-mail',
  'CPF/CNPJ',
  'Itens',
  'Subtotal',
  'Desconto à vista',
  'Cupom',
  'Desconto do cupom',
  'Desconto da loja',
  'Motivo do desconto',
  'Frete',
  'Total',
  'Devolvido',
  'Líquido',
  'Desistência',
  'Entrega',
  'Cidade',
  'UF',
  'Transportadora',
  'Rastreio',
] as const;

/**
 * `/painel/pedidos.csv` with the list's filters: every matching order (not one page) as a spreadsheet
 * Excel in Portuguese opens as it is. A guest goes to the login; a wrong role gets a 403.
 */
export const panelOrdersCsv = (visit: Visit) =>
  panelSpreadsheet(visit, {
    role: 'pedidos',
    // The list's filters, or the orders ticked on it.
    filters: [...ORDER_FILTERS, 'numeros'],
    forbidden: 'Seu papel na equipe não dá acesso aos pedidos.',
    name: 'pedidos',
    fields: CSV_FIELDS,
    load: async (client, filters) =>
      (await staffOrderExport(client, filters)).pedidos.map((p) => [
        p.numero,
        formatDateTime(p.criadoEm),
        p.situacaoLabel,
        ORDER_PAYMENT_LABELS[p.pagamento],
        ORDER_CHANNEL_LABELS[p.canal],
        p.feitoPor,
        p.cliente.nome,
        p.cliente.email,
        formatDocument(p.documento),
        p.quantidadeItens,
        spreadsheetMoney(p.subtotal),
        spreadsheetMoney(p.desconto),
        p.cupom,
        spreadsheetMoney(p.descontoCupom),
        spreadsheetMoney(p.descontoLoja),
        p.motivoDesconto,
        spreadsheetMoney(p.frete),
        spreadsheetMoney(p.total),
        spreadsheetMoney(p.devolvido),
        spreadsheetMoney(Math.round((p.total - p.devolvido) * 100) / 100),
        p.desistencia ? 'sim' : 'não',
        p.entrega,
        p.cidade,
        p.uf,
        p.transportadora,
        p.rastreio,
      ]),
  });
