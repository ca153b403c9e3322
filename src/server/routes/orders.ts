import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { shopperMailSaid } from '#/server/mail/said.ts';
import { mailDelivers } from '#/server/mail/mailer.ts';
import type { Mailer } from '#/server/mail/mailer.ts';
import type { Pedido } from '#/contract/order.ts';
import { isOrderNumber, orderPlaceSchema } from '#/contract/order.ts';
import { requireCustomer, sessionCustomer } from '#/server/accounts/customers.ts';
import type { PlatformEnv } from '#/server/context.ts';
import { badRequest, notFound } from '#/server/errors.ts';
import { listOrders, loadOrder } from '#/server/orders/orders.ts';
import { keptXml } from '#/server/invoices/attach.ts';
import { toldWithoutQueue } from '#/server/orders/notices.ts';
import { offeredMethods, publicMethods } from '#/server/orders/payments.ts';
import { placeOrder } from '#/server/orders/place.ts';
import { settingsInForce } from '#/server/content/settings.ts';
import { errorCode } from '#/server/db/health.ts';
import { reconcilePayment } from '#/server/payments/mercadopago/reconcile.ts';
import { withinLimit } from '#/server/rate-limit.ts';
import { withdrawalRequestSchema } from '#/contract/rights.ts';
import type { FormAnswer } from '#/contract/forms.ts';
import { invalidForm, readForm } from '#/server/forms/fields.ts';
import { dayAndTime } from '#/server/lib/dates.ts';
import { requestWithdrawal } from '#/server/rights/withdrawals.ts';

/** Orders of the shopper (mounted under `checkout`): place one, read one, list the account's. */
export const orders = new Hono<PlatformEnv>();

const LOGIN_TO_BUY = 'Entre na sua conta para finalizar a compra.';

const body = zValidator('json', orderPlaceSchema, (result) => {
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Pedido inválido.');
});

/** The order as its buyer's page reads it, saying when the store's e-mail does not reach them. */
const mailState = (pedido: Pedido, mailer: Mailer): Pedido =>
  mailDelivers(mailer) ? pedido : { ...pedido, avisosPorEmail: false };

/** An order number as the URL gives it, else no such order. */
const numberOf = (value: string) => {
  if (!isOrderNumber(value)) throw notFound('Pedido não encontrado.');
  return Number(value);
};

orders.get('/payment-methods', async (c) => {
  const config = c.get('config');
  const methods = offeredMethods(
    await settingsInForce(config.db, config),
    config.paymentProvider,
    config.pix !== undefined,
  );
  return c.json({ metodos: publicMethods(methods) });
});

orders.post('/order', body, async (c) => {
  const { db, pixKey, siteUrl, paymentProvider, pix, mailer, shippingProvider, jobs } = c.get('config');
  const session = c.get('session');
  const customer = await requireCustomer(db, session, LOGIN_TO_BUY);
  const origin = c.get('origin');
  const placed = await placeOrder(
    db,
    {
      customer,
      session,
      origin,
      pixKey,
      siteUrl,
      paymentProvider,
      pixApi: pix?.api,
      shippingProvider,
      // The buyer's confirmation and the team's notice: a job in the order's transaction (jobs/order-notices.ts).
      tell: jobs?.tellOrder,
    },
    c.req.valid('json'),
  );
  const numero = placed.number;
  if (placed.created)
    await toldWithoutQueue({ db, mailer, origin, tell: jobs?.tellOrder }, numero, {
      aviso: 'novo',
      cobrado: false,
    });
  const pedido = await loadOrder(db, origin, numero, { session, customerId: customer.id });
  return c.json({ pedido: pedido && mailState(pedido, mailer) }, 201);
});

orders.get('/order/:numero', async (c) => {
  const { db, mercadoPago, mailer, jobs } = c.get('config');
  const session = c.get('session');
  const customer = await sessionCustomer(db, session);
  const numero = numberOf(c.req.param('numero'));
  const viewer = { session, customerId: customer?.id };
  const origin = c.get('origin');
  let pedido = await loadOrder(db, origin, numero, viewer);
  if (!pedido) throw notFound('Pedido não encontrado.');
  // Back from Mercado Pago's page: its payment is read there (never believed from the URL) before answering.
  const payment = c.req.query('pagamento');
  // Each read is a call to Mercado Pago: a few per visitor a minute, then the page just shows the order.
  if (
    mercadoPago &&
    payment &&
    pedido.situacao === 'aguardando_pagamento' &&
    (await withinLimit(c, 'retorno de pagamento', 10, 60_000))
  ) {
    const moved = await reconcilePayment(
      { db, mp: mercadoPago, mailer, origin, tell: jobs?.tellOrder },
      payment,
      numero,
    ).catch((error: unknown) => {
      console.error(`[mercadopago] returning buyer's payment not read (${errorCode(error)})`);
      return 'unchanged';
    });
    if (moved !== 'unchanged') pedido = await loadOrder(db, origin, numero, viewer);
    if (!pedido) throw notFound('Pedido não encontrado.');
  }
  return c.json({ pedido: mailState(pedido, mailer) });
});

/** `GET checkout/order/{numero}/invoice-xml` (our extension): the XML of an NF-e the store keeps, for its buyer. */
orders.get('/order/:numero/invoice-xml', async (c) => {
  const { db } = c.get('config');
  const session = c.get('session');
  const customer = await sessionCustomer(db, session);
  const numero = numberOf(c.req.param('numero'));
  const pedido = await loadOrder(db, c.get('origin'), numero, { session, customerId: customer?.id });
  const xml = pedido?.notaFiscal ? await keptXml(db, numero) : undefined;
  if (!xml) throw notFound('Nota fiscal não encontrada.');
  return c.json({ xml });
});

/** `POST checkout/order/{numero}/withdrawal` (our extension): the buyer withdraws from the purchase (CDC art. 49). */
orders.post('/order/:numero/withdrawal', async (c) => {
  const { db, mailer } = c.get('config');
  const customer = await requireCustomer(db, c.get('session'), 'Entre na sua conta para desistir da compra.');
  const numero = numberOf(c.req.param('numero'));
  const form = readForm(await c.req.json().catch(() => ({})), withdrawalRequestSchema);
  if (!form.ok) return c.json(invalidForm(form.erros), 400);
  const { deadline } = await requestWithdrawal(
    { db, mailer, origin: c.get('origin') },
    numero,
    customer.id,
    form.data.motivo,
  );
  return c.json({
    sucesso: true,
    mensagem: shopperMailSaid(
      mailer,
      `Desistência registrada. Enviamos a confirmação para ${customer.email}; a equipe combina a volta do produto e devolve o valor até ${dayAndTime(deadline)}.`,
      `Desistência registrada: a equipe combina a volta do produto e devolve o valor até ${dayAndTime(deadline)}.`,
    ),
  } satisfies FormAnswer);
});

orders.get('/orders', async (c) => {
  const { db } = c.get('config');
  const customer = await requireCustomer(db, c.get('session'), 'Entre na sua conta para ver seus pedidos.');
  return c.json({ pedidos: await listOrders(db, customer.id) });
});
