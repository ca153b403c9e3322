import { decideDeletion, staffRequests, stepWithdrawal } from '#/api/rights.ts';
import type { StaffRequests } from '#/contract/rights.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { byAction, postedFields } from './fields.ts';
import type { Fields } from './fields.ts';
import type { FilterField } from './panel-list.ts';
import { panelFilters, panelPage } from './panel.ts';
import type { PanelFrame, PanelPage } from './panel.ts';
import { withMail } from '#/lib/mail-said.ts';
import { formatBRL } from '#/lib/money.ts';
import type { Visit } from './visit.ts';

export const REQUESTS_PATH = '/painel/solicitacoes';

/**
 * A step that cannot be undone (a refund recorded, an account's data deleted), asked once more before it is
 * made: the question, and the fields the confirming form posts again with `confirmado=sim`.
 */
export type RequestConfirmation = { question: string; button: string; fields: Record<string, string> };

export type RequestsView = StaffRequests & {
  /** The list's filters, as the address gives them, and how many requests they match. */
  filters: Fields;
  page: { total: number; pagina: number; paginas: number };
  notice: Notice | undefined;
  confirmar?: RequestConfirmation | undefined;
};

const REQUEST_FILTERS = ['tipo', 'situacao', 'q'] as const;

/** The requests list's filters, as its form shows them (90 days of requests: one page). */
export const REQUEST_FILTER_FIELDS: readonly FilterField[] = [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'Número do pedido, nome ou e-mail do cliente' },
  {
    name: 'tipo',
    label: 'Tipo',
    options: [
      ['', 'Todos'],
      ['desistencias', 'Desistências da compra'],
      ['exclusoes', 'Exclusões de conta'],
    ],
  },
  {
    name: 'situacao',
    label: 'Situação',
    options: [
      ['', 'Todas'],
      ['abertas', 'Esperando a loja'],
      ['encerradas', 'Encerradas'],
    ],
  },
];

/** A list of requests as the page shows it, with its filters and count. */
async function listed(frame: PanelFrame, filters: Fields) {
  const list = await staffRequests(frame.client, filters);
  const total = list.desistencias.length + list.exclusoes.length;
  return { ...list, filters, page: { total, pagina: 1, paginas: 1 } };
}

/** What is asked before each step that cannot be undone; `undefined` when the request is no longer there. */
function confirmationOf(
  fields: Record<string, string>,
  list: StaffRequests,
  total: (valor: number) => string,
): RequestConfirmation | undefined {
  const acao = fields['acao'] ?? '';
  if (acao === 'aprovar') {
    const e = list.exclusoes.find((x) => String(x.id) === fields['id'] && x.situacao === 'aberta');
    return (
      e && {
        question: `Excluir os dados pessoais de ${e.cliente} (${e.email})? Isto não pode ser desfeito: nome, contatos, endereços e documento são apagados; os pedidos e as notas fiscais ficam, como a lei fiscal exige.`,
        button: 'Sim, excluir os dados',
        fields: { acao, id: String(e.id) },
      }
    );
  }
  if (acao !== 'devolver_agora' && acao !== 'produto_recebido') return undefined;
  const d = list.desistencias.find((x) => String(x.pedido) === fields['pedido']);
  if (!d) return undefined;
  const valor = total(d.total);
  return {
    question:
      d.devolucao === 'banco'
        ? `Confirmar que a loja já devolveu ${valor} do pedido ${String(d.pedido)} a ${d.cliente} pelo banco? Isto não pode ser desfeito: a devolução fica registrada como feita e o cliente é avisado.`
        : `Devolver ${valor} do pedido ${String(d.pedido)} a ${d.cliente} pelo provedor do pagamento (${d.pagamento})? Isto não pode ser desfeito: a devolução é pedida ao provedor e o cliente é avisado.`,
    button: d.devolucao === 'banco' ? 'Sim, já devolvi' : 'Sim, devolver o valor',
    fields: {
      acao,
      pedido: String(d.pedido),
      ...(acao === 'produto_recebido' ? { estoque: fields['estoque'] === 'sim' ? 'sim' : 'nao' } : {}),
    },
  };
}

/** What each step tells the member once done (the page comes back with `feito`). */
const DONE: Record<string, [string, string | undefined]> = {
  devolver_agora: ['Devolução registrada: a situação dela está abaixo.', 'O cliente é avisado por e-mail.'],
  aguardar_produto: [
    'Combinado: o valor volta quando o produto chegar. Volte aqui quando ele chegar.',
    undefined,
  ],
  produto_recebido: [
    'Produto recebido e devolução registrada: a situação dela está abaixo.',
    'O cliente é avisado por e-mail.',
  ],
  aprovar: [
    'Conta excluída: os dados pessoais foram apagados e os pedidos ficaram guardados.',
    'O cliente é avisado por e-mail.',
  ],
  recusar: ['Pedido de exclusão recusado.', 'O cliente é avisado por e-mail, com o motivo.'],
};

/** The notice after step `done`, its e-mail told as the store's mail really went. */
const doneText = (done: string, envia: boolean): string | undefined => {
  const said = Object.hasOwn(DONE, done) ? DONE[done] : undefined;
  if (!said) return undefined;
  return said[1] ? withMail(envia, said[0], said[1]) : said[0];
};

/**
 * `/painel/solicitacoes` (owners and `pedidos`): what the shoppers asked under the law, with deadlines. A
 * withdrawal is ended with a refund (at once, or once the goods are back); an account deletion is approved or
 * refused by an owner (the staff API decides who may).
 */
export function panelRequestsPage(visit: Visit): Promise<Answer<PanelPage<RequestsView>>> {
  return panelPage<RequestsView>(visit, ['pedidos'], async (frame) => {
    const fields = await postedFields(visit.request);
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields && fields['confirmado'] !== 'sim') {
      // A step that cannot be undone is asked once more; anything else (or a request gone) is made below.
      const list = await listed(frame, {});
      const confirmar = confirmationOf(fields, list, formatBRL);
      if (confirmar) return { view: { frame, content: { ...list, notice: undefined, confirmar } } };
    }
    if (fields) {
      const acao = fields['acao'] ?? '';
      try {
        await byAction(
          fields,
          {
            aprovar: (f) => decideDeletion(frame.client, f['id'] ?? '', 'aprovar', ''),
            recusar: (f) => decideDeletion(frame.client, f['id'] ?? '', 'recusar', f['motivo'] ?? ''),
          },
          (f) => stepWithdrawal(frame.client, f['pedido'] ?? '', acao, f['estoque'] === 'sim'),
        );
        return redirect(`${REQUESTS_PATH}?feito=${encodeURIComponent(acao)}`);
      } catch (error) {
        const refused = refusal(error);
        notice = { text: refused.fields['motivo'] ?? refused.mensagem, error: true };
        status = refused.status;
      }
    } else {
      const done = doneText(visit.url.searchParams.get('feito') ?? '', frame.me.enviaEmail);
      if (done) notice = { text: done, error: false };
    }
    const filters = panelFilters(visit.url, REQUEST_FILTERS);
    try {
      return { status, view: { frame, content: { ...(await listed(frame, filters)), notice } } };
    } catch (error) {
      const refused = refusal(error);
      const empty = { desistencias: [], exclusoes: [], filters, page: { total: 0, pagina: 1, paginas: 1 } };
      return {
        status: refused.status,
        view: { frame, content: { ...empty, notice: { text: refused.mensagem, error: true } } },
      };
    }
  });
}
