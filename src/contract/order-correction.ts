import { z } from 'zod';
import { newAddressSchema } from './account.ts';
import { ORDER_STATUSES } from './order.ts';
import { HAND_LINES_MAX, orderLineSchema } from './staff-new-order.ts';

/**
 * Correcting an order before it is shipped (`POST /v2/admin/orders/{numero}/correction/quote` and
 * `…/correction`; our extension): its delivery address and option, re-quoted, and, before payment, its items.
 * A paid order keeps what was paid (the difference is shown for the team to settle); an order waiting for its
 * static Pix gets the new total and a new Pix code. Its history, the activity trail and an e-mail to the buyer
 * say what changed.
 */
export const orderCorrectionSchema = z.object({
  /** The status the page showed: a correction of an order that moved since changes nothing. */
  de: z.enum(ORDER_STATUSES, { error: 'Atualize a página e tente de novo.' }),
  endereco: newAddressSchema,
  /** The delivery option of the quote; empty while quoting. */
  frete: z.string().trim().max(40, { message: 'Escolha uma forma de entrega.' }).default(''),
  /** The lines as they should be (before payment only); absent: the lines stay. */
  itens: z
    .array(orderLineSchema)
    .min(1, { message: 'O pedido precisa de ao menos um produto: para desfazer a venda, cancele o pedido.' })
    .max(HAND_LINES_MAX, { message: `Um pedido leva no máximo ${String(HAND_LINES_MAX)} produtos.` })
    .optional(),
  /** What the quote showed: a price or a quote that changed since stops the correction. */
  conferencia: z.string().max(4000).default(''),
});
export type OrderCorrection = z.output<typeof orderCorrectionSchema>;

const money = z.number();

/** `POST …/correction/quote`: the order as it would be after the correction (nothing is kept). */
export const correctionQuoteSchema = z.object({
  itens: z.array(
    z.object({
      sku: z.string(),
      nome: z.string(),
      quantidade: z.number().int(),
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
  atual: z.object({ frete: z.string(), valorFrete: money, total: money }),
  /** With the chosen option: the new total (or the same, when what was paid stands) and the difference. */
  novo: z.object({ valorFrete: money, total: money, diferenca: money }).optional(),
  /** The total stays as it is (paid, or a provider's charge is open): the difference is the team's to settle. */
  mantemTotal: z.boolean(),
  /** What the team should know of this correction, in a sentence. */
  aviso: z.string(),
  conferencia: z.string(),
});
export type CorrectionQuote = z.infer<typeof correctionQuoteSchema>;

export const correctionDoneSchema = z.object({
  numero: z.number().int(),
  /** What changed, as the history says it. */
  mudou: z.array(z.string()),
});
