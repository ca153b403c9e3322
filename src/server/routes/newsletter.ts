import { Hono } from 'hono';
import { HONEYPOT_FIELD, newsletterSchema } from '#/contract/forms.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { subscribe } from '#/server/forms/submissions.ts';
import { rateLimit } from '#/server/rate-limit.ts';

/** `POST newsletter`: sign up once; the same e-mail again gets the same answer (it must not tell who is a customer). */
export const newsletter = new Hono<PlatformEnv>();

/** The coupon a newsletter sign-up asks for (`cupom: true`): the first-purchase one the store advertises. */
const WELCOME_COUPON = 'BEMVINDO10';

const WELCOME: FormAnswer = {
  sucesso: true,
  mensagem: 'Pronto! Você vai receber nossas ofertas e novidades no seu e-mail.',
};

newsletter.post('/', rateLimit('newsletter', 10, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), newsletterSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  // A bot filled the hidden field: answer as if it worked and keep nothing.
  if (!result.data[HONEYPOT_FIELD]) await subscribe(c.get('config').db, result.data.email, result.data.nome);
  if (!result.data.cupom) return c.json(WELCOME);
  // The same answer whether the e-mail is new or not: the welcome coupon is for a first purchase anyway.
  return c.json({
    ...WELCOME,
    mensagem: `${WELCOME.mensagem} Use o cupom ${WELCOME_COUPON} na sua primeira compra.`,
    cupom: WELCOME_COUPON,
  } satisfies FormAnswer);
});
