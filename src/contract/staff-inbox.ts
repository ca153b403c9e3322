import { z } from 'zod';
import { anyOf, dayFilter, listSearch, wholeNumber } from './common.ts';

/**
 * The team's inbox (`GET /v2/admin/inbox`; our extension): what shoppers send through the store's forms
 * (contact, the architect programme), store evaluations and newsletter sign-ups, newest first.
 */

export const INBOX_KINDS = [
  'contato',
  'arquiteto-estudante',
  'arquiteto-profissional',
  'avaliacao',
  'newsletter',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  contato: 'Fale conosco',
  'arquiteto-estudante': 'Arquiteto (estudante)',
  'arquiteto-profissional': 'Arquiteto (profissional)',
  avaliacao: 'Avaliação da loja',
  newsletter: 'Newsletter',
};

/** `a-responder`: waiting for the team; `respondidas`: marked answered (newsletter sign-ups are neither). */
export const INBOX_STATES = ['a-responder', 'respondidas'] as const;
export const INBOX_STATE_LABELS: Record<(typeof INBOX_STATES)[number], string> = {
  'a-responder': 'A responder',
  respondidas: 'Respondidas',
};

export const INBOX_PER_PAGE = 25;
export const INBOX_PAGES_MAX = 400;
/** Messages one export carries at most (the newest first); narrower filters for more. */
export const INBOX_EXPORT_MAX = 10_000;

export const inboxQuerySchema = z.object({
  tipo: anyOf(INBOX_KINDS, 'Tipo inválido.'),
  situacao: anyOf(INBOX_STATES, 'Situação inválida.'),
  /** Received on or after this day, on or before that one (Brasília time). */
  de: dayFilter('Data inicial'),
  ate: dayFilter('Data final'),
  /** Part of the sender's name or e-mail, or of the message. */
  q: listSearch(),
  /** The messages that name this order (its page links back to them). */
  pedido: wholeNumber('pedido', { min: 1 }).optional(),
  /** The messages sent from this address (a customer's page links back to them). */
  email: z
    .string()
    .trim()
    .max(254, { message: 'E-mail longo demais.' })
    .optional()
    .transform((v) => (v === '' ? undefined : v?.toLowerCase())),
  pagina: wholeNumber('pagina', { min: 1, max: INBOX_PAGES_MAX }).default(1),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** One message: who sent it, what it says (with the form's other fields), and whether it was answered. */
export const mensagemSchema = z.object({
  /** `formulario-12`, `avaliacao-3`, `newsletter-ana@exemplo.com.br`: what the answered mark names. */
  id: z.string(),
  tipo: z.enum(INBOX_KINDS),
  nome: z.string(),
  email: z.string(),
  /** The contact form's subject, or what the message is (an evaluation's scores). */
  assunto: z.string(),
  texto: z.string(),
  /** The form's other fields, labelled, in the order the form asks them. */
  detalhes: z.array(z.object({ campo: z.string(), valor: z.string() })),
  recebidaEm: z.string(),
  /** Absent: not answered yet (or nothing to answer: a newsletter sign-up). */
  respondida: z.object({ em: z.string(), por: z.string() }).optional(),
  /** Whether it can be marked answered (everything but a newsletter sign-up). */
  respondivel: z.boolean(),
  /** The team's replies sent from the panel (its page reads them). */
  respostas: z.number().int(),
});
export type Mensagem = z.infer<typeof mensagemSchema>;

/** What waits for an answer, by how long it has waited (whatever the filters). */
export const waitingSchema = z.object({
  total: z.number().int(),
  /** Received in the last 24 hours. */
  hoje: z.number().int(),
  /** One to three days. */
  ate3dias: z.number().int(),
  /** Over three days: the ones to answer first. */
  mais3dias: z.number().int(),
});
export type Waiting = z.infer<typeof waitingSchema>;

export const inboxListSchema = z.object({
  mensagens: z.array(mensagemSchema),
  espera: waitingSchema,
  total: z.number().int(),
  pagina: z.number().int(),
  paginas: z.number().int(),
});
export type InboxList = z.infer<typeof inboxListSchema>;

export const inboxExportSchema = z.object({ mensagens: z.array(mensagemSchema), truncado: z.boolean() });

/** `PUT /v2/admin/inbox/{id}/answered`: mark a message answered, or waiting again. */
export const inboxAnsweredSchema = z.object({
  respondida: z.boolean({ error: 'Diga se a mensagem foi respondida.' }),
});
