// One concern: the Mercado Pago calls the store makes (Checkout Pro preferences, payments, refunds) and the
// notices it takes, as Mercado Pago's developer documentation describes them, written as our own schemas:
// the test double checks what the store sends with them, and the store checks what it is answered.
import { z } from 'zod';

const money = z.number().positive().multipleOf(0.01);

/** `POST /checkout/preferences`: what the buyer pays on Mercado Pago's page, and where they come back. */
export const preferenceRequestSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        title: z.string().min(1).max(256),
        quantity: z.number().int().positive(),
        unit_price: money,
        currency_id: z.literal('BRL'),
      }),
    )
    .min(1),
  payer: z.strictObject({
    name: z.string().min(1),
    email: z.email(),
    identification: z
      .strictObject({ type: z.enum(['CPF', 'CNPJ']), number: z.string().regex(/^\d{11}$|^\d{14}$/) })
      .optional(),
  }),
  external_reference: z.string().min(1).max(256),
  payment_methods: z.strictObject({
    installments: z.number().int().min(1).max(24),
    excluded_payment_types: z.array(z.strictObject({ id: z.string() })),
  }),
  notification_url: z.url(),
  back_urls: z.strictObject({ success: z.url(), pending: z.url(), failure: z.url() }),
  auto_return: z.literal('approved'),
  expires: z.boolean(),
  expiration_date_to: z.iso.datetime({ offset: true }),
  statement_descriptor: z.string().max(22).optional(),
});
export type PreferenceRequest = z.infer<typeof preferenceRequestSchema>;

/** The preference made: its id and the page the buyer pays on. */
export const preferenceSchema = z.object({
  id: z.string().min(1),
  init_point: z.url(),
  external_reference: z.string().optional(),
});

/** Statuses of a payment (`GET /v1/payments/{id}`). */
export const paymentStatusSchema = z.enum([
  'pending',
  'approved',
  'authorized',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
]);

/** A payment as Mercado Pago reports it: the store believes only this, never a notice or a return URL. */
export const paymentSchema = z.object({
  id: z.number().int().positive(),
  status: paymentStatusSchema,
  status_detail: z.string().optional(),
  external_reference: z.string().nullable().optional(),
  transaction_amount: z.number(),
  currency_id: z.string(),
  payment_type_id: z.string().optional(),
  payment_method_id: z.string().optional(),
  installments: z.number().int().optional(),
  /** When a pending payment stops being payable (a boleto's due date). */
  date_of_expiration: z.string().nullable().optional(),
});
export type MercadoPagoPayment = z.infer<typeof paymentSchema>;

/** `GET /v1/payments/search?external_reference=…`: the payments of one order. */
export const paymentSearchSchema = z.object({ results: z.array(paymentSchema) });

/**
 * `POST /v1/payments/{id}/refunds` (whole payment: no body amount) and `GET /v1/payments/{id}/refunds/{id}`;
 * `status`: `approved` (given back), `in_process`/`pending`, or `rejected`/`cancelled`.
 */
export const refundSchema = z.object({
  id: z.number().int().positive(),
  payment_id: z.number().int().positive(),
  amount: z.number(),
  status: z.string(),
});

/** A notice (`POST notification_url?data.id=…&type=payment`): only a trigger to read the payment again. */
export const noticeSchema = z.object({
  type: z.string().optional(),
  action: z.string().optional(),
  data: z.object({ id: z.union([z.string(), z.number()]) }).optional(),
});
