import { z } from 'zod';
import { anyOf, listSearch } from './common.ts';

/**
 * The shopper's rights under Brazilian law (our extension of the platform): withdrawing from a purchase (CDC
 * art. 49; Decreto 7.962/2013 art. 5) and the data subject's rights (LGPD art. 18 and 19).
 */

/** Days after delivery the buyer may withdraw from a purchase made at a distance (CDC art. 49). */
export const WITHDRAWAL_DAYS = 7;
/** Days the team has to send the money back after a withdrawal (the law says "at once": the store's promise). */
export const WITHDRAWAL_REFUND_DAYS = 10;
/** Days the store has to answer a request about personal data (LGPD art. 19, II). */
export const DELETION_DAYS = 15;

/** Where a withdrawal stands, in the buyer's and the team's words. */
export const WITHDRAWAL_STATES = ['recebida', 'aguardando_produto', 'reembolso_pedido', 'concluida'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
export const WITHDRAWAL_STATE_LABELS: Record<WithdrawalState, string> = {
  recebida: 'Recebida: a equipe vai combinar a devolução',
  aguardando_produto: 'Aguardando o produto voltar',
  reembolso_pedido: 'Devolução do valor pedida',
  concluida: 'Concluída: valor devolvido',
};

/**
 * An order's withdrawal as its page shows it: whether the buyer may still withdraw (`disponivel`, until `ate`,
 * or until 7 days after a delivery still to come: null), and the withdrawal once asked.
 */
export const desistenciaSchema = z.object({
  disponivel: z.boolean(),
  ate: z.string().nullable(),
  pedida: z.object({ em: z.string(), situacao: z.enum(WITHDRAWAL_STATES), label: z.string() }).nullable(),
});
export type Desistencia = z.infer<typeof desistenciaSchema>;

/** `POST checkout/order/{numero}/withdrawal`: the buyer withdraws; a reason is optional. */
export const withdrawalRequestSchema = z.object({
  motivo: z
    .string({ error: 'Escreva o motivo em texto, ou deixe em branco.' })
    .trim()
    .max(1000, 'Escreva o motivo em até 1.000 caracteres.')
    .default(''),
});

/** The consents a customer may withdraw from "Minha conta › Privacidade". */
export const CONSENTS = ['ofertas', 'newsletter', 'aviso'] as const;

/** `GET checkout/privacy`: the customer's consents now, and their deletion request, if any. */
export const privacySchema = z.object({
  consentimentos: z.object({
    ofertas: z.boolean(),
    /** Since when the e-mail is on the newsletter (ISO); null when it is not. */
    newsletter: z.string().nullable(),
    /** "Avise-me" requests still waiting for stock: which product, since when. */
    avisos: z.array(z.object({ id: z.number().int(), produto: z.string(), desde: z.string() })),
  }),
  exclusao: z
    .object({
      em: z.string(),
      prazo: z.string(),
      situacao: z.enum(['aberta', 'recusada']),
      motivo: z.string(),
    })
    .nullable(),
});
export type Privacidade = z.infer<typeof privacySchema>;

/** `POST checkout/privacy/consents`: withdraw one consent (an "Avise-me" by its id). */
export const consentWithdrawSchema = z.object({
  consentimento: z.enum(CONSENTS, { error: 'Escolha o consentimento a retirar.' }),
  id: z.coerce
    .number({ error: 'Aviso inválido. Atualize a página.' })
    .int('Aviso inválido. Atualize a página.')
    .positive('Aviso inválido. Atualize a página.')
    .max(2_147_483_647, 'Aviso inválido. Atualize a página.')
    .optional(),
});

/** `POST checkout/privacy/deletion`: the customer asks for the account's deletion, confirming the password. */
export const deletionAskSchema = z.object({
  senha: z
    .string({ error: 'Digite sua senha para confirmar.' })
    .min(1, 'Digite sua senha para confirmar.')
    .max(200, 'Senha longa demais.'),
});

/** A cell of the data a customer downloads. */
const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const rows = z.array(z.record(z.string(), cell));

/**
 * `GET checkout/privacy/export`: every personal record the store keeps of the customer, one list of flat rows
 * per part (each becomes a CSV in the download, all of them its JSON).
 */
export const dataExportSchema = z.object({
  geradoEm: z.string(),
  perfil: rows,
  enderecos: rows,
  pedidos: rows,
  itensDosPedidos: rows,
  avaliacoes: rows,
  consentimentos: rows,
  mensagens: rows,
  solicitacoes: rows,
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `GET /v2/admin/requests`: what the shoppers asked under the law, open ones first, with their deadlines. */
export const staffRequestsSchema = z.object({
  desistencias: z.array(
    z.object({
      pedido: z.number().int(),
      cliente: z.string(),
      email: z.string(),
      total: z.number(),
      pagamento: z.string(),
      motivo: z.string(),
      pedidaEm: z.string(),
      prazo: z.string(),
      situacao: z.enum(WITHDRAWAL_STATES),
      situacaoLabel: z.string(),
      /** How the money goes back: `provedor` (the PSP or Mercado Pago asked), `banco` (the team, by its bank). */
      devolucao: z.enum(['provedor', 'banco']),
      /** The order left the store (shipped or delivered): its goods can come back, and their units with them. */
      enviado: z.boolean(),
      /** The returned units went back in stock when the goods came back. */
      estoqueDevolvido: z.boolean(),
    }),
  ),
  exclusoes: z.array(
    z.object({
      id: z.number().int(),
      cliente: z.string(),
      email: z.string(),
      pedidaEm: z.string(),
      prazo: z.string(),
      situacao: z.enum(['aberta', 'concluida', 'recusada']),
      decididaEm: z.string().nullable(),
      motivo: z.string(),
      /** Orders still under way (paid or shipped): the team should finish them before deleting. */
      pedidosEmAndamento: z.number().int(),
    }),
  ),
});
export type StaffRequests = z.infer<typeof staffRequestsSchema>;

/**
 * `GET /v2/admin/requests` filters: the kind (`desistencias`, `exclusoes`), whether it still waits for the
 * team (`abertas`) or not (`encerradas`), and an order number or part of the customer's name or e-mail.
 */
export const REQUEST_KINDS = ['desistencias', 'exclusoes'] as const;
export const REQUEST_STATES = ['abertas', 'encerradas'] as const;
export const staffRequestQuerySchema = z.object({
  tipo: anyOf(REQUEST_KINDS, 'Tipo inválido: use desistencias ou exclusoes.'),
  situacao: anyOf(REQUEST_STATES, 'Situação inválida: use abertas ou encerradas.'),
  q: listSearch(),
});
export type StaffRequestQuery = z.output<typeof staffRequestQuerySchema>;

/** Whether a withdrawal or a deletion still waits for the team. */
export const withdrawalOpen = (situacao: string) =>
  situacao === 'recebida' || situacao === 'aguardando_produto';

/** The requests that match the filters (the lists are the last 90 days: they are filtered whole). */
export function filterRequests(list: StaffRequests, query: StaffRequestQuery): StaffRequests {
  const text = query.q?.toLowerCase();
  const said = (...values: string[]) => !text || values.some((v) => v.toLowerCase().includes(text));
  const state = (open: boolean) => !query.situacao || (query.situacao === 'abertas') === open;
  return {
    desistencias:
      query.tipo === 'exclusoes'
        ? []
        : list.desistencias.filter(
            (d) => state(withdrawalOpen(d.situacao)) && said(String(d.pedido), d.cliente, d.email),
          ),
    exclusoes:
      query.tipo === 'desistencias'
        ? []
        : list.exclusoes.filter((e) => state(e.situacao === 'aberta') && said(e.cliente, e.email)),
  };
}

/** `POST /v2/admin/requests/withdrawals/{numero}`: the team's step on a withdrawal. */
export const withdrawalStepSchema = z.object({
  acao: z.enum(['devolver_agora', 'aguardar_produto', 'produto_recebido'], {
    error: 'Escolha o que fazer com a desistência.',
  }),
  /** With `produto_recebido`: the returned units are sellable and go back in stock. */
  estoque: z.boolean({ error: 'Diga se as unidades voltam ao estoque (sim ou não).' }).default(false),
});

/** `POST /v2/admin/requests/deletions/{id}`: approve (anonymise) or refuse, with the reason the customer reads. */
export const deletionDecisionSchema = z
  .object({
    acao: z.enum(['aprovar', 'recusar'], { error: 'Escolha aprovar ou recusar.' }),
    motivo: z
      .string({ error: 'Escreva o motivo em texto.' })
      .trim()
      .max(1000, 'Escreva o motivo em até 1.000 caracteres.')
      .default(''),
  })
  .refine((d) => d.acao === 'aprovar' || d.motivo.length >= 10, {
    message: 'Diga ao cliente por que o pedido foi recusado (pelo menos 10 caracteres).',
    path: ['motivo'],
  });
