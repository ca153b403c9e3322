// One concern: talking to Mercado Pago's API with the store's access token, and believing only answers that
// follow its documentation (spec.ts); and checking that a notice was signed with the store's secret.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { providerFailure, ProviderError, sendToProvider } from '#/server/payments/http.ts';
import type { Method } from '#/server/payments/http.ts';
import {
  paymentSchema,
  paymentSearchSchema,
  preferenceSchema,
  refundSchema,
  type MercadoPagoPayment,
  type PreferenceRequest,
} from './spec.ts';

export const MERCADOPAGO_API_URL = 'https://api.mercadopago.com';

export type MercadoPagoOptions = {
  accessToken: string;
  /** The secret of the store's webhook at Mercado Pago ("Suas integrações" → Webhooks). */
  webhookSecret: string;
  /** Default the real API; tests point it to a double on loopback. */
  apiUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

/** How far a notice's signed time may be from the store's clock: a few minutes, both ways (replay). */
export const NOTICE_WINDOW_MS = 5 * 60 * 1000;

export type MercadoPago = {
  createPreference: (body: PreferenceRequest) => Promise<{ id: string; url: string }>;
  readPayment: (id: string) => Promise<MercadoPagoPayment>;
  /** The payments made for one order (its number as `external_reference`), newest last. */
  paymentsOf: (reference: string) => Promise<MercadoPagoPayment[]>;
  refund: (paymentId: string, key: string) => Promise<z.infer<typeof refundSchema>>;
  /** `GET /v1/payments/{id}/refunds/{refund_id}`: a refund asked before, as Mercado Pago sees it now. */
  readRefund: (paymentId: string, refundId: string) => Promise<z.infer<typeof refundSchema>>;
  /**
   * Whether `x-signature` signs this notice (`data.id` of its URL, `x-request-id`) with the store's secret,
   * at a time within {@link NOTICE_WINDOW_MS} of `now` (a notice recorded and sent again later is refused).
   */
  signed: (notice: { dataId: string; requestId: string; signature: string }, now?: number) => boolean;
};

export function createMercadoPago(options: MercadoPagoOptions): MercadoPago {
  const base = (options.apiUrl ?? MERCADOPAGO_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;

  async function call<S extends z.ZodType>(
    method: Method,
    path: string,
    expected: readonly number[],
    schema: S,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<z.infer<S>> {
    const what = `${method} ${path.replace(/\d{4,}/g, '…')}`;
    const res = await sendToProvider({
      url: `${base}${path}`,
      method,
      headers: {
        Authorization: `Bearer ${options.accessToken}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(idempotencyKey ? { 'X-Idempotency-Key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs,
    });
    if (!expected.includes(res.status)) throw providerFailure(what, res.status, res.json);
    const parsed = schema.safeParse(res.json);
    if (!parsed.success) throw new ProviderError('invalid_answer', 502, `${what}: resposta fora do padrão`);
    return parsed.data;
  }

  const id = encodeURIComponent;
  return {
    createPreference: async (body) => {
      const made = await call(
        'POST',
        '/checkout/preferences',
        [200, 201],
        preferenceSchema,
        body,
        randomUUID(),
      );
      return { id: made.id, url: made.init_point };
    },
    readPayment: (paymentId) => call('GET', `/v1/payments/${id(paymentId)}`, [200], paymentSchema),
    paymentsOf: async (reference) =>
      (
        await call(
          'GET',
          `/v1/payments/search?external_reference=${id(reference)}&sort=date_created&criteria=asc`,
          [200],
          paymentSearchSchema,
        )
      ).results,
    refund: (paymentId, key) =>
      call('POST', `/v1/payments/${id(paymentId)}/refunds`, [200, 201], refundSchema, {}, key),
    readRefund: (paymentId, refundId) =>
      call('GET', `/v1/payments/${id(paymentId)}/refunds/${id(refundId)}`, [200], refundSchema),
    signed: ({ dataId, requestId, signature }, now = Date.now()) => {
      const parts = new Map(
        signature.split(',').map((part) => {
          const [k = '', ...v] = part.split('=');
          return [k.trim(), v.join('=').trim()] as const;
        }),
      );
      const ts = parts.get('ts') ?? '';
      const v1 = parts.get('v1') ?? '';
      if (!/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1) || !dataId) return false;
      // Mercado Pago's `ts` is documented in seconds and seen in milliseconds: either is read.
      const at = Number(ts) < 1e11 ? Number(ts) * 1000 : Number(ts);
      if (Math.abs(now - at) > NOTICE_WINDOW_MS) return false;
      // Mercado Pago signs `id:{data.id};request-id:{x-request-id};ts:{ts};`, the id lower-cased.
      const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
      const expected = createHmac('sha256', options.webhookSecret).update(manifest).digest();
      return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
    },
  };
}
