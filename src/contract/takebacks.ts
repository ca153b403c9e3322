import { z } from 'zod';

// Money a provider took back from the store after paying it (a chargeback, a refund or cancellation the
// provider made on its own, a Pix returned through the Banco Central's MED), as the team reads and settles it.

export const TAKEBACK_KINDS = ['contestado', 'estornado', 'cancelado', 'med'] as const;
export type TakebackKind = (typeof TAKEBACK_KINDS)[number];
export const TAKEBACK_KIND_LABELS: Record<TakebackKind, string> = {
  contestado: 'Contestado pelo comprador no cartão (chargeback)',
  estornado: 'Estornado pelo provedor, sem pedido da loja',
  cancelado: 'Cancelado pelo provedor depois de aprovado',
  med: 'Pix devolvido pelo Mecanismo Especial de Devolução (MED) do Banco Central',
};

/**
 * `retido`: the order waits for the team (no label, no "enviado"); `seguir`: the team ships anyway;
 * `cancelado`: the team cancelled the order (nothing to refund: the money is already gone); `recuperado`:
 * the provider gave the money back to the store (a dispute the store won).
 */
export const TAKEBACK_STATES = ['retido', 'seguir', 'cancelado', 'recuperado'] as const;
export type TakebackState = (typeof TAKEBACK_STATES)[number];
export const TAKEBACK_STATE_LABELS: Record<TakebackState, string> = {
  retido: 'Pedido retido: a equipe decide',
  seguir: 'A equipe decidiu enviar mesmo assim',
  cancelado: 'A equipe cancelou o pedido',
  recuperado: 'O provedor devolveu o valor à loja',
};

export const tomadaSchema = z.object({
  id: z.number().int(),
  valor: z.number(),
  tipo: z.enum(TAKEBACK_KINDS),
  situacao: z.enum(TAKEBACK_STATES),
  /** What the provider said (its status and detail). */
  detalhe: z.string(),
  em: z.string(),
  /** Who decided, and what they wrote ('' while undecided). */
  autor: z.string(),
  nota: z.string(),
});
export type Tomada = z.infer<typeof tomadaSchema>;

/** `POST /v2/admin/orders/{numero}/takebacks/{id}/decision`: what the team does with a held order. */
export const TAKEBACK_DECISIONS = ['seguir', 'cancelar'] as const;
export type TakebackDecision = (typeof TAKEBACK_DECISIONS)[number];
export const takebackDecisionSchema = z.object({
  decisao: z.enum(TAKEBACK_DECISIONS, {
    error: 'Escolha: enviar mesmo assim ou cancelar o pedido.',
  }),
  nota: z
    .string({ error: 'Diga por que a equipe decidiu assim.' })
    .trim()
    .min(5, 'Diga por que a equipe decidiu assim (por exemplo, "cliente pagou por transferência em 27/11").')
    .max(300, 'Use até 300 caracteres.'),
});
