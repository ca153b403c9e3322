import { moderateReview, staffReviews } from '#/api/staff.ts';
import { REVIEW_STATUSES } from '#/contract/review.ts';
import type { AvaliacaoAdmin, ReviewSituacao } from '#/contract/review.ts';
import type { Answer, Notice } from './answer.ts';
import { redirect, refusal } from './answer.ts';
import { postedFields } from './fields.ts';
import { panelPage } from './panel.ts';
import type { PanelPage } from './panel.ts';
import type { Visit } from './visit.ts';

export const REVIEWS_PER_PAGE = 20;
const PAGES_MAX = 500;

export type ReviewsView = {
  situacao: ReviewSituacao;
  avaliacoes: AvaliacaoAdmin[];
  total: number;
  pagina: number;
  notice: Notice | undefined;
};

const DONE: Record<ReviewSituacao, string> = {
  aprovada: 'Avaliação aprovada: já aparece na página do produto e conta na média.',
  recusada: 'Avaliação recusada: não aparece na loja.',
  pendente: 'Avaliação de volta à fila.',
};

const situacaoOf = (value: string | null | undefined): ReviewSituacao | undefined =>
  REVIEW_STATUSES.find((s) => s === value);

/**
 * `/painel/avaliacoes` (`catalogo` and owners): the reviews in one status (waiting first, oldest first),
 * and a decision on each: approve, reject with a reason, or send back to the queue.
 */
export async function panelReviewsPage(visit: Visit): Promise<Answer<PanelPage<ReviewsView>>> {
  return panelPage<ReviewsView>(visit, ['catalogo'], async (frame) => {
    const situacao = situacaoOf(visit.url.searchParams.get('situacao')) ?? 'pendente';
    const page = Number(visit.url.searchParams.get('pagina') ?? '1');
    const pagina = Number.isInteger(page) && page >= 1 && page <= PAGES_MAX ? page : 1;
    const fields = await postedFields(visit.request);
    let notice: Notice | undefined;
    let status: number | undefined;
    if (fields) {
      const decision = situacaoOf(fields['decisao']);
      const id = fields['id'] ?? '';
      if (!decision || !/^\d{1,9}$/.test(id)) {
        notice = { text: 'Decisão inválida. Atualize a página.', error: true };
        status = 400;
      } else
        try {
          await moderateReview(
            frame.client,
            id,
            decision,
            decision === 'recusada' ? (fields['motivo'] ?? '') : '',
          );
          return redirect(`/painel/avaliacoes?situacao=${situacao}&feito=${decision}`);
        } catch (error) {
          const refused = refusal(error);
          notice = { text: refused.mensagem, error: true };
          status = refused.status;
        }
    } else {
      const done = situacaoOf(visit.url.searchParams.get('feito'));
      if (done) notice = { text: DONE[done], error: false };
    }
    const { avaliacoes, total } = await staffReviews(frame.client, {
      situacao,
      offset: (pagina - 1) * REVIEWS_PER_PAGE,
      limit: REVIEWS_PER_PAGE,
    });
    return { status, view: { frame, content: { situacao, avaliacoes, total, pagina, notice } } };
  });
}
