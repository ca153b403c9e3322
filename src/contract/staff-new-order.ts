import { z } from 'zod';
import { documentoSchema, emailSchema, newAddressSchema } from './account.ts';
import { wholeNumber } from './common.ts';
import { ORDER_CHANNELS, PAYMENT_METHODS, RECEIVED_WITH } from './order.ts';

/**
 * An order the team makes by hand in the panel (`POST /v2/admin/orders/quote` and `POST /v2/admin/orders`;
 * our extension): a sale by phone, WhatsApp or at the counter, for an account or a new customer, priced as the
 * checkout prices it (the store's prices, cash discount and delivery quote), with an optional discount and why,
 * paid by a charge the customer is e-mailed (a Pix, a provider's payment link) or already received.
 */

/** The channels an order made by hand comes from (the site's own is `site`). */
export const HAND_CHANNELS = ORDER_CHANNELS.filter(
  (c): c is Exclude<(typeof ORDER_CHANNELS)[number], 'site'> => c !== 'site',
);
/** Lines one order made by hand takes at most (the form shows a few more empty ones). */
export const HAND_LINES_MAX = 20;
/** A discount by hand: at most this, and never more than the products cost. */
export const HAND_DISCOUNT_MAX = 1_000_000;

/** How the order is paid: a charge the customer pays (Pix, boleto, card link) or what the team already received. */
export const HAND_PAYMENTS = [...PAYMENT_METHODS, 'recebido'] as const;
export type HandPayment = (typeof HAND_PAYMENTS)[number];

/** A line of an order typed in the panel: a finish's SKU and how many (a new order, a correction). */
export const orderLineSchema = z.object({
  sku: z
    .string({ error: 'Informe o SKU do produto.' })
    .trim()
    .min(1, { message: 'Informe o SKU do produto.' })
    .max(60, { message: 'SKU: no máximo 60 caracteres.' }),
  quantidade: wholeNumber('A quantidade', { min: 1, max: 999 }),
});

const keyMessage = 'Abra a página do novo pedido de novo e confirme.';

const optional = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}: no máximo ${String(max)} caracteres.` })
    .default('');

export const handOrderSchema = z
  .object({
    canal: z.enum(HAND_CHANNELS, { error: 'Diga por onde a venda foi feita: telefone, WhatsApp ou balcão.' }),
    /**
     * The customer: an account's e-mail; for an e-mail with no account, the new account's name, CPF/CNPJ and
     * phone (it gets no password: the customer makes one with "Esqueci minha senha" to follow the order).
     */
    cliente: z.object({
      email: emailSchema,
      nome: optional(120, 'Nome'),
      documento: optional(20, 'CPF/CNPJ'),
      celular: optional(20, 'Celular'),
    }),
    itens: z
      .array(orderLineSchema)
      .min(1, { message: 'Adicione ao menos um produto (SKU e quantidade).' })
      .max(HAND_LINES_MAX, { message: `Um pedido leva no máximo ${String(HAND_LINES_MAX)} produtos.` }),
    endereco: newAddressSchema,
    /** The delivery option of the quote (its id); empty while quoting. */
    frete: z.string().trim().max(40, { message: 'Escolha uma forma de entrega.' }).default(''),
    desconto: z
      .object({
        valor: z
          .number({ error: 'Desconto: informe um valor em reais.' })
          .min(0, { message: 'Desconto: o valor não pode ser negativo.' })
          .max(HAND_DISCOUNT_MAX, { message: 'Desconto: valor alto demais.' })
          .transform((v) => Math.round(v * 100) / 100),
        motivo: optional(200, 'Motivo do desconto'),
      })
      .default({ valor: 0, motivo: '' })
      .refine((d) => d.valor === 0 || d.motivo.length >= 3, {
        message: 'Diga o motivo do desconto (fica no pedido e no registro de atividade).',
        path: ['motivo'],
      }),
    pagamento: z.enum(HAND_PAYMENTS, { error: 'Escolha a forma de pagamento.' }),
    /** With `recebido`: how the team received it. */
    recebidoCom: z.enum(RECEIVED_WITH, { error: 'Diga como o pagamento foi recebido.' }).optional(),
    /** What the quote showed (the checkout's fingerprint): a price or a quote that changed stops the order. */
    conferencia: z.string().max(4000).default(''),
    /** One per new-order form: the same key sent twice is the same order. */
    chave: z.string({ error: keyMessage }).regex(/^[A-Za-z0-9_-]{16,64}$/, { message: keyMessage }),
  })
  .refine((o) => o.pagamento !== 'recebido' || o.recebidoCom !== undefined, {
    message: 'Diga como o pagamento foi recebido.',
    path: ['recebidoCom'],
  });
export type HandOrder = z.output<typeof handOrderSchema>;
export type HandOrderInput = z.input<typeof handOrderSchema>;

/** The new customer's fields, checked only when the e-mail has no account. */
export const handCustomerSchema = z.object({
  nome: z.string().trim().min(3, { message: 'Cliente novo: informe o nome completo (ou a razão social).' }),
  documento: documentoSchema,
  celular: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .refine((d) => d === '' || /^[1-9]{2}9?\d{8}$/.test(d), {
      message: 'Cliente novo: informe o telefone com DDD, como (11) 91234-5678.',
    }),
});

const money = z.number();

/** `POST /v2/admin/orders/quote`: the order as it would be placed now. */
export const handQuoteSchema = z.object({
  cliente: z.object({
    /** The e-mail has an account (its name); false: a new one is made when the order is placed. */
    conta: z.boolean(),
    nome: z.string(),
    email: z.string(),
  }),
  itens: z.array(
    z.object({
      sku: z.string(),
      nome: z.string(),
      quantidade: z.number().int(),
      estoque: z.number().int(),
      precoUnitario: money,
      total: money,
    }),
  ),
  fretes: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      prazo: z.string(),
      valor: money,
      tipo: z.enum(['entrega', 'retirada']),
    }),
  ),
  /** The payments this store can take now: its charges (Pix, a provider's boleto or card) and `recebido`. */
  pagamentos: z.array(z.object({ id: z.enum(HAND_PAYMENTS), label: z.string() })),
  valores: z.object({
    subtotal: money,
    /** The cash discount (Pix, boleto, money received at once). */
    descontoVista: money,
    descontoLoja: money,
    /** With the chosen delivery option; absent until one is chosen. */
    frete: money.optional(),
    total: money.optional(),
  }),
  conferencia: z.string(),
});
export type HandQuote = z.infer<typeof handQuoteSchema>;

/** `POST /v2/admin/orders`: the order made (or the one this key made before). */
export const handPlacedSchema = z.object({
  numero: z.number().int(),
  criado: z.boolean(),
  /** A new account was made for the customer. */
  contaNova: z.boolean(),
});
export type HandPlaced = z.infer<typeof handPlacedSchema>;
