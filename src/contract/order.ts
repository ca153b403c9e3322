import { z } from 'zod';
import { desistenciaSchema } from './rights.ts';
import { notaFiscalSchema } from './invoices.ts';
import type { Cart } from './cart.ts';
import { wholeNumber } from './common.ts';

/** Where an order is, in the platform's words (the URL and API edge); the server keeps English names. */
export const ORDER_STATUSES = ['aguardando_pagamento', 'pago', 'enviado', 'entregue', 'cancelado'] as const;
export type Situacao = (typeof ORDER_STATUSES)[number];

/** What the shopper reads for each status. */
export const STATUS_LABELS: Record<Situacao, string> = {
  aguardando_pagamento: 'Aguardando pagamento',
  pago: 'Pagamento confirmado',
  enviado: 'Enviado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
};

/**
 * The identifier a static Pix of order `numero` carries (its BR Code's txid), which the store's bank statement
 * shows beside the payer: what the team looks for before marking the order paid.
 */
export const staticPixTxid = (numero: number): string => `PEDIDO${String(numero)}`;

/** An order number as a URL carries it: up to nine digits; anything else is no such order (404). */
export const isOrderNumber = (value: string | undefined): value is string =>
  value !== undefined && /^\d{1,9}$/.test(value);

/** Payment methods an order can take: Pix is the store's own; boleto and card come with a payment provider. */
export const PAYMENT_METHODS = ['pix', 'boleto', 'cartao'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * How an order made by hand in the panel was already paid, as the team received it (no charge: a Pix or card
 * taken on the store's own terminal, cash, a bank transfer). Kept as the order's payment.
 */
export const RECEIVED_WITH = ['dinheiro', 'pix', 'cartao', 'debito', 'transferencia'] as const;
export type ReceivedWith = (typeof RECEIVED_WITH)[number];

/** Every payment an order can carry: the checkout's, and what the team received by hand. */
export const ORDER_PAYMENTS = ['pix', 'boleto', 'cartao', 'dinheiro', 'debito', 'transferencia'] as const;
export type OrderPayment = (typeof ORDER_PAYMENTS)[number];
export const ORDER_PAYMENT_LABELS: Record<OrderPayment, string> = {
  pix: 'Pix',
  boleto: 'Boleto bancário',
  cartao: 'Cartão de crédito',
  dinheiro: 'Dinheiro',
  debito: 'Cartão de débito',
  transferencia: 'Transferência bancária',
};
/** A stored payment as one of {@link ORDER_PAYMENTS} (an unknown one reads as Pix, the store's own). */
export const orderPaymentOf = (payment: string): OrderPayment =>
  (ORDER_PAYMENTS as readonly string[]).includes(payment) ? (payment as OrderPayment) : 'pix';

/** Where a sale was made: the site's checkout, or by the team in the panel. */
export const ORDER_CHANNELS = ['site', 'telefone', 'whatsapp', 'balcao'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_LABELS: Record<OrderChannel, string> = {
  site: 'Site',
  telefone: 'Telefone',
  whatsapp: 'WhatsApp',
  balcao: 'Balcão',
};
/** Where a sale was made, as a sentence says it: "venda por telefone", "venda no balcão". */
export const ORDER_CHANNEL_PHRASES: Record<OrderChannel, string> = {
  site: 'no site',
  telefone: 'por telefone',
  whatsapp: 'pelo WhatsApp',
  balcao: 'no balcão',
};
export const orderChannelOf = (channel: string): OrderChannel =>
  (ORDER_CHANNELS as readonly string[]).includes(channel) ? (channel as OrderChannel) : 'site';

/** `GET checkout/payment-methods`: what the checkout offers, in order. */
export const paymentMethodsSchema = z.object({
  metodos: z.array(
    z.object({
      id: z.enum(PAYMENT_METHODS),
      label: z.string(),
      /** One line under the label: how it is paid and how long the order waits. */
      detalhe: z.string(),
      /** Whether the cart's cash discount applies (Pix, boleto); card pays the full price. */
      aVista: z.boolean(),
      /**
       * The origin of the provider's page the shopper is sent to after placing the order (Mercado Pago's
       * Checkout Pro), so the checkout's form may go on there; absent when it is paid on the store's pages.
       */
      destino: z.string().optional(),
    }),
  ),
});
export type MetodoPagamento = z.infer<typeof paymentMethodsSchema>['metodos'][number];

/**
 * What the shopper saw on the checkout page, as one string: each line's finish, quantity and unit price, the
 * coupon with what it takes off, the cash (Pix) discount, and the price of each delivery option shown. The
 * server recomputes it from the cart and the quote as they are now; a difference means a total changed in
 * between, and the order stops with the new total. Money itself is never read from the form. The shipping
 * part is compared when it was sent (the storefront always sends it; an API client quoting no CEP does not).
 */
export const cartFingerprint = (
  cart: Pick<Cart, 'itens' | 'cupom' | 'subtotal'>,
  fretes?: readonly { id: string; valor: number }[],
): string =>
  [
    ...cart.itens.map(
      (i) => `${String(i.hash.idAtributoSimples)}x${String(i.quantidade)}@${i.precos.precoPor.toFixed(2)}`,
    ),
    // The coupon as the buyer saw it applied, and what it took off: a change to either changes the totals.
    ...(cart.cupom?.aplicado
      ? [
          `cupom:${cart.cupom.codigo}`,
          `cupom-valor:${cart.cupom.desconto.toFixed(2)}/${String(cart.cupom.freteDesconto)}`,
        ]
      : []),
    `vista:${cart.subtotal.descontoVista.desconto.toFixed(2)}`,
    ...(fretes ?? []).map((f) => `frete:${f.id}=${f.valor.toFixed(2)}`),
  ].join(';');

/** Whether a fingerprint carries the delivery options' prices (see {@link cartFingerprint}). */
export const fingerprintHasShipping = (conferencia: string): boolean =>
  conferencia.split(';').some((part) => part.startsWith('frete:'));

/** The coupon code a fingerprint says the buyer saw applied. */
export const fingerprintCoupon = (conferencia: string): string | undefined =>
  /(?:^|;)cupom:([A-Z0-9_-]+)(?:;|$)/.exec(conferencia)?.[1];

/** `POST checkout/order`: place the session's cart as an order. */
export const orderPlaceSchema = z.object({
  frete: z
    .string({ error: 'Escolha uma forma de entrega.' })
    .trim()
    .min(1, { message: 'Escolha uma forma de entrega.' })
    .max(40, { message: 'Escolha uma forma de entrega.' }),
  pagamento: z.enum(PAYMENT_METHODS, { error: 'Escolha uma forma de pagamento.' }),
  /** One of the customer's delivery addresses (`checkout/addresses`); 0, the default, is the account's. */
  endereco: wholeNumber('O endereço de entrega', { required: 'Escolha um endereço de entrega.' }).default(0),
  conferencia: z.string({ error: 'Atualize a página e confirme o pedido de novo.' }).max(4000),
  /** One per checkout page view: the same key placed twice is the same order. */
  chave: z
    .string({ error: 'Atualize a página e confirme o pedido de novo.' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'Atualize a página e confirme o pedido de novo.' }),
});
export type OrderPlace = z.infer<typeof orderPlaceSchema>;

/** `PUT admin/orders/{numero}/status` (staff): move an order along. */
export const orderStatusChangeSchema = z.object({
  situacao: z.enum(['pago', 'enviado', 'entregue', 'cancelado'], {
    error: 'Situação inválida: use pago, enviado, entregue ou cancelado.',
  }),
  /**
   * The status the caller saw: when given, the change happens only if the order is still there (a second
   * click or a page opened before someone else moved the order changes nothing).
   */
  de: z.enum(ORDER_STATUSES, { error: 'Situação de origem inválida.' }).optional(),
  /** For `enviado`: who carries it and the tracking code the buyer is sent. */
  transportadora: z
    .string()
    .trim()
    .max(60, { message: 'Transportadora: no máximo 60 caracteres.' })
    .optional(),
  rastreio: z
    .string()
    .trim()
    .max(60, { message: 'Código de rastreio: no máximo 60 caracteres.' })
    .regex(/^[A-Za-z0-9 ./-]*$/, {
      message: 'Código de rastreio: use letras, números, espaço, ponto, barra ou hífen.',
    })
    .optional(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** `PUT /v2/admin/orders/{numero}/tracking`: a shipped order's carrier and code, corrected. */
export const trackingChangeSchema = z.object({
  transportadora: z
    .string({ error: 'Informe a transportadora.' })
    .trim()
    .max(60, { message: 'Transportadora: no máximo 60 caracteres.' }),
  rastreio: z
    .string({ error: 'Informe o código de rastreio.' })
    .trim()
    .toUpperCase()
    .max(60, { message: 'Código de rastreio: no máximo 60 caracteres.' })
    .regex(/^[A-Z0-9 ./-]*$/, {
      message: 'Código de rastreio: use letras, números, espaço, ponto, barra ou hífen.',
    }),
});

/** `POST /v2/admin/orders/{numero}/refund`: the whole order's money back; `de` as for a status change. */
export const orderRefundSchema = z.object({
  de: z.enum(ORDER_STATUSES, { error: 'Situação de origem inválida.' }).optional(),
});

const money = z.number();

export const pedidoResumoSchema = z.object({
  numero: z.number().int(),
  situacao: z.enum(ORDER_STATUSES),
  situacaoLabel: z.string(),
  criadoEm: z.string(),
  total: money,
  quantidadeItens: z.number().int(),
});
export type PedidoResumo = z.infer<typeof pedidoResumoSchema>;

/** `GET checkout/order/{numero}`: one order as its page shows it. */
/** Money given back on an order as its buyer reads it (`reembolso`, `pagamentoExtra`). */
const refundViewSchema = z.object({
  valor: z.number(),
  em: z.string(),
  situacao: z.enum(['pedida', 'devolvida', 'nao_feita']),
});

export const pedidoSchema = pedidoResumoSchema.extend({
  itens: z.array(
    z.object({
      idProduto: z.number().int(),
      nome: z.string(),
      sku: z.string(),
      quantidade: z.number().int(),
      precoUnitario: money,
      total: money,
      imagem: z.string(),
      url: z.string(),
    }),
  ),
  entrega: z.object({
    tipo: z.enum(['entrega', 'retirada']),
    label: z.string(),
    prazo: z.string(),
    /** The address it goes to, or the pickup point's, as lines. */
    endereco: z.array(z.string()),
  }),
  /**
   * `desconto` is the cash (Pix) discount; `cupom` the coupon the order used and all it took off (products and
   * shipping; our extension). `frete` is what the shipping cost after the coupon.
   */
  valores: z.object({
    subtotal: money,
    desconto: money,
    cupom: z.object({ codigo: z.string(), desconto: money }).optional(),
    /** A discount the team gave on an order made by hand (our extension; its reason is the team's). */
    descontoLoja: money.optional(),
    frete: money,
    total: money,
  }),
  pagamento: z.object({
    metodo: z.enum(ORDER_PAYMENTS),
    label: z.string(),
    /** Pix "copia e cola"; empty once the order is no longer awaiting payment, or for other methods. */
    copiaECola: z.string(),
    /** A provider's charge while the order waits: a boleto's line, the page to pay on. */
    linhaDigitavel: z.string().optional(),
    url: z.string().optional(),
    /** When an unpaid order is cancelled (ISO). */
    expiraEm: z.string(),
  }),
  historico: z.array(z.object({ situacao: z.enum(ORDER_STATUSES), label: z.string(), em: z.string() })),
  /** Its NF-e once the SEFAZ authorised it (our extension): number, series, access key, DANFE and XML. */
  notaFiscal: notaFiscalSchema.optional(),
  /** A shipped order's carrier and tracking code, when the team gave them, and where to follow it. */
  rastreio: z
    .object({ transportadora: z.string(), codigo: z.string(), url: z.string().optional() })
    .optional(),
  /**
   * Money the store gives back through the provider that took it: `pedida` (asked, `em` when) until the
   * provider confirms every refund, then `devolvida` (`em` when it confirmed; the team's word when it gave it
   * back another way); `nao_feita` when the team settled that it will not go back.
   */
  reembolso: refundViewSchema.optional(),
  /**
   * A second payment the order did not need (paid twice: two tabs, a retry), given back on its own (our
   * extension): not a refund of the order, whose own payment stands. Same shape as `reembolso`.
   */
  pagamentoExtra: refundViewSchema.optional(),
  /**
   * Money the buyer's bank or the payment provider gave back to them on its own (a card dispute, a Pix
   * returned through the MED; our extension): the store has nothing of it left to return.
   */
  estorno: z.object({ valor: z.number(), em: z.string() }).optional(),
  /**
   * False when the store's e-mail does not leave it (no SMTP; our extension): the page must not say the buyer
   * was or will be e-mailed. Absent: e-mail is sent.
   */
  avisosPorEmail: z.boolean().optional(),
  /** Withdrawing from the purchase (CDC art. 49; our extension): whether it may be asked, and where it stands. */
  desistencia: desistenciaSchema.optional(),
});
export type Pedido = z.infer<typeof pedidoSchema>;

export const pedidoAnswerSchema = z.object({ pedido: pedidoSchema });
export const pedidosAnswerSchema = z.object({ pedidos: z.array(pedidoResumoSchema) });
