import { Hono } from 'hono';
import type { z } from 'zod';
import { HONEYPOT_FIELD, newsletterSchema } from '../../contract/forms.ts';
import type { FormAnswer } from '../../contract/forms.ts';
import type { PlatformEnv } from '../context.ts';
import * as t from '../db/schema.ts';
import { rateLimit } from '../rate-limit.ts';

/** Read a form body with its schema; problems are a 400 with one Portuguese message per field. */
function fields<S extends z.ZodType>(body: unknown, schema: S) {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return { ok: true as const, data: parsed.data };
  const erros: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'formulario');
    erros[field] ??= issue.message;
  }
  return { ok: false as const, erros };
}

const invalid = (erros: Record<string, string>) => ({
  error: 'validation',
  mensagem: Object.values(erros)[0] ?? 'Confira os campos do formulário.',
  sucesso: false,
  erros,
});

/** `POST newsletter`: sign up once; the same e-mail again is a kind answer, not an error. */
export const newsletter = new Hono<PlatformEnv>();

newsletter.post('/', rateLimit('newsletter', 10, 60_000), async (c) => {
  const result = fields(await c.req.json().catch(() => undefined), newsletterSchema);
  if (!result.ok) return c.json(invalid(result.erros), 400);
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
