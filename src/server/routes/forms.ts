import { Hono } from 'hono';
import {
  architectSchema,
  contactSchema,
  HONEYPOT_FIELD,
  newsletterSchema,
  storeEvaluationSchema,
} from '../../contract/forms.ts';
import type { FormAnswer } from '../../contract/forms.ts';
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { rateLimit } from '../rate-limit.ts';
import { invalidForm, readForm } from '../forms/fields.ts';

/** `POST newsletter`: sign up once; the same e-mail again is a kind answer, not an error. */
export const newsletter = new Hono<PlatformEnv>();

newsletter.post('/', rateLimit('newsletter', 10, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), newsletterSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  const { nome, email } = result.data;
  const welcome: FormAnswer = {
    sucesso: true,
    mensagem: 'Pronto! Você vai receber nossas ofertas e novidades no seu e-mail.',
  };
  // A bot filled the hidden field: answer as if it worked and keep nothing.
  if (result.data[HONEYPOT_FIELD]) return c.json(welcome);
  // An e-mail already subscribed gets the very same answer: the form must not tell who is a customer.
  await c
    .get('config')
    .db.insert(t.newsletterSubscribers)
    .values({ email, name: nome })
    .onConflictDoNothing();
  return c.json(welcome);
});

/** `POST form/contact` and `form/architect`: kept for the team; a filled honeypot keeps nothing. */
export const forms = new Hono<PlatformEnv>();

const received = (mensagem: string): FormAnswer => ({ sucesso: true, mensagem });

forms.post('/contact', rateLimit('atendimento', 5, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), contactSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  const { [HONEYPOT_FIELD]: trap, ...data } = result.data;
  const answer = received('Mensagem recebida! Respondemos em até 1 dia útil, no seu e-mail.');
  if (trap) return c.json(answer);
  await c.get('config').db.insert(t.formSubmissions).values({ kind: 'contato', email: data.email, data });
  return c.json(answer);
});

forms.post('/architect', rateLimit('programa de arquitetos', 5, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), architectSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  const { [HONEYPOT_FIELD]: trap, ...data } = result.data;
  const answer = received(
    'Cadastro recebido! Nossa equipe de relacionamento entra em contato em até 3 dias úteis.',
  );
  if (trap) return c.json(answer);
  await c
    .get('config')
    .db.insert(t.formSubmissions)
    .values({ kind: `arquiteto-${data.tipo}`, email: data.email, data });
  return c.json(answer);
});

/** Invitation keys are random (unguessable) and stored hashed; each one evaluates once. */
export const evaluationKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url');
const KEY_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** `GET/POST evaluations/store/add/{key}`: is the invitation good; then the evaluation itself. */
export const evaluations = new Hono<PlatformEnv>();

const KEY_GONE = 'Este convite já foi usado ou não existe.';

const openKey = (key: string) =>
  and(eq(t.storeEvaluationKeys.keyHash, evaluationKeyHash(key)), isNull(t.storeEvaluationKeys.usedAt));

evaluations.get('/store/add/:key', rateLimit('avaliação', 30, 60_000), async (c) => {
  const key = c.req.param('key');
  // A malformed key, an unknown one and a used one get one answer: nothing tells them apart.
  if (!KEY_PATTERN.test(key)) return c.json({ sucesso: false, mensagem: KEY_GONE });
  const [row] = await c.get('config').db.select().from(t.storeEvaluationKeys).where(openKey(key));
  return c.json(row ? { sucesso: true, mensagem: '' } : { sucesso: false, mensagem: KEY_GONE });
});

evaluations.post('/store/add/:key', rateLimit('avaliação', 30, 60_000), async (c) => {
  const key = c.req.param('key');
  const result = readForm(await c.req.json().catch(() => undefined), storeEvaluationSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  const { db } = c.get('config');
  const data = result.data;
  // The key is spent and the evaluation kept together: a failure leaves the key usable.
  const kept = await db.transaction(async (tx) => {
    const [used] = KEY_PATTERN.test(key)
      ? await tx
          .update(t.storeEvaluationKeys)
          .set({ usedAt: sql`now()` })
          .where(openKey(key))
          .returning()
      : [];
    if (!used) return false;
    await tx.insert(t.storeEvaluations).values({
      experience: data.experiencia,
      service: data.atendimento,
      satisfied: data.satisfeito,
      mayPublish: data.publicar,
      message: data.mensagem,
    });
    return true;
  });
  if (!kept) return c.json({ error: 'invalid_key', mensagem: KEY_GONE, sucesso: false }, 404);
  return c.json(received('Obrigado pela avaliação! Ela ajuda a gente a melhorar.'));
});
