import { moderateReview, staffReviews } from '#/api/staff.ts';
import { ApiError } from '#/api/core.ts';
import { REVIEW_STATUSES } from '#/contract/review.ts';
import type { AvaliacaoAdmin, ReviewSituacao } from '#/contract/review.ts';
import type { Answer, Notice } from './answer.ts';
import type { PanelPage } from './panel.ts';
import { listHref, pageOf, panelListPage } from './panel-list.ts';
import type { FilterField, ListView } from './panel-list.ts';
import type { Visit } from './visit.ts';

export const REVIEWS_PATH = '/painel/avaliacoes';
export const REVIEWS_PER_PAGE = 20;
const PAGES_MAX = 500;
const FILTERS = ['situacao', 'nota', 'q', 'pagina'] as const;

export type ReviewsList = {
  avaliacoes: AvaliacaoAdmin[];
  total: number;
  pagina: number;
  paginas: number;
};
export type ReviewsView = ListView<ReviewsList>;

/** The queue (waiting, oldest first) unless another status, or all of them, is asked. */
export const REVIEW_FILTER_FIELDS: readonly FilterField[] = [
  {
    name: 'q',
    label: 'Buscar',
    type: 'search',
    hint: 'Produto, nome ou e-mail de quem avaliou, ou o comentário.',
  },
  {
    name: 'situacao',
    label: 'Situação',
    options: [
      ['', 'Aguardando'],
      ['aprovada', 'Aprovadas'],
      ['recusada', 'Recusadas'],
      ['todas', 'Todas'],
    ],
  },
  {
    name: 'nota',
    label: 'Estrelas',
    options: [['', 'Todas'], ...[5, 4, 3, 2, 1].map((n) => [String(n), `${String(n)} de 5`] as const)],
  },
];

const DONE: Record<ReviewSituacao, string> = {
  aprovada: 'Avaliação aprovada: já aparece na página do produto e conta na média.',
  recusada: 'Avaliação recusada: não aparece na loja.',
  pendente: 'Avaliação de volta à fila.',
};

const situacaoOf = (value: string | null | undefined): ReviewSituacao | undefined =>
  REVIEW_STATUSES.find((s) => s === value);

/**
 * `/painel/avaliacoes` (`catalogo` and owners): the reviews on the panel's list shape (waiting first, oldest
 * first; a status, a star count, words), and a decision on each row: approve, reject with a reason, or send
 * back to the queue.
 */
export const panelReviewsPage = (visit: Visit): Promise<Answer<PanelPage<ReviewsView>>> =>
  panelListPage(visit, {
    roles: ['catalogo'],
    filters: FILTERS,
    load: async (client, { situacao, pagina: asked, ...filters }) => {
      const pagina = pageOf(asked, PAGES_MAX);
      const { avaliacoes, total } = await staffReviews(client, {
        ...filters,
        // No status asked is the queue; "todas" is every status.
        situacao: situacao === 'todas' ? undefined : (situacao ?? 'pendente'),
        offset: (pagina - 1) * REVIEWS_PER_PAGE,
        limit: REVIEWS_PER_PAGE,
      });
      return { avaliacoes, total, pagina, paginas: Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE)) };
    },
    post: async (frame, fields, filters) => {
      const decision = situacaoOf(fields['decisao']);
      const id = fields['id'] ?? '';
      if (!decision || !/^\d{1,9}$/.test(id))
        throw new ApiError(400, 'bad_request', 'Decisão inválida. Atualize a página.');
      await moderateReview(
        frame.client,
        id,
        decision,
        decision === 'recusada' ? (fields['motivo'] ?? '') : '',
      );
      return listHref(REVIEWS_PATH, filters, { feito: decision });
    },
    done: (params): Notice | undefined => {
      const done = situacaoOf(params.get('feito'));
      return done ? { text: DONE[done], error: false } : undefined;
    },
  });
