import { Hono } from 'hono';
import { HONEYPOT_FIELD, newsletterSchema } from '#/contract/forms.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { subscribe } from '#/server/forms/submissions.ts';
import { rateLimit } from '#/server/rate-limit.ts';

/** `POST newsletter`: sign up once; the same e-mail again gets the same answer (it must not tell who is a customer). */
export const newsletter = new Hono<PlatformEnv>();

const WELCOME: FormAnswer = {
  sucesso: true,
  mensagem: 'Pronto! Você vai receber nossas ofertas e novidades no seu e-mail.',
};

newsletter.post('/', rateLimit('newsletter', 10, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), newsletterSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  // A bot filled the hidden field: answer as if it worked and keep nothing.
  if (!result.data[HONEYPOT_FIELD]) await subscribe(c.get('config').db, result.data.email, result.data.nome);
  return c.json(WELCOME);
});
