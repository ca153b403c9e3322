import { staffActivity, staffActivityExport, staffMembers } from '#/api/staff.ts';
import type { Atividade } from '#/contract/activity.ts';
import { ENTITIES } from '#/contract/activity.ts';
import type { Membro } from '#/contract/staff.ts';
import { ENTITY_LABELS, changedThing } from '#/lib/activity.ts';
import { formatDateTime } from '#/lib/dates.ts';
import type { Answer } from './answer.ts';
import type { PanelPage } from './panel.ts';
import { pageOf, panelListPage, panelSpreadsheet } from './panel-list.ts';
import type { FilterField, ListView } from './panel-list.ts';
import type { Visit } from './visit.ts';

export const ACTIVITY_PATH = '/painel/atividade';
export const ACTIVITY_PER_PAGE = 50;
const PAGES_MAX = 200;
const FILTERS = ['entidade', 'autor', 'q', 'de', 'ate', 'pagina'] as const;

export type ActivityList = {
  atividades: Atividade[];
  total: number;
  pagina: number;
  paginas: number;
  /** The team, for the "Quem" filter (removed members are found by their changes' names). */
  membros: Membro[];
};
export type ActivityView = ListView<ActivityList>;

/** The filters: the kind of thing, who, part of its id, days; "Quem" lists the team as it is now. */
export const activityFilterFields = (membros: readonly Membro[]): FilterField[] => [
  { name: 'q', label: 'Buscar', type: 'search', hint: 'Número do pedido, código do cupom, SKU ou id.' },
  {
    name: 'entidade',
    label: 'O quê',
    options: [['', 'Tudo'], ...ENTITIES.map((e) => [e, ENTITY_LABELS[e]] as const)],
  },
  {
    name: 'autor',
    label: 'Quem',
    options: [
      ['', 'Todos'],
      ...membros.map((m) => [`equipe:${String(m.id)}`, m.nome] as const),
      ['token', 'Automação (ADMIN_TOKEN)'],
    ],
  },
  { name: 'de', label: 'Desde', type: 'date' },
  { name: 'ate', label: 'Até', type: 'date' },
];

/**
 * `/painel/atividade` (owners): every change the team made, newest first, on the panel's list shape: search,
 * filters by kind, who and days, the count and pages, the same filters as a spreadsheet.
 */
export const panelActivityPage = (visit: Visit): Promise<Answer<PanelPage<ActivityView>>> =>
  panelListPage(visit, {
    roles: ['dono'],
    filters: FILTERS,
    load: async (client, { pagina: asked, ...filters }) => {
      const pagina = pageOf(asked, PAGES_MAX);
      const [{ atividades, total }, { membros }] = await Promise.all([
        staffActivity(client, {
          ...filters,
          offset: (pagina - 1) * ACTIVITY_PER_PAGE,
          limit: ACTIVITY_PER_PAGE,
        }),
        staffMembers(client),
      ]);
      const paginas = Math.max(1, Math.ceil(total / ACTIVITY_PER_PAGE));
      return { atividades, total, pagina, paginas, membros };
    },
  });

/** `/painel/atividade.csv` with the list's filters: every change kept, one line per field changed. */
export const panelActivityCsv = (visit: Visit) =>
  panelSpreadsheet(visit, {
    role: 'dono',
    filters: FILTERS,
    forbidden: 'Só os donos da loja veem a atividade da equipe.',
    name: 'atividade',
    fields: ['Quando', 'Quem', 'O quê', 'Ação', 'Campo', 'Antes', 'Depois'],
    load: async (client, filters) =>
      (await staffActivityExport(client, filters)).atividades.flatMap((a) => {
        const head = [formatDateTime(a.data), a.autorNome, changedThing(a).text, a.acaoNome];
        return a.mudancas.length === 0
          ? [[...head, '', '', '']]
          : a.mudancas.map((m) => [...head, m.campo, m.antes, m.depois]);
      }),
  });
