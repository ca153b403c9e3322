import { Hono } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound } from '#/server/errors.ts';
import { listOutbox, resendKept } from '#/server/mail/outbox.ts';
import { recordChange } from '#/server/staff/audit.ts';

/**
 * The store's kept e-mail (`/v2/admin/outbox`, owners; our extension): whether e-mail reaches people, the
 * messages kept while it does not, and one sent again once it does.
 */
export const staffOutbox = new Hono<PlatformEnv>();

staffOutbox.get('/', async (c) => {
  const { db, mailer } = c.get('config');
  return c.json(await listOutbox(db, mailer));
});

/** `POST …/{id}/resend`: send it now (a 409 while the store has no SMTP), and take it out of the outbox. */
staffOutbox.post('/:id/resend', async (c) => {
  const id = c.req.param('id');
  if (!/^\d{1,9}$/.test(id)) throw notFound('Mensagem não encontrada na caixa de saída.');
  const { db, mailer } = c.get('config');
  await resendKept(db, mailer, Number(id));
  await recordChange(db, {
    actor: c.get('actor'),
    action: 'email.reenviado',
    entity: 'mensagem',
    entityId: id,
    before: { situacao: 'na caixa de saída' },
    after: { situacao: 'enviado' },
  });
  return c.json({ sucesso: true, mensagem: 'E-mail enviado.' });
});
