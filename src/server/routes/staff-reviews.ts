import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { reviewDecisionSchema, reviewStaffQuerySchema } from '#/contract/review.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { listForStaff, moderateReview } from '#/server/reviews/moderation.ts';
import { recorded } from '#/server/staff/audit.ts';

/**
 * The store's team moderates product reviews (`/v2/admin/reviews`, behind ADMIN_TOKEN): the queue
 * (`?situacao=pendente`, oldest first) and each decision (`PUT /{id}` with `{"situacao": "aprovada"}`,
 * `"recusada"` or `"pendente"`). Only approved reviews are shown and counted.
 */
export const staffReviews = new Hono<PlatformEnv>();

const refusal =
  (fallback: string) => (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
    if (!result.success) throw badRequest(result.error?.issues[0]?.message ?? fallback);
  };

// A reviewer's e-mail is personal data the moderation does not need: only owners see it (LGPD, necessity).
staffReviews.get(
  '/',
  zValidator('query', reviewStaffQuerySchema, refusal('Consulta inválida.')),
  async (c) => {
    const list = await listForStaff(c.get('config').db, c.req.valid('query'));
    if (c.get('papel') === 'dono') return c.json(list);
    return c.json({ ...list, avaliacoes: list.avaliacoes.map((a) => ({ ...a, email: '' })) });
  },
);

staffReviews.put(
  '/:id',
  zValidator('json', reviewDecisionSchema, refusal('Decisão inválida.')),
  async (c) => {
    const id = c.req.param('id');
    if (!/^\d{1,9}$/.test(id)) throw notFound('Avaliação não encontrada.');
    const { situacao, motivo } = c.req.valid('json');
    const { db } = c.get('config');
    const { review } = await recorded(
      db,
      (tx) => moderateReview(tx, Number(id), situacao, motivo),
      ({ before }) => ({
        actor: c.get('actor'),
        action: 'avaliacao.moderar',
        entity: 'avaliacao',
        entityId: id,
        before: { situacao: before },
        after: { situacao, ...(situacao === 'recusada' && motivo ? { motivo } : {}) },
      }),
    );
    return c.json({ avaliacao: review });
  },
);
