// One concern: the Melhor Envio calls the store makes and what they answer, as its API reference describes
// them (https://docs.melhorenvio.com.br/reference: "Cálculo de fretes" POST /api/v2/me/shipment/calculate,
// "Inserir fretes no carrinho" POST /api/v2/me/cart, "Compra de fretes" POST /api/v2/me/shipment/checkout,
// "Geração de etiquetas" POST /api/v2/me/shipment/generate, "Impressão de etiquetas" POST
// /api/v2/me/shipment/print, "Rastreio de envios" POST /api/v2/me/shipment/tracking, and "Refresh token"
// POST /oauth/token), written as our own schemas: the test double checks what the store sends with them, and
// the store checks what it is answered.
import { z } from 'zod';

const cep = z.string().regex(/^\d{8}$/);
const positive = z.number().positive();

/** A product as the calculator takes it (centimetres, kilograms, reais). */
export const calculateProductSchema = z.strictObject({
  id: z.string().min(1),
  width: positive,
  height: positive,
  length: positive,
  weight: positive,
  insurance_value: z.number().nonnegative(),
  quantity: z.number().int().positive(),
});

export const calculateRequestSchema = z.strictObject({
  from: z.strictObject({ postal_code: cep }),
  to: z.strictObject({ postal_code: cep }),
  products: z.array(calculateProductSchema).min(1),
  options: z.strictObject({ receipt: z.boolean(), own_hand: z.boolean() }),
});
export type CalculateRequest = z.infer<typeof calculateRequestSchema>;

/** One service in the calculator's answer: a price and days, or an `error` when it cannot carry them. */
export const calculatedServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.union([z.string(), z.number()]).optional(),
  custom_price: z.union([z.string(), z.number()]).optional(),
  delivery_time: z.number().int().optional(),
  custom_delivery_time: z.number().int().optional(),
  error: z.string().optional(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  packages: z
    .array(
      z.object({
        dimensions: z.object({ height: z.number(), width: z.number(), length: z.number() }),
        weight: z.union([z.string(), z.number()]),
      }),
    )
    .optional(),
});
export const calculateAnswerSchema = z.array(calculatedServiceSchema);

const party = z.strictObject({
  name: z.string().min(2).max(100),
  phone: z
    .string()
    .regex(/^\d{10,11}$/)
    .optional(),
  email: z.email(),
  document: z
    .string()
    .regex(/^\d{11}$/)
    .optional(),
  company_document: z
    .string()
    .regex(/^[0-9A-Z]{12}\d{2}$/)
    .optional(),
  state_register: z.string().max(20).optional(),
  address: z.string().min(2).max(100),
  complement: z.string().max(60).optional(),
  number: z.string().min(1).max(20),
  district: z.string().min(2).max(60),
  city: z.string().min(2).max(60),
  state_abbr: z.string().regex(/^[A-Z]{2}$/),
  country_id: z.literal('BR'),
  postal_code: cep,
});

/** `POST /api/v2/me/cart`: a commercial shipment (its NF-e key), its volumes as the quote packed them. */
export const cartRequestSchema = z
  .strictObject({
    service: z.number().int().positive(),
    from: party,
    to: party,
    products: z
      .array(
        z.strictObject({
          name: z.string().min(1).max(255),
          quantity: z.number().int().positive(),
          unitary_value: z.number().nonnegative(),
        }),
      )
      .min(1),
    volumes: z
      .array(z.strictObject({ height: positive, width: positive, length: positive, weight: positive }))
      .min(1),
    options: z.strictObject({
      insurance_value: z.number().nonnegative(),
      receipt: z.boolean(),
      own_hand: z.boolean(),
      reverse: z.boolean(),
      non_commercial: z.literal(false),
      invoice: z.strictObject({ key: z.string().regex(/^\d{44}$/) }),
      platform: z.string().min(1),
      tags: z.array(z.strictObject({ tag: z.string().min(1), url: z.string().nullable() })),
    }),
  })
  .refine((c) => (c.to.document === undefined) !== (c.to.company_document === undefined), {
    message: 'to: document (CPF) ou company_document (CNPJ)',
  });
export type CartRequest = z.infer<typeof cartRequestSchema>;

export const cartAnswerSchema = z.object({
  id: z.string().min(1),
  protocol: z.string().optional(),
  price: z.union([z.string(), z.number()]),
  status: z.string(),
});

/** `checkout`, `generate`, `print`, `tracking` take the shipments' ids. */
export const ordersRequestSchema = z.strictObject({ orders: z.array(z.string().min(1)).min(1) });
export const printRequestSchema = z.strictObject({
  mode: z.enum(['private', 'public']),
  orders: z.array(z.string().min(1)).min(1),
});

export const checkoutAnswerSchema = z.object({
  purchase: z.object({ id: z.string(), status: z.string() }),
});
/** `generate`: one entry per shipment, whether its label was made. */
export const generateAnswerSchema = z.record(
  z.string(),
  z.object({ status: z.boolean(), message: z.string().optional() }),
);
export const printAnswerSchema = z.object({ url: z.url() });

/** "Listar informações do usuário" (`GET /api/v2/me`): the account's owner, read for "Testar conexão". */
export const meSchema = z.object({ id: z.string(), email: z.string().optional() });

/**
 * `POST /api/v2/me/shipment/cancel` ("Cancelamento de etiquetas"): the shipment's id, `reason_id` always "2",
 * and the reason in words. A label already posted, or whose pickup was scheduled, may not be cancelled; one
 * cancelled after it was generated is refunded to the balance within 12 hours.
 */
export const cancelRequestSchema = z.strictObject({
  order: z.strictObject({
    id: z.string().min(1),
    reason_id: z.literal('2'),
    description: z.string().min(1).max(255),
  }),
});
/** One entry per shipment: whether it was cancelled. */
export const cancelAnswerSchema = z.record(z.string(), z.object({ canceled: z.boolean() }));

/** One shipment in the tracking answer (keyed by its id). */
export const trackedSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'released', 'generated', 'posted', 'delivered', 'canceled', 'undelivered']),
  tracking: z.string().nullable().optional(),
  posted_at: z.string().nullable().optional(),
  delivered_at: z.string().nullable().optional(),
});
export const trackingAnswerSchema = z.record(z.string(), trackedSchema);

/** `POST /oauth/token` with the refresh token: a new access token and a new refresh token. */
export const refreshRequestSchema = z.strictObject({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
});
export const tokenAnswerSchema = z.object({
  token_type: z.string(),
  expires_in: z.number(),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
