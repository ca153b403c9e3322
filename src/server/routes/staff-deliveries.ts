import { Hono } from 'hono';
import { isOrderNumber } from '#/contract/order.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound, PlatformError } from '#/server/errors.ts';
import { listDeliveries, orderMessages } from '#/server/jobs/deliveries.ts';
import { mailDelivers } from '#/server/mail/mailer.ts';
import { allow } from '#/server/middleware.ts';
import { recordChange } from '#/server/staff/audit.ts';

/**
 * What the store sends and sweeps (`/v2/admin/deliveries`, owners; our extension): the messages that failed
 * for good, the queue's length, each sweep's last run, and "Reenviar" for a failed message.
 */
export const staffDeliveries = new Hono<PlatformEnv>();
staffDeliveries.use(allow());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

staffDeliveries.get('/', async (c) => {
  const { db, jobs, mailer } = c.get('config');
  return c.json(await listDeliveries(db, jobs?.sweeps ?? [], mailDelivers(mailer)));
});

/** `POST …/{id}/resend`: the failed message goes back to the queue with its tries renewed. */
staffDeliveries.post('/:id/resend', async (c) => {
  const id = c.req.param('id');
  if (!UUID.test(id)) throw notFound('Mensagem não encontrada.');
  const { db, jobs } = c.get('config');
  if (!jobs)
    throw new PlatformError(503, 'queue_off', 'A fila de envio não está ligada nesta instância da loja.');
  await jobs.mail.resend(id);
  await recordChange(db, {
    actor: c.get('actor'),
    action: 'email.reenviado',
    entity: 'mensagem',
    entityId: id,
    before: { situacao: 'falhou' },
    after: { situacao: 'na fila de envio' },
  });
  return c.json({ sucesso: true, mensagem: 'Mensagem de volta à fila de envio: ela sai em instantes.' });
});

/** The messages of one order (`/v2/admin/orders/{n}/messages`; owners and orders members). */
export const staffOrderMessages = new Hono<PlatformEnv>();
staffOrderMessages.use(allow('pedidos'));

staffOrderMessages.get('/:numero/messages', async (c) => {
  const numero = c.req.param('numero');
  if (!isOrderNumber(numero)) throw notFound('Pedido não encontrado.');
  return c.json(await orderMessages(c.get('config').db, Number(numero)));
});
