import { z } from 'zod';
import { addressSchema } from './address.ts';
import { faturamentoSchema } from './invoices.ts';
import { envioSchema } from './shipments.ts';
import { tomadaSchema } from './takebacks.ts';
import { anyOf, dayFilter, listSearch, wholeNumber } from './common.ts';
import { ORDER_CHANNELS, ORDER_PAYMENTS, ORDER_STATUSES, pedidoSchema } from './order.ts';

/** The back office's orders (`GET /v2/admin/orders`, `GET /v2/admin/orders/{numero}`; our extension). */

export const STAFF_ORDER_SORTS = ['recentes', 'antigos', 'maior-valor', 'menor-valor'] as const;
export const STAFF_ORDERS_PER_PAGE = 25;
/** Pages past this are refused: filters narrow a list better than paging 250 pages deep. */
export const STAFF_ORDER_PAGES_MAX = 400;

/** Orders one selection names at most (the rows ticked on a page, for their spreadsheet). */
export const ORDER_SELECTION_MAX = 200;

export const staffOrderQuerySchema = z.object({
  /** Only these orders (`1042,1043`): the rows ticked on the list. */
  numeros: z
    .string()
    .trim()
    .regex(/^\d{1,9}(,\d{1,9})*$/, { error: 'Pedidos marcados inválidos.' })
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map(Number))] : undefined))
    .refine((v) => v === undefined || v.length <= ORDER_SELECTION_MAX, {
      error: `Marque no máximo ${String(ORDER_SELECTION_MAX)} pedidos.`,
    }),
  situacao: anyOf(ORDER_STATUSES, 'Situação inválida.'),
  pagamento: anyOf(ORDER_PAYMENTS, 'Forma de pagamento inválida.'),
  /** Where the sale was made: the site, or by hand (telefone, whatsapp, balcao). */
  canal: anyOf(ORDER_CHANNELS, 'Canal de venda inválido.'),
  /** Placed on or after this day, on or before that one (Brasília time). */
  de: dayFilter('Data inicial'),
  ate: dayFilter('Data final'),
  /** A number, or part of the buyer's name, e-mail or CPF/CNPJ. */
  q: listSearch(),
  ordem: z
    .enum(STAFF_ORDER_SORTS, { error: 'Ordem inválida.' })
    .optional()
    .transform((v) => v ?? 'recentes'),
  pagina: wholeNumber('pagina', { min: 1, max: STAFF_ORDER_PAGES_MAX }).default(1),
});
export type StaffOrderQuery = z.output<typeof staffOrderQuerySchema>;

const cliente = z.object({ nome: z.string(), email: z.string() });

export const pedidoEquipeResumoSchema = z.object({
  numero: z.number().int(),
  situacao: z.enum(ORDER_STATUSES),
  situacaoLabel: z.string(),
  criadoEm: z.string(),
  total: z.number(),
  pagamento: z.enum(ORDER_PAYMENTS),
  canal: z.enum(ORDER_CHANNELS),
  quantidadeItens: z.number().int(),
  cliente,
  /** What the providers confirmed they gave back of the order's own payment (0: nothing): not a sale whole. */
  devolvido: z.number(),
  /** The buyer withdrew from it (CDC art. 49). */
  desistencia: z.boolean(),
});
export type PedidoEquipeResumo = z.infer<typeof pedidoEquipeResumoSchema>;

/** A refund in the ledger, as the team reads it: asked, being processed, then given back or an alert. */
export const REFUND_STATES = [
  'pendente',
  'em_processamento',
  'devolvido',
  'recusado',
  'parado',
  'resolvido',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];
export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pendente: 'A pedir ao provedor',
  em_processamento: 'Pedida, aguardando o provedor',
  devolvido: 'Devolvida (confirmada pelo provedor)',
  recusado: 'Recusada pelo provedor',
  parado: 'Sem confirmação: confira no provedor',
  resolvido: 'Resolvida pela equipe',
};
/** States that need the team: the alerts. */
export const REFUND_ALERTS: readonly RefundState[] = ['recusado', 'parado'];

export const devolucaoEquipeSchema = z.object({
  id: z.number().int(),
  valor: z.number(),
  situacao: z.enum(REFUND_STATES),
  situacaoLabel: z.string(),
  /** Why the store gives it back: "Pedido da equipe", "Pago depois do cancelamento", "Pagamento a mais". */
  motivo: z.string(),
  /** What the provider (or the failure) last said. */
  detalhe: z.string(),
  tentativas: z.number().int(),
  pedidaEm: z.string(),
});
export type DevolucaoEquipe = z.infer<typeof devolucaoEquipeSchema>;

/** An order that needs the team now (a refund refused or unconfirmed), for the panel's home. */
export const alertaSchema = z.object({ numero: z.number().int(), texto: z.string() });

export const staffOrderListSchema = z.object({
  pedidos: z.array(pedidoEquipeResumoSchema),
  /** Orders that match the filters, and how many of them are in each status (whatever `situacao` says). */
  total: z.number().int(),
  contagem: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  pagina: z.number().int(),
  paginas: z.number().int(),
  /** Orders that need the team now, oldest first. */
  alertas: z.array(alertaSchema),
});
export type StaffOrderList = z.infer<typeof staffOrderListSchema>;

/** One line of an order's timeline: what happened, when, and who did it. */
export const linhaDoTempoSchema = z.object({
  em: z.string(),
  situacao: z.enum(ORDER_STATUSES),
  texto: z.string(),
  /** "Cliente", "Loja (automático)", "Automação (ADMIN_TOKEN)" or the member's name. */
  autor: z.string(),
});

/** `GET /v2/admin/orders/{numero}`: the order as its buyer sees it, plus who bought it and who moved it. */
export const pedidoEquipeSchema = pedidoSchema.extend({
  cliente: cliente.extend({ documento: z.string(), celular: z.string() }),
  /**
   * Where the sale was made; for one made by hand in the panel, who entered it and why its discount was given
   * ('' when none).
   */
  venda: z.object({ canal: z.enum(ORDER_CHANNELS), feitoPor: z.string(), motivoDesconto: z.string() }),
  /** The delivery address as kept on the order, field by field (a correction starts from it). */
  enderecoEntrega: addressSchema.extend({ nome: z.string() }),
  linhaDoTempo: z.array(linhaDoTempoSchema),
  /** Where the order may go from here. */
  proximas: z.array(z.enum(ORDER_STATUSES)),
  /** Money a provider took that the team may give back (the whole order), and through which one. */
  devolucao: z.object({ valor: z.number(), provedor: z.string() }).optional(),
  /** The refunds in the ledger, with what each provider said. */
  devolucoes: z.array(devolucaoEquipeSchema),
  /** Money a provider took back after paying it (chargeback, MED): while one is `retido` the order is held. */
  tomadas: z.array(tomadaSchema),
  /** Waiting for the team to confirm its Pix (static Pix): the team may give it more time. */
  aguardaEquipe: z.boolean(),
  /** Its NF-e, whether it may be issued now, and what it lacks (contract/invoices.ts). */
  faturamento: faturamentoSchema,
  /** Its parcel at the shipping provider: the label, or the services to buy one from (contract/shipments.ts). */
  envio: envioSchema,
  /**
   * What is left to undo on an order cancelled, refunded or withdrawn (an NF-e still authorised, a label bought
   * and unused), each with the id of the page's section where it is done.
   */
  aDesfazer: z.array(z.object({ texto: z.string(), ancora: z.string() })),
  /** The team's own notes on the order, oldest first: never shown to the buyer. */
  notas: z.array(z.object({ texto: z.string(), autor: z.string(), em: z.string() })),
});
export type PedidoEquipe = z.infer<typeof pedidoEquipeSchema>;
export const staffOrderAnswerSchema = z.object({ pedido: pedidoEquipeSchema });

/** `PUT /v2/admin/orders/{numero}/status`: the move made. */
export const staffStatusAnswerSchema = z.object({
  numero: z.number().int(),
  de: z.enum(ORDER_STATUSES),
  situacao: z.enum(ORDER_STATUSES),
});

/** `POST /v2/admin/orders/{numero}/refund`: the refund asked, and where the order went. */
export const staffRefundAnswerSchema = z.object({
  numero: z.number().int(),
  de: z.enum(ORDER_STATUSES),
  situacao: z.enum(ORDER_STATUSES),
  valor: z.number(),
});

/** Orders one export carries at most (the newest first under `ordem`); narrower filters for more. */
export const STAFF_EXPORT_MAX = 10_000;

/** `GET /v2/admin/orders/export`: every order the filters match (no paging), with what a spreadsheet needs. */
export const pedidoExportSchema = pedidoEquipeResumoSchema.extend({
  documento: z.string(),
  subtotal: z.number(),
  desconto: z.number(),
  cupom: z.string(),
  descontoCupom: z.number(),
  /** A discount the team gave on an order made by hand, why, and who entered the order. */
  descontoLoja: z.number(),
  motivoDesconto: z.string(),
  feitoPor: z.string(),
  frete: z.number(),
  entrega: z.string(),
  cidade: z.string(),
  uf: z.string(),
  transportadora: z.string(),
  rastreio: z.string(),
});
export type PedidoExport = z.infer<typeof pedidoExportSchema>;
export const staffOrderExportSchema = z.object({
  pedidos: z.array(pedidoExportSchema),
  /** More orders matched than one export carries. */
  truncado: z.boolean(),
});

/**
 * `POST /v2/admin/orders/{numero}/refunds/{id}/resolved`: how the team settled a refund alert: the money went
 * back another way (`devolvido`: the buyer is told it was given back, and revenue loses it), or it will not go
 * back (`nao_devolvido`: the buyer is told, revenue keeps it).
 */
export const REFUND_OUTCOMES = ['devolvido', 'nao_devolvido'] as const;
export type RefundOutcome = (typeof REFUND_OUTCOMES)[number];
export const refundResolveSchema = z.object({
  desfecho: z.enum(REFUND_OUTCOMES, {
    error: 'Diga se o valor foi devolvido por outro meio ou se não será devolvido.',
  }),
  nota: z
    .string({ error: 'Diga como a devolução foi resolvida.' })
    .trim()
    .min(5, 'Diga como a devolução foi resolvida (por exemplo, "devolvido por transferência em 27/11").')
    .max(300, 'Use até 300 caracteres.'),
});

/** How much more time the team may give an order waiting for its Pix, and how the page says it. */
export const DEADLINE_CHOICES = [30, 120, 1440] as const;
export const DEADLINE_LABELS: Record<(typeof DEADLINE_CHOICES)[number], string> = {
  30: 'Mais 30 minutos',
  120: 'Mais 2 horas',
  1440: 'Mais 24 horas',
};

/** `POST /v2/admin/orders/{numero}/deadline`: more time to pay (one of DEADLINE_CHOICES, in minutes). */
export const orderDeadlineSchema = z.object({
  minutos: z.coerce
    .number({ error: 'Escolha quanto tempo a mais.' })
    .refine((m) => (DEADLINE_CHOICES as readonly number[]).includes(m), 'Escolha quanto tempo a mais.'),
});

/** Longest internal note. */
export const ORDER_NOTE_MAX = 2000;

/** `POST /v2/admin/orders/{numero}/notes`: a note for the team (our extension). */
export const orderNoteSchema = z.object({
  texto: z
    .string({ error: 'Escreva a nota.' })
    .trim()
    .min(1, { error: 'Escreva a nota.' })
    .max(ORDER_NOTE_MAX, {
      error: `A nota tem no máximo ${ORDER_NOTE_MAX.toLocaleString('pt-BR')} caracteres.`,
    }),
});
