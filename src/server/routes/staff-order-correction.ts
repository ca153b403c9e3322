import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { isOrderNumber } from '#/contract/order.ts';
import { orderCorrectionSchema } from '#/contract/order-correction.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { notFound, refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { applyCorrection, quoteCorrection, tellCorrection } from '#/server/orders/correct.ts';
import type { CorrectionDeps } from '#/server/orders/correction-plan.ts';
import { recorded } from '#/server/staff/audit.ts';

/**
 * Correcting an order before it is shipped (`/v2/admin/orders/{numero}/correction`, owners and `pedidos`):
 * quoted (`POST …/quote`, nothing kept), then applied with its record and the buyer's e-mail in one transaction.
 */
export const staffOrderCorrection = new Hono<PlatformEnv>();
staffOrderCorrection.use(allow('pedidos'));

const body = zValidator(
  'json',
  orderCorrectionSchema,
  refuseByField('Correção inválida.', (path) => path.map(String).join('.') || undefined),
);

const numberOf = (value: string) => {
  if (!isOrderNumber(value)) throw notFound('Pedido não encontrado.');
  return Number(value);
};

const depsOf = (c: Context<PlatformEnv>): CorrectionDeps => {
  const { pixKey, siteUrl, shippingProvider } = c.get('config');
  return { origin: c.get('origin'), pixKey, siteUrl, shippingProvider };
};

staffOrderCorrection.post('/:numero/correction/quote', body, async (c) =>
  c.json(
    await quoteCorrection(
      c.get('config').db,
      depsOf(c),
      numberOf(c.req.param('numero')),
      c.req.valid('json'),
    ),
  ),
);

staffOrderCorrection.post('/:numero/correction', body, async (c) => {
  const numero = numberOf(c.req.param('numero'));
  const { db, mailer } = c.get('config');
  const actor = c.get('actor');
  const done = await recorded(
    db,
    async (tx) => {
      const made = await applyCorrection(tx, depsOf(c), numero, c.req.valid('json'), actor);
      await tellCorrection(tx, mailer, c.get('origin'), made);
      return made;
    },
    (made) => ({
      actor,
      action: 'pedido.correcao',
      entity: 'pedido',
      entityId: String(numero),
      before: made.before,
      after: made.after,
    }),
  );
  return c.json({ numero, mudou: done.mudou });
});
