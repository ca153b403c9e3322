import { markMessageAnswered, staffInbox, staffInboxExport } from '#/api/staff-inbox.ts';
import { INBOX_KIND_LABELS, INBOX_KINDS, INBOX_STATE_LABELS, INBOX_STATES } from '#/contract/staff-inbox.ts';
import type { InboxList } from '#/contract/staff-inbox.ts';
import { formatDateTime } from '#/lib/dates.ts';
import type { Answer, Notice } from './answer.ts';
import type { PanelPage } from './panel.ts';
import { listHref, panelListPage, panelSpreadsheet } from './panel-list.ts';
import type { FilterField, ListView } from './panel-list.ts';
import type { Visit } from './visit.ts';

export const INBOX_PATH = '/painel/mensagens';
const FILTERS = ['tipo', 'situacao', 'q', 'de', 'ate', 'pagina'] as const;

export const INBOX_FILTER_FIELDS: readonly FilterField[] = [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'Nome, e-mail ou parte da mensagem.' },
  {
    name: 'tipo',
    label: 'Tipo',
    options: [['', 'Todos'], ...INBOX_KINDS.map((k) => [k, INBOX_KIND_LABELS[k]] as const)],
  },
  {
    name: 'situacao',
    label: 'Situação',
    options: [['', 'Todas'], ...INBOX_STATES.map((s) => [s, INBOX_STATE_LABELS[s]] as const)],
  },
  { name: 'de', label: 'Recebidas desde', type: 'date' },
  { name: 'ate', label: 'Até', type: 'date' },
];

export type InboxView = ListView<InboxList>;

const DONE: Record<string, string> = {
  respondida: 'Mensagem marcada como respondida.',
  reaberta: 'Mensagem de volta às que esperam resposta.',
};

/**
 * `/painel/mensagens` (owners and `pedidos`): every message, newest first, filtered; each row is marked
 * answered (or waiting again) with its own form, which comes back to the same filtered list.
 */
export function panelInboxPage(visit: Visit): Promise<Answer<PanelPage<InboxView>>> {
  return panelListPage(visit, {
    roles: ['pedidos'],
    filters: FILTERS,
    load: staffInbox,
    post: async (frame, fields, filters) => {
      const answered = fields['respondida'] === '1';
      await markMessageAnswered(frame.client, fields['id'] ?? '', answered);
      return listHref(INBOX_PATH, filters, { feito: answered ? 'respondida' : 'reaberta' });
    },
    done: (params): Notice | undefined => {
      const text = DONE[params.get('feito') ?? ''];
      return text ? { text, error: false } : undefined;
    },
  });
}

const CSV_FIELDS = [
  'Recebida',
  'Tipo',
  'Nome',
  'E-mail',
  'Assunto',
  'Mensagem',
  'Outros campos',
  'Respondida',
  'Respondida por',
] as const;

/** `/painel/mensagens.csv` with the list's filters: every matching message, as Excel in Portuguese opens it. */
export const panelInboxCsv = (visit: Visit) =>
  panelSpreadsheet(visit, {
    role: 'pedidos',
    filters: FILTERS,
    forbidden: 'Seu papel na equipe não dá acesso às mensagens.',
    name: 'mensagens',
    fields: CSV_FIELDS,
    load: async (client, filters) =>
      (await staffInboxExport(client, filters)).mensagens.map((m) => [
        formatDateTime(m.recebidaEm),
        INBOX_KIND_LABELS[m.tipo],
        m.nome,
        m.email,
        m.assunto,
        m.texto,
        m.detalhes.map((d) => `${d.campo}: ${d.valor}`).join('; '),
        m.respondida ? formatDateTime(m.respondida.em) : m.respondivel ? 'Não' : '',
        m.respondida?.por ?? '',
      ]),
  });
