import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { ORDER_CHANNEL_LABELS, ORDER_PAYMENT_LABELS } from '#/contract/order.ts';
import { handOrderSchema } from '#/contract/staff-new-order.ts';
import type { HandOrder } from '#/contract/staff-new-order.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { refuseByField } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { placeHandOrder, quoteHandOrder } from '#/server/orders/by-hand.ts';
import type { HandDeps } from '#/server/orders/by-hand.ts';
import { toldWithoutQueue } from '#/server/orders/notices.ts';
import { recordChange } from '#/server/staff/audit.ts';
import type { Actor } from '#/server/staff/audit.ts';
import type { Db } from '#/server/db/client.ts';

/**
 * Orders the team makes by hand (`/v2/admin/orders`, owners and the `pedidos` role): a sale by phone, WhatsApp
 * or at the counter, quoted (`POST quote`, nothing kept) and placed (`POST /`) by the checkout's own rules.
 */
export const staffNewOrder = new Hono<PlatformEnv>();
staffNewOrder.use(allow('pedidos'));

/** A field's problem named by its path (`cliente.email`, `itens.0.sku`, `desconto.motivo`). */
const body = zValidator(
  'json',
  handOrderSchema,
  refuseByField('Pedido inválido.', (path) => path.map(String).join('.') || undefined),
);

/** The platform's providers, as the checkout hands them to a placement. */
function depsOf(c: Context<PlatformEnv>) {
  const { pixKey, siteUrl, paymentProvider, pix, shippingProvider, jobs } = c.get('config');
  return {
    origin: c.get('origin'),
    pixKey,
    siteUrl,
    paymentProvider,
    pixApi: pix?.api,
    shippingProvider,
    tell: jobs?.tellOrder,
    actor: c.get('actor'),
  } satisfies HandDeps;
}

staffNewOrder.post('/quote', body, async (c) =>
  c.json(await quoteHandOrder(c.get('config').db, depsOf(c), c.req.valid('json'))),
);

/** What the activity trail keeps of an order made by hand. */
const entry = (order: HandOrder, actor: Actor) => async (tx: Db, numero: number) =>
  recordChange(tx, {
    actor,
    action: 'pedido.criar',
    entity: 'pedido',
    entityId: String(numero),
    before: null,
    after: {
      canal: ORDER_CHANNEL_LABELS[order.canal],
      cliente: order.cliente.email,
      produtos: order.itens.map((i) => `${String(i.quantidade)} × ${i.sku}`).join(', '),
      pagamento:
        order.pagamento === 'recebido' && order.recebidoCom
          ? `Recebido: ${ORDER_PAYMENT_LABELS[order.recebidoCom]}`
          : ORDER_PAYMENT_LABELS[order.pagamento === 'recebido' ? 'pix' : order.pagamento],
      ...(order.desconto.valor > 0 ? { desconto: order.desconto.valor, motivo: order.desconto.motivo } : {}),
    },
  });

staffNewOrder.post('/', body, async (c) => {
  const { db, mailer, jobs } = c.get('config');
  const order = c.req.valid('json');
  const deps = depsOf(c);
  const placed = await placeHandOrder(db, { ...deps, record: entry(order, c.get('actor')) }, order);
  if (placed.criado)
    await toldWithoutQueue({ db, mailer, origin: deps.origin, tell: jobs?.tellOrder }, placed.numero, {
      ...(order.pagamento === 'recebido' ? { aviso: 'paid' } : { aviso: 'novo', cobrado: false }),
    });
  return c.json(placed, placed.criado ? 201 : 200);
});
