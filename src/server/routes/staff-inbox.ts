import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { inboxAnsweredSchema, inboxQuerySchema } from '#/contract/staff-inbox.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { recorded } from '#/server/staff/audit.ts';
import { exportInbox, listInbox, markAnswered } from '#/server/staff/inbox.ts';

/**
 * The team's inbox (`/v2/admin/inbox`: owners and the `pedidos` role, who answer the shoppers): the list
 * with filters, its spreadsheet, and the answered mark.
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
