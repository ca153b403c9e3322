import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import {
  isOrderNumber,
  orderRefundSchema,
  orderStatusChangeSchema,
  trackingChangeSchema,
} from '#/contract/order.ts';
import {
  orderDeadlineSchema,
  orderNoteSchema,
  refundResolveSchema,
  staffOrderQuerySchema,
} from '#/contract/staff-orders.ts';
import { extendDeadline } from '#/server/orders/deadline.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound, PlatformError } from '#/server/errors.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import { refundable, refundOrder } from '#/server/payments/refund.ts';
import { allow } from '#/server/middleware.ts';
import { toldWithoutQueue } from '#/server/orders/notices.ts';
import { changeStatus, changeTracking, isPickup, STATUS, toStatus } from '#/server/orders/status.ts';
import { trackingProblems } from '#/contract/tracking.ts';
import { recorded } from '#/server/staff/audit.ts';
import { addOrderNote, exportStaffOrders, listStaffOrders, staffOrder } from '#/server/staff/orders.ts';
import { resolveRefund } from '#/server/staff/refunds.ts';
import { decideTakeback } from '#/server/staff/takebacks.ts';
import { takebackDecisionSchema } from '#/contract/takebacks.ts';
import { refuseIfHeld } from '#/server/orders/hold.ts';

/**
 * The store's team and its orders (`/v2/admin/orders`: owners and the `pedidos` role): the list with filters
 * and counts, one order with its timeline, and moving it along.
 */
export const staffOrders = new Hono<PlatformEnv>();
staffOrders.use(allow('pedidos'));

const refusal =
  (fallback: string) => (result: { success: boolean; error?: { issues: { message: string }[] } }) => {
    if (!result.success) throw badRequest(result.error?.issues[0]?.message ?? fallback);
  };

/** A carrier and code the buyer cannot follow: a 400 saying each field's problem. */
function refuseBadTracking(carrier: string, code: string): void {
  const problems = trackingProblems(carrier, code);
  const first = Object.values(problems)[0];
  if (first) throw new PlatformError(400, 'validation', first, problems);
}

const orderNumber = (value: string) => {
  if (!isOrderNumber(value)) throw notFound('Pedido não encontrado.');
  return Number(value);
};

staffOrders.get('/', zValidator('query', staffOrderQuerySchema, refusal('Filtro inválido.')), async (c) =>
  c.json(await listStaffOrders(c.get('config').db, c.req.valid('query'))),
);

staffOrders.get(
  '/export',
  zValidator('query', staffOrderQuerySchema, refusal('Filtro inválido.')),
  async (c) => c.json(await exportStaffOrders(c.get('config').db, c.req.valid('query'))),
);

staffOrders.get('/:numero', async (c) =>
  c.json({
    pedido: await staffOrder(
      c.get('config').db,
      c.get('origin'),
      orderNumber(c.req.param('numero')),
      c.get('config').invoiceProvider,
      c.get('config').shippingProvider,
    ),
  }),
);

staffOrders.put(
  '/:numero/status',
  zValidator('json', orderStatusChangeSchema, refusal('Situação inválida.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const { situacao, de, transportadora = '', rastreio = '' } = c.req.valid('json');
    const to = toStatus(situacao);
    const { db, mailer, jobs } = c.get('config');
    // A held order (its provider took the money back) moves only by the team's decision on it.
    if (to === 'shipped' || to === 'cancelled')
      await refuseIfHeld(db, numero, to === 'shipped' ? 'marcá-lo como enviado' : 'cancelá-lo');
    // A shipment says how the buyer follows it (a pickup needs no carrier).
    if (to === 'shipped' && !(await isPickup(db, numero))) refuseBadTracking(transportadora, rastreio);
    // A provider's money is never kept for an order that is cancelled: that takes the refund.
    if (to === 'cancelled' && (await refundable(db, numero)))
      throw new PlatformError(
        409,
        'not_refundable',
        `O pedido ${String(numero)} foi pago pelo provedor: use "Devolver o pagamento", que cancela o pedido e devolve o dinheiro ao cliente.`,
      );
    const from = await recorded(
      db,
      (tx) =>
        changeStatus(tx, numero, to, {
          actor: c.get('actor'),
          expected: de ? toStatus(de) : undefined,
          carrier: transportadora,
          trackingCode: rastreio,
          tell: jobs?.tellOrder,
        }),
      (was) => ({
        actor: c.get('actor'),
        action: 'pedido.situacao',
        entity: 'pedido',
        entityId: String(numero),
        before: { situacao: STATUS[was] },
        after: {
          situacao: STATUS[to],
          ...(to === 'shipped' && (transportadora || rastreio) ? { transportadora, rastreio } : {}),
        },
      }),
    );
    await toldWithoutQueue({ db, mailer, origin: c.get('origin'), tell: jobs?.tellOrder }, numero, {
      aviso: to,
    });
    return c.json({ numero, de: STATUS[from], situacao: STATUS[to] });
  },
);

staffOrders.post(
  '/:numero/refund',
  zValidator('json', orderRefundSchema, refusal('Situação de origem inválida.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const { de } = c.req.valid('json');
    const { db, mailer, pix, mercadoPago } = c.get('config');
    const actor = c.get('actor');
    const done = await refundOrder(
      { db, mailer, pix, mercadoPago, origin: c.get('origin') },
      numero,
      actor,
      de ? toStatus(de) : undefined,
    );
    return c.json({ numero, de: STATUS[done.from], situacao: STATUS[done.to], valor: done.valor });
  },
);

staffOrders.post(
  '/:numero/refunds/:id/resolved',
  zValidator('json', refundResolveSchema, refusal('Diga como a devolução foi resolvida.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const id = c.req.param('id');
    if (!/^\d{1,9}$/.test(id)) throw notFound('Devolução não encontrada.');
    const { db, mailer } = c.get('config');
    const { nota, desfecho } = c.req.valid('json');
    await resolveRefund(
      { db, mailer, origin: c.get('origin') },
      numero,
      Number(id),
      c.get('actor'),
      nota,
      desfecho,
    );
    return c.json({ sucesso: true, mensagem: 'Devolução marcada como resolvida.' });
  },
);

/**
 * `POST /v2/admin/orders/{numero}/takebacks/{id}/decision`: the team decides on an order held because its
 * provider took the money back: ship anyway (`seguir`) or cancel it, with nothing to refund (`cancelar`).
 */
staffOrders.post(
  '/:numero/takebacks/:id/decision',
  zValidator('json', takebackDecisionSchema, refusal('Diga o que fazer com o pedido retido.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const id = c.req.param('id');
    if (!/^\d{1,9}$/.test(id)) throw notFound('Pedido retido não encontrado.');
    const { db, mailer, jobs } = c.get('config');
    const { decisao, nota } = c.req.valid('json');
    await decideTakeback(
      { db, mailer, origin: c.get('origin'), tell: jobs?.tellOrder },
      numero,
      Number(id),
      c.get('actor'),
      decisao,
      nota,
    );
    return c.json({
      sucesso: true,
      mensagem:
        decisao === 'seguir'
          ? 'Pedido liberado: a etiqueta e o envio voltam a ser possíveis.'
          : 'Pedido cancelado. Os produtos voltaram ao estoque e o e-mail ao cliente está na fila de envio.',
    });
  },
);

/**
 * `PUT /v2/admin/orders/{numero}/tracking`: correct a shipped order's carrier and code (a typo, a new label):
 * recorded, and the buyer is e-mailed the new code.
 */
staffOrders.put(
  '/:numero/tracking',
  zValidator('json', trackingChangeSchema, refusal('Rastreio inválido.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const { transportadora, rastreio } = c.req.valid('json');
    refuseBadTracking(transportadora, rastreio);
    const { db, mailer, jobs } = c.get('config');
    const corrected = { aviso: 'shipped', variante: 'corrigido' } as const;
    await recorded(
      db,
      async (tx) => {
        const was = await changeTracking(tx, numero, { carrier: transportadora, trackingCode: rastreio });
        await jobs?.tellOrder(tx, numero, corrected);
        return was;
      },
      (was) => ({
        actor: c.get('actor'),
        action: 'pedido.rastreio',
        entity: 'pedido',
        entityId: String(numero),
        before: { transportadora: was.carrier, rastreio: was.trackingCode },
        after: { transportadora, rastreio },
      }),
    );
    await toldWithoutQueue({ db, mailer, origin: c.get('origin'), tell: jobs?.tellOrder }, numero, corrected);
    return c.json({
      sucesso: true,
      mensagem: 'Rastreio corrigido. O e-mail com o novo código está na fila de envio.',
    });
  },
);

/**
 * `POST /v2/admin/orders/{numero}/deadline`: more time to pay an order waiting for the team to confirm its
 * Pix; recorded, on the timeline, and reminded again before the new deadline.
 */
staffOrders.post(
  '/:numero/deadline',
  zValidator('json', orderDeadlineSchema, refusal('Escolha quanto tempo a mais.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const { minutos } = c.req.valid('json');
    const { after } = await recorded(
      c.get('config').db,
      (tx) => extendDeadline(tx, numero, minutos, c.get('actor')),
      (was) => ({
        actor: c.get('actor'),
        action: 'pedido.prazo',
        entity: 'pedido',
        entityId: String(numero),
        before: { prazo: was.before.toISOString() },
        after: { prazo: was.after.toISOString() },
      }),
    );
    return c.json({
      sucesso: true,
      mensagem: `O pedido ${String(numero)} agora pode ser pago até ${dayAndTime(after)}.`,
      expiraEm: after.toISOString(),
    });
  },
);

/** `POST /v2/admin/orders/{numero}/notes`: a note for the team on the order, in the record; never the buyer's to see. */
staffOrders.post(
  '/:numero/notes',
  zValidator('json', orderNoteSchema, refusal('Escreva a nota.')),
  async (c) => {
    const numero = orderNumber(c.req.param('numero'));
    const { texto } = c.req.valid('json');
    await recorded(
      c.get('config').db,
      (tx) => addOrderNote(tx, numero, c.get('actor'), texto),
      () => ({
        actor: c.get('actor'),
        action: 'pedido.nota',
        entity: 'pedido',
        entityId: String(numero),
        before: null,
        after: { nota: texto },
      }),
    );
    return c.json({ sucesso: true, mensagem: 'Nota guardada. Só a equipe a vê.' }, 201);
  },
);
