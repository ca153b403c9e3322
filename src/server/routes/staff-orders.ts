import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { isOrderNumber, orderStatusChangeSchema } from '#/contract/order.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { notifyBuyer } from '#/server/orders/mail.ts';
import { changeStatus, STATUS, toStatus } from '#/server/orders/status.ts';
import { recordChange } from '#/server/staff/audit.ts';

/** The store's team moves orders along (`/v2/admin/orders`, behind ADMIN_TOKEN; see middleware.ts). */
export const staffOrders = new Hono<PlatformEnv>();

const body = zValidator('json', orderStatusChangeSchema, (result) => {
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Situação inválida.');
});

staffOrders.put('/:numero/status', body, async (c) => {
  const numero = c.req.param('numero');
  if (!isOrderNumber(numero)) throw notFound('Pedido não encontrado.');
  const to = toStatus(c.req.valid('json').situacao);
  const { db, mailer } = c.get('config');
  const from = await changeStatus(db, Number(numero), to);
  await recordChange(db, {
    actor: c.get('actor'),
    action: 'pedido.situacao',
    entity: 'pedido',
    entityId: numero,
    before: { situacao: STATUS[from] },
    after: { situacao: STATUS[to] },
  });
  await notifyBuyer(db, mailer, c.get('origin'), Number(numero), to);
  return c.json({ numero: Number(numero), de: STATUS[from], situacao: STATUS[to] });
});
