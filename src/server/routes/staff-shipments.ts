import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { isOrderNumber } from '#/contract/order.ts';
import { buyLabelSchema } from '#/contract/shipments.ts';
import { buyLabel, shippingView } from '#/server/carriers/shipments.ts';
import { cancelLabel } from '#/server/carriers/cancel-label.ts';
import { followParcels } from '#/server/carriers/tracking.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound, PlatformError } from '#/server/errors.ts';
import { allow } from '#/server/middleware.ts';
import { ProviderError } from '#/server/payments/http.ts';
import { providerSaid } from '#/server/carriers/shipments.ts';
import { recordChange } from '#/server/staff/audit.ts';

/**
 * An order's parcel (`/v2/admin/orders/{numero}/label`: owners and the `pedidos` role): the services quoted,
 * the label bought once, and where it is. The provider is called outside any transaction.
 */
export const staffShipments = new Hono<PlatformEnv>();
staffShipments.use(allow('pedidos'));

const orderNumber = (value: string) => {
  if (!isOrderNumber(value)) throw notFound('Pedido não encontrado.');
  return Number(value);
};
const contextOf = (c: Context<PlatformEnv>) => {
  const { db, shippingProvider } = c.get('config');
  return { db, provider: shippingProvider };
};

/** `GET …/label`: the label and where it is, or the services to buy one from, or what is missing. */
staffShipments.get('/:numero/label', async (c) =>
  c.json(await shippingView(contextOf(c), orderNumber(c.req.param('numero')))),
);

/** `POST …/label` `{servico}`: buy the label with that service (resumed where a failed try stopped). */
staffShipments.post(
  '/:numero/label',
  zValidator('json', buyLabelSchema, (result) => {
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Escolha o serviço de entrega.');
  }),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const ctx = contextOf(c);
    await buyLabel(ctx, numero, c.req.valid('json').servico, c.get('actor'));
    const view = await shippingView(ctx, numero);
    await recordChange(ctx.db, {
      actor: c.get('actor'),
      action: 'pedido.etiqueta',
      entity: 'pedido',
      entityId: String(numero),
      before: null,
      after: {
        transportadora: view.etiqueta?.transportadora ?? '',
        servico: view.etiqueta?.servico ?? '',
        valor: view.etiqueta?.valor ?? 0,
        rastreio: view.etiqueta?.rastreio ?? '',
      },
    });
    return c.json(view);
  },
);

/** `POST …/label/cancel`: cancel a label the order no longer needs (not yet with the carrier). */
staffShipments.post('/:numero/label/cancel', async (c) => {
  const numero = orderNumber(c.req.param('numero'));
  const ctx = contextOf(c);
  await cancelLabel(ctx, numero, c.get('actor'));
  await recordChange(ctx.db, {
    actor: c.get('actor'),
    action: 'pedido.etiqueta-cancelada',
    entity: 'pedido',
    entityId: String(numero),
    before: null,
    after: { etiqueta: 'cancelada' },
  });
  return c.json(await shippingView(ctx, numero));
});

/** `POST …/label/tracking`: read where the parcel is now (the sweep does it every 15 minutes). */
staffShipments.post('/:numero/label/tracking', async (c) => {
  const numero = orderNumber(c.req.param('numero'));
  const { db, shippingProvider, mailer, jobs } = c.get('config');
  if (!shippingProvider) throw notFound();
  try {
    const origin = c.get('origin');
    await followParcels({ db, provider: shippingProvider, mailer, origin, tell: jobs?.tellOrder }, numero);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new PlatformError(503, 'shipment_refused', providerSaid(error));
  }
  return c.json(await shippingView({ db, provider: shippingProvider }, numero));
});
