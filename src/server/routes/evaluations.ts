import { Hono } from 'hono';
import { storeEvaluationSchema } from '#/contract/forms.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { isOpenKey, keepEvaluation } from '#/server/forms/evaluations.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { rateLimit } from '#/server/rate-limit.ts';

/** `GET/POST evaluations/store/add/{key}`: is the invitation good; then the evaluation itself. */
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
  if (!(await keepEvaluation(c.get('config').db, c.req.param('key'), result.data)))
    return c.json({ error: 'invalid_key', mensagem: KEY_GONE, sucesso: false }, 404);
  return c.json({
    sucesso: true,
    mensagem: 'Obrigado pela avaliação! Ela ajuda a gente a melhorar.',
  } satisfies FormAnswer);
});
