import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { HONEYPOT_FIELD, storeEvaluationSchema } from '#/contract/forms.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import { productReviewSchema, REVIEW_RECEIVED, reviewQuerySchema } from '#/contract/review.ts';
import { requireCustomer, sessionCustomer } from '#/server/accounts/customers.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { inTransaction } from '#/server/db/client.ts';
import { badRequest } from '#/server/errors.ts';
import { isOpenKey, keepEvaluation } from '#/server/forms/evaluations.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { rateLimit } from '#/server/rate-limit.ts';
import { tellService } from '#/server/staff/inbox.ts';
import { listReviews, writeReview } from '#/server/reviews/reviews.ts';

/**
 * `GET/POST evaluations/store/add/{key}`: is the invitation good; then the evaluation itself.
 * `GET/POST evaluations/product`: a product's approved reviews; a logged-in customer's own review.
 */
export const evaluations = new Hono<PlatformEnv>();

/** A malformed key, an unknown one and a used one get one answer: nothing tells them apart. */
const KEY_GONE = 'Este convite já foi usado ou não existe.';

evaluations.get('/store/add/:key', rateLimit('avaliação', 30, 60_000), async (c) =>
  c.json(
    (await isOpenKey(c.get('config').db, c.req.param('key')))
      ? { sucesso: true, mensagem: '' }
      : { sucesso: false, mensagem: KEY_GONE },
  ),
);

evaluations.post('/store/add/:key', rateLimit('avaliação', 30, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), storeEvaluationSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  const { db, mailer } = c.get('config');
  const e = result.data;
  // The evaluation and the team's notice of it in one transaction (a key used once, its notice once).
  const kept = await inTransaction(db, async (tx) => {
    if (!(await keepEvaluation(tx, c.req.param('key'), e))) return false;
    await tellService(
      { db: tx, mailer, origin: c.get('origin') },
      {
        tipo: 'avaliacao',
        nome: '',
        email: '',
        assunto: `Experiência ${String(e.experiencia)}/5, atendimento ${String(e.atendimento)}/5, ${e.satisfeito ? 'satisfeito(a)' : 'não satisfeito(a)'}`,
        texto: e.mensagem || '(sem comentário)',
      },
    );
    return true;
  });
  if (!kept) return c.json({ error: 'invalid_key', mensagem: KEY_GONE, sucesso: false }, 404);
  return c.json({
    sucesso: true,
    mensagem: 'Obrigado pela avaliação! Ela ajuda a gente a melhorar.',
  } satisfies FormAnswer);
});

evaluations.get(
  '/product',
  zValidator('query', reviewQuerySchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Consulta inválida.');
  }),
  async (c) => {
    const { db } = c.get('config');
    const customer = await sessionCustomer(db, c.get('session'));
    return c.json(await listReviews(db, c.req.valid('query'), customer?.id));
  },
);

evaluations.post('/product', rateLimit('avaliação de produto', 10, 60_000), async (c) => {
  const { db } = c.get('config');
  const customer = await requireCustomer(db, c.get('session'), 'Entre na sua conta para avaliar o produto.');
  const result = readForm(await c.req.json().catch(() => undefined), productReviewSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  if (!result.data[HONEYPOT_FIELD]) await writeReview(db, customer.id, result.data);
  return c.json({ sucesso: true, mensagem: REVIEW_RECEIVED } satisfies FormAnswer);
});
