import { Hono } from 'hono';
import { HONEYPOT_FIELD, newsletterSchema } from '../../contract/forms.ts';
import type { FormAnswer } from '../../contract/forms.ts';
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
  const added = await c
    .get('config')
    .db.insert(t.newsletterSubscribers)
    .values({ email, name: nome })
    .onConflictDoNothing()
    .returning({ email: t.newsletterSubscribers.email });
  if (added.length === 0)
    return c.json({
      sucesso: true,
      mensagem: 'Este e-mail já recebe a nossa newsletter. Obrigado!',
    } satisfies FormAnswer);
  return c.json(welcome);
});
