// Mercado Pago on loopback, for the tests: Checkout Pro preferences and their hosted page (a plain HTML form
// where the "buyer" pays by card, has it refused or generates a boleto), payments, refunds, and notices
// signed as Mercado Pago signs them (x-signature over data.id, x-request-id and ts). What the store sends is
// checked with src/server/payments/mercadopago/spec.ts (written from Mercado Pago's documentation);
// mismatches are kept in `violations` for the test to assert empty.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, serveOnLoopback } from './loopback.ts';
import { preferenceRequestSchema } from '#/server/payments/mercadopago/spec.ts';
import type { MercadoPagoPayment, PreferenceRequest } from '#/server/payments/mercadopago/spec.ts';

type Call = { method: string; path: string; status: number };
export type FakeMercadoPago = Awaited<ReturnType<typeof startFakeMercadoPago>>;
type Outcome = 'approved' | 'rejected' | 'pending' | 'in_process';

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${String(ch.charCodeAt(0))};`);

/** Start it on 127.0.0.1; `deliver` posts a notice to the store (the tests hand it the platform in-process). */
export async function startFakeMercadoPago(
  options: { deliver?: (url: string, init: RequestInit) => Promise<Response> } = {},
) {
  const accessToken = `APP_USR-${randomBytes(12).toString('hex')}`;
  const webhookSecret = randomBytes(16).toString('hex');
  const preferences = new Map<string, PreferenceRequest>();
  const payments = new Map<number, MercadoPagoPayment>();
  const refunds = new Map<string, { id: number; payment_id: number; amount: number; status: string }>();
  const calls: Call[] = [];
  const violations: string[] = [];
  /**
   * `refundStatus`: what a new refund answers (`approved` at once, or `in_process`, then whatever
   * `settleRefunds` says); `boletoDays`: how long a boleto is payable (its `date_of_expiration`).
   */
  const state: { down: boolean; notify: boolean; refundStatus: string; boletoDays: number } = {
    down: false,
    notify: true,
    refundStatus: 'approved',
    boletoDays: 3,
  };
  let nextPayment = 1_300_000_000;
  let origin = '';

  /** The headers Mercado Pago signs a notice of payment `id` with. */
  const sign = (id: string, secret = webhookSecret, at = Date.now()) => {
    const ts = String(at);
    const requestId = randomUUID();
    const v1 = createHmac('sha256', secret)
      .update(`id:${id.toLowerCase()};request-id:${requestId};ts:${ts};`)
      .digest('hex');
    return { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId };
  };

  /** Post the notice of a payment to the preference's notification_url, signed. */
  const notice = async (payment: MercadoPagoPayment, url: string) => {
    if (!state.notify) return undefined;
    const target = `${url}?data.id=${String(payment.id)}&type=payment`;
    const init: RequestInit = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...sign(String(payment.id)) },
      body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: String(payment.id) } }),
    };
    return (options.deliver ?? fetch)(target, init);
  };

  /** A payment of a preference, as the buyer makes it on the hosted page. */
  const pay = async (
    prefId: string,
    outcome: Outcome,
    extra: { installments?: number; amount?: number } = {},
  ): Promise<MercadoPagoPayment> => {
    const pref = preferences.get(prefId);
    if (!pref) throw new Error(`no preference ${prefId}`);
    const card = !pref.payment_methods.excluded_payment_types.some((t) => t.id === 'credit_card');
    const payment: MercadoPagoPayment = {
      id: nextPayment++,
      status: outcome,
      status_detail:
        outcome === 'approved'
          ? 'accredited'
          : outcome === 'rejected'
            ? 'cc_rejected_insufficient_amount'
            : outcome === 'in_process'
              ? 'pending_review_manual'
              : 'pending_waiting_payment',
      external_reference: pref.external_reference,
      transaction_amount: extra.amount ?? pref.items.reduce((s, i) => s + i.unit_price * i.quantity, 0),
      currency_id: 'BRL',
      payment_type_id: card ? 'credit_card' : 'ticket',
      payment_method_id: card ? 'visa' : 'bolbradesco',
      installments: card ? Math.min(extra.installments ?? 1, pref.payment_methods.installments) : 1,
      ...(card
        ? {}
        : { date_of_expiration: new Date(Date.now() + state.boletoDays * 86_400_000).toISOString() }),
    };
    payments.set(payment.id, payment);
    await notice(payment, pref.notification_url);
    return payment;
  };

  /** A pending payment (a boleto) becomes approved (or, unpaid past its date, cancelled), and Mercado Pago says so. */
  const clear = async (id: number, to: 'approved' | 'cancelled' = 'approved') => {
    const payment = payments.get(id);
    if (!payment) throw new Error(`no payment ${String(id)}`);
    payment.status = to;
    payment.status_detail = to === 'approved' ? 'accredited' : 'expired';
    const pref = [...preferences.values()].find((p) => p.external_reference === payment.external_reference);
    if (pref) await notice(payment, pref.notification_url);
    return payment;
  };

  /**
   * An approved payment Mercado Pago takes back on its own: a chargeback (`charged_back`, `settled`; or
   * `reimbursed` once the store wins it), a refund or a cancellation the store did not ask for. The notice is
   * sent unless `state.notify` is off (a lost notice).
   */
  const takeBack = async (
    id: number,
    to: 'charged_back' | 'refunded' | 'cancelled' | 'approved',
    detail = to === 'charged_back' ? 'settled' : to === 'approved' ? 'accredited' : 'by_admin',
  ) => {
    const payment = payments.get(id);
    if (!payment) throw new Error(`no payment ${String(id)}`);
    payment.status = to;
    payment.status_detail = detail;
    const pref = [...preferences.values()].find((p) => p.external_reference === payment.external_reference);
    if (pref) await notice(payment, pref.notification_url);
    return payment;
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    sendJson(res, status, body);
    return status;
  };
  const form = (raw: string) => new URLSearchParams(raw);

  function hostedPage(res: ServerResponse, prefId: string): number {
    const pref = preferences.get(prefId);
    if (!pref) {
      res.writeHead(404).end('Preferência não encontrada');
      return 404;
    }
    const card = !pref.payment_methods.excluded_payment_types.some((t) => t.id === 'credit_card');
    const total = pref.items.reduce((s, i) => s + i.unit_price * i.quantity, 0).toFixed(2);
    const plans = Array.from({ length: pref.payment_methods.installments }, (_, i) => i + 1)
      .map((n) => `<option value="${String(n)}">${String(n)}x sem juros</option>`)
      .join('');
    const body = card
      ? `<label>Parcelas <select name="installments">${plans}</select></label>
         <button name="outcome" value="approved">Pagar R$ ${total}</button>
         <button name="outcome" value="rejected">Usar cartão sem limite</button>`
      : `<button name="outcome" value="pending">Gerar boleto de R$ ${total}</button>`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="pt-BR"><title>Mercado Pago (teste)</title>
      <h1>Mercado Pago (teste)</h1><p>${escape(pref.items[0]?.title ?? '')}</p>
      <form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${escape(prefId)}">${body}</form>`);
    return 200;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<number> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (state.down) return json(res, 503, { message: 'service unavailable', status: 503 });
    if (req.method === 'GET' && url.pathname === '/checkout/v1/redirect')
      return hostedPage(res, url.searchParams.get('pref_id') ?? '');
    if (req.method === 'POST' && url.pathname === '/checkout/v1/pay') {
      const fields = form(raw);
      const prefId = fields.get('pref_id') ?? '';
      const pref = preferences.get(prefId);
      if (!pref) return json(res, 404, { message: 'not found' });
      const outcome = (fields.get('outcome') ?? 'rejected') as Outcome;
      const payment = await pay(prefId, outcome, { installments: Number(fields.get('installments') ?? 1) });
      const back =
        outcome === 'approved'
          ? pref.back_urls.success
          : outcome === 'pending'
            ? pref.back_urls.pending
            : pref.back_urls.failure;
      const to = new URL(back);
      for (const [k, v] of Object.entries({
        collection_id: String(payment.id),
        collection_status: payment.status,
        payment_id: String(payment.id),
        status: payment.status,
        external_reference: pref.external_reference,
        payment_type: payment.payment_type_id ?? '',
        preference_id: prefId,
      }))
        to.searchParams.set(k, v);
      res.writeHead(303, { Location: to.toString() }).end();
      return 303;
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return json(res, 401, { message: 'invalid access token', status: 401 });
    if (req.method === 'POST' && url.pathname === '/checkout/preferences') {
      const parsed = preferenceRequestSchema.safeParse(raw ? JSON.parse(raw) : undefined);
      if (!parsed.success) {
        violations.push(
          `POST /checkout/preferences: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
        return json(res, 400, { message: 'invalid preference', status: 400 });
      }
      const id = `${String(Math.floor(Math.random() * 1e9))}-${randomUUID()}`;
      preferences.set(id, parsed.data);
      return json(res, 201, {
        id,
        init_point: `${origin}/checkout/v1/redirect?pref_id=${id}`,
        external_reference: parsed.data.external_reference,
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
      const reference = url.searchParams.get('external_reference');
      return json(res, 200, {
        results: [...payments.values()].filter((p) => p.external_reference === reference),
      });
    }
    let m = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const payment = payments.get(Number(m[1]));
      return payment
        ? json(res, 200, payment)
        : json(res, 404, { message: 'Payment not found', status: 404 });
    }
    m = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
    if (m && req.method === 'POST') {
      const key = req.headers['x-idempotency-key'];
      if (typeof key !== 'string' || !key) {
        violations.push('POST refunds without X-Idempotency-Key');
        return json(res, 400, { message: 'missing idempotency key' });
      }
      const payment = payments.get(Number(m[1]));
      if (!payment) return json(res, 404, { message: 'Payment not found' });
      const known = refunds.get(key);
      if (known) return json(res, 201, known);
      if (payment.status !== 'approved') return json(res, 400, { message: 'payment not refundable' });
      const refund = {
        id: nextPayment++,
        payment_id: payment.id,
        amount: payment.transaction_amount,
        status: state.refundStatus,
      };
      refunds.set(key, refund);
      if (refund.status === 'approved') payment.status = 'refunded';
      return json(res, 201, refund);
    }
    // "Obter reembolso específico": GET /v1/payments/{id}/refunds/{refund_id}
    // (https://www.mercadopago.com.br/developers/pt/reference/chargebacks/_payments_id_refunds_refund_id/get)
    m = /^\/v1\/payments\/(\d+)\/refunds\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const refund = [...refunds.values()].find(
        (r) => r.payment_id === Number(m[1]) && r.id === Number(m[2]),
      );
      return refund ? json(res, 200, refund) : json(res, 404, { message: 'Refund not found', status: 404 });
    }
    return json(res, 404, { message: 'not found', status: 404 });
  }

  const server = await serveOnLoopback((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8'))
        .then((status) => calls.push({ method: req.method ?? '', path: req.url ?? '', status }))
        .catch((error: unknown) => {
          violations.push(`${req.method ?? ''} ${req.url ?? ''}: ${String(error)}`);
          if (!res.headersSent) json(res, 500, { message: 'fake failed' });
        });
    });
  });
  origin = server.origin;

  return {
    apiUrl: origin,
    accessToken,
    webhookSecret,
    preferences,
    payments,
    refunds,
    /** Refunds still `in_process` end as `status` (`approved` gives the payment back). */
    settleRefunds: (status: 'approved' | 'rejected') => {
      for (const refund of refunds.values())
        if (refund.status === 'in_process') {
          refund.status = status;
          const payment = payments.get(refund.payment_id);
          if (payment && status === 'approved') payment.status = 'refunded';
        }
    },
    calls,
    violations,
    state,
    sign,
    pay,
    clear,
    takeBack,
    /** The preference made for one order. */
    preferenceOf: (numero: number) =>
      [...preferences.entries()].find(([, p]) => p.external_reference === String(numero)),
    close: server.close,
  };
}
