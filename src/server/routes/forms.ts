import { Hono } from 'hono';
import { architectSchema, contactSchema, HONEYPOT_FIELD } from '#/contract/forms.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { inTransaction } from '#/server/db/client.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { keepSubmission } from '#/server/forms/submissions.ts';
import { tellService } from '#/server/staff/inbox.ts';
import { rateLimit } from '#/server/rate-limit.ts';

/** `POST form/contact` and `form/architect`: kept for the team; a filled honeypot keeps nothing. */
export const forms = new Hono<PlatformEnv>();

const received = (mensagem: string): FormAnswer => ({ sucesso: true, mensagem });

forms.post('/contact', rateLimit('atendimento', 5, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), contactSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  const { [HONEYPOT_FIELD]: trap, ...data } = result.data;
  if (!trap) {
    const { db, mailer } = c.get('config');
    // The message and the team's notice of it in one transaction: a kept message always has its notice.
    await inTransaction(db, async (tx) => {
      await keepSubmission(tx, 'contato', data.email, data);
      await tellService(
        { db: tx, mailer, origin: c.get('origin') },
        {
          tipo: 'contato',
          nome: data.nome,
          email: data.email,
          assunto: data.assunto,
          texto: data.mensagem,
          // Every field the sender typed reaches the team, the phone and the order too.
          dados: { contato: data.contato, pedido: data.pedido },
        },
      );
    });
  }
  return c.json(received('Mensagem recebida! Respondemos em até 1 dia útil, no seu e-mail.'));
});

forms.post('/architect', rateLimit('programa de arquitetos', 5, 60_000), async (c) => {
  const result = readForm(await c.req.json().catch(() => undefined), architectSchema);
  if (!result.ok) return c.json(invalidForm(result.erros), 400);
  const { [HONEYPOT_FIELD]: trap, ...data } = result.data;
  if (!trap) {
    const { db, mailer } = c.get('config');
    const { nome, email, tipo, ...rest } = data;
    await inTransaction(db, async (tx) => {
      await keepSubmission(tx, `arquiteto-${tipo}`, email, data);
      await tellService(
        { db: tx, mailer, origin: c.get('origin') },
        {
          tipo: `arquiteto-${tipo}`,
          nome,
          email,
          assunto: 'Cadastro no programa de arquitetos',
          texto: '',
          dados: rest,
        },
      );
    });
  }
  return c.json(
    received('Cadastro recebido! Nossa equipe de relacionamento entra em contato em até 3 dias úteis.'),
  );
});
