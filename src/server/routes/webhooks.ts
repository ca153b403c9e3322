import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { PlatformEnv } from '#/server/context.ts';
import { errorCode } from '#/server/db/health.ts';
import { badRequest, notFound, PlatformError } from '#/server/errors.ts';
import { reconcilePayment } from '#/server/payments/mercadopago/reconcile.ts';
import { webhookPixSchema } from '#/server/payments/pix-api/spec.ts';
import { ordersOfTxids, reconcilePix } from '#/server/payments/pix-reconcile.ts';
import { isOrderNumber } from '#/contract/order.ts';
import { refreshInvoice } from '#/server/invoices/invoices.ts';

/**
 * Payment providers' notices (`/webhooks/...`): no App-Token, no session; the secret in the path is the
 * check (what a CDN in front can keep). A notice is only a trigger: each charge it names is read again at
 * the provider, so a forged, repeated or unknown notice changes nothing.
 */
export const webhooks = new Hono<PlatformEnv>();

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** Txids one notice may make the store read at most; PSPs group a few Pix per notice, not thousands. */
const TXIDS_PER_NOTICE = 50;

async function pixNotice(c: Context<PlatformEnv>) {
  const { pix, db, mailer, jobs } = c.get('config');
  if (!pix || !sameSecret(c.req.param('secret') ?? '', pix.webhookSecret)) throw notFound();
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('O aviso deve ser um JSON.');
  }
  // A PSP checks a new webhook with a notice of its own (no `pix`): it only needs to hear 200.
  if (body && typeof body === 'object' && !('pix' in body)) return c.json({ recebidos: 0 });
  const notice = webhookPixSchema.safeParse(body);
  if (!notice.success) throw badRequest('Aviso Pix fora do padrão da API Pix.');
  const txids = [...new Set(notice.data.pix.flatMap((p) => (p.txid ? [p.txid] : [])))].slice(
    0,
    TXIDS_PER_NOTICE,
  );
  const numbers = await ordersOfTxids(db, txids);
  const ctx = { db, api: pix.api, mailer, origin: c.get('origin'), tell: jobs?.tellOrder };
  for (const number of numbers) {
    // A charge not read now is read by the minute sweep: the PSP need not send it again.
    await reconcilePix(ctx, number).catch((error: unknown) => {
      console.error(`[pix] notice for order ${String(number)} not checked (${errorCode(error)})`);
    });
  }
  return c.json({ recebidos: notice.data.pix.length });
}

/**
 * Mercado Pago's notices (`?data.id=…&type=payment`): a missing or wrong `x-signature` is a 401 and reads
 * nothing; a signed one makes the store read that payment (reconcile.ts).
 */
webhooks.post('/mercadopago', async (c) => {
  const { mercadoPago, db, mailer, jobs } = c.get('config');
  if (!mercadoPago) throw notFound();
  const dataId = c.req.query('data.id') ?? '';
  const signed = mercadoPago.signed({
    dataId,
    requestId: c.req.header('x-request-id') ?? '',
    signature: c.req.header('x-signature') ?? '',
  });
  if (!signed)
    throw new PlatformError(401, 'invalid_signature', 'Aviso sem assinatura válida do Mercado Pago.');
  const type = c.req.query('type') ?? '';
  if (type === 'payment') {
    const ctx = { db, mp: mercadoPago, mailer, origin: c.get('origin'), tell: jobs?.tellOrder };
    await reconcilePayment(ctx, dataId).catch((error: unknown) => {
      console.error(`[mercadopago] payment notice not checked (${errorCode(error)})`);
    });
  }
  return c.json({ recebido: true });
});

// The API Pix posts to `{webhookUrl}/pix`; some PSPs post to the URL as registered.
webhooks.post('/pix/:secret', pixNotice);
webhooks.post('/pix/:secret/pix', pixNotice);

/**
 * Focus NFe's notices (its "gatilho" for the `nfe` event): with FOCUSNFE_WEBHOOK_SECRET the `Authorization`
 * header must carry it (else 401). The body only names the `ref` (the order): the store reads that NF-e again
 * at the provider and believes what it reads.
 */
webhooks.post('/focusnfe', async (c) => {
  const { invoiceProvider, invoiceWebhookSecret, db, mailer } = c.get('config');
  if (!invoiceProvider) throw notFound();
  if (invoiceWebhookSecret) {
    if (!sameSecret(c.req.header('authorization') ?? '', invoiceWebhookSecret))
      throw new PlatformError(401, 'invalid_signature', 'Aviso sem a autorização combinada com a Focus NFe.');
  }
  const body: unknown = await c.req.json().catch(() => undefined);
  const ref = (body as { ref?: unknown } | undefined)?.ref;
  if (typeof ref !== 'string' || !isOrderNumber(ref))
    throw badRequest('Aviso sem a referência de um pedido.');
  await refreshInvoice({ db, provider: invoiceProvider, mailer, origin: c.get('origin') }, Number(ref)).catch(
    (error: unknown) => {
      console.error(`[nfe] notice for order ${ref} not checked (${errorCode(error)})`);
    },
  );
  return c.json({ recebido: true });
});
