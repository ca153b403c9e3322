import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { readyAnswerInputSchema, replyInputSchema } from '#/contract/staff-conversations.ts';
import { inboxAnsweredSchema, inboxQuerySchema } from '#/contract/staff-inbox.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound, refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import {
  conversation,
  readyAnswerFor,
  readyAnswers,
  removeReadyAnswer,
  reply,
  saveReadyAnswer,
  updateReadyAnswer,
} from '#/server/staff/conversations.ts';
import { exportInbox, listInbox, markAnswered } from '#/server/staff/inbox.ts';

/**
 * The team's inbox (`/v2/admin/inbox`: owners and the `pedidos` role, who answer the shoppers): the list
 * with filters, its spreadsheet, the answered mark, each message's conversation and its replies, and the
 * ready answers replies start from.
 */
export const staffInbox = new Hono<PlatformEnv>();
staffInbox.use(allow('pedidos'));

const refuse = (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
  if (!result.success) throw badRequest(result.error?.issues[0]?.message ?? 'Filtro inválido.');
};

staffInbox.get('/', zValidator('query', inboxQuerySchema, refuse), async (c) =>
  c.json(await listInbox(c.get('config').db, c.req.valid('query'))),
);

staffInbox.get('/export', zValidator('query', inboxQuerySchema, refuse), async (c) =>
  c.json(await exportInbox(c.get('config').db, c.req.valid('query'))),
);

const readyInput = zValidator('json', readyAnswerInputSchema, refuseByField('Resposta pronta inválida.'));

const readyId = (value: string) => {
  if (!/^\d{1,9}$/.test(value)) throw notFound('Resposta pronta não encontrada.');
  return Number(value);
};

staffInbox.get('/ready-answers', async (c) => c.json({ respostas: await readyAnswers(c.get('config').db) }));

/** One ready answer, filled in for `nome` (the first name of whom it answers). */
staffInbox.get('/ready-answers/:id', async (c) =>
  c.json(
    await readyAnswerFor(
      c.get('config').db,
      readyId(c.req.param('id')),
      (c.req.query('nome') ?? '').slice(0, 200),
    ),
  ),
);

staffInbox.post('/ready-answers', readyInput, async (c) => {
  const { db } = c.get('config');
  const saved = await recorded(
    db,
    (tx) => saveReadyAnswer(tx, c.req.valid('json'), c.get('actor')),
    (after) => ({
      actor: c.get('actor'),
      action: 'mensagem.resposta-pronta-criar',
      entity: 'mensagem',
      entityId: `resposta-pronta-${String(after.id)}`,
      before: null,
      after: { titulo: after.titulo, texto: after.texto },
    }),
  );
  return c.json(saved, 201);
});

staffInbox.put('/ready-answers/:id', readyInput, async (c) => {
  const id = readyId(c.req.param('id'));
  const { after } = await recorded(
    c.get('config').db,
    (tx) => updateReadyAnswer(tx, id, c.req.valid('json')),
    ({ before, after }) => ({
      actor: c.get('actor'),
      action: 'mensagem.resposta-pronta-alterar',
      entity: 'mensagem',
      entityId: `resposta-pronta-${String(id)}`,
      before: { titulo: before.titulo, texto: before.texto },
      after: { titulo: after.titulo, texto: after.texto },
    }),
  );
  return c.json(after);
});

staffInbox.delete('/ready-answers/:id', async (c) => {
  const id = readyId(c.req.param('id'));
  await recorded(
    c.get('config').db,
    (tx) => removeReadyAnswer(tx, id),
    (before) => ({
      actor: c.get('actor'),
      action: 'mensagem.resposta-pronta-apagar',
      entity: 'mensagem',
      entityId: `resposta-pronta-${String(id)}`,
      before: { titulo: before.titulo, texto: before.texto },
      after: null,
    }),
  );
  return c.json({ sucesso: true, mensagem: 'Resposta pronta apagada.' });
});

staffInbox.get('/:id', async (c) => c.json(await conversation(c.get('config').db, c.req.param('id'))));

staffInbox.post(
  '/:id/replies',
  zValidator('json', replyInputSchema, refuseByField('Resposta inválida.')),
  async (c) => {
    const id = c.req.param('id');
    const { db, mailer } = c.get('config');
    const input = c.req.valid('json');
    const sent = await recorded(
      db,
      (tx) => reply({ db: tx, mailer }, id, input, c.get('actor')),
      (done) => ({
        actor: c.get('actor'),
        action: 'mensagem.resposta',
        entity: 'mensagem',
        entityId: id,
        before: null,
        after: { para: done.para, texto: input.texto },
      }),
    );
    return c.json({ sucesso: true, mensagem: `Resposta para ${sent.para} na fila de envio.` }, 201);
  },
);

staffInbox.put('/:id/answered', zValidator('json', inboxAnsweredSchema, refuse), async (c) => {
  const id = c.req.param('id');
  const { respondida } = c.req.valid('json');
  await recorded(
    c.get('config').db,
    (tx) => markAnswered(tx, id, respondida, c.get('actor')),
    (was) =>
      was.before === respondida
        ? undefined
        : {
            actor: c.get('actor'),
            action: 'mensagem.respondida',
            entity: 'mensagem',
            entityId: id,
            before: { respondida: was.before },
            after: { respondida },
          },
  );
  return c.json({
    sucesso: true,
    mensagem: respondida ? 'Mensagem marcada como respondida.' : 'Mensagem de volta às que esperam resposta.',
  });
});
