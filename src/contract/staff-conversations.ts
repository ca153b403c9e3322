import { z } from 'zod';
import { mensagemSchema } from './staff-inbox.ts';

/**
 * A message of the team's inbox as a conversation (`GET /v2/admin/inbox/{id}`; our extension): the message,
 * the team's replies (each e-mailed from the store, signed by who wrote it), the customer whose account has
 * the sender's address, and the orders the message names. Ready answers start a reply.
 */

/** A reply's longest text (a long e-mail, well past what a form message takes). */
export const REPLY_MAX = 4000;
export const READY_TITLE_MAX = 60;
/** At most this many ready answers: a list the team reads in a select. */
export const READY_ANSWERS_MAX = 50;

/** Where a reply's e-mail is: the mail queue's states (jobs/mail.ts), or no record of it any more. */
export const REPLY_DELIVERY = ['fila', 'enviado', 'guardado', 'falhou', 'sem-registro'] as const;
export type ReplyDelivery = (typeof REPLY_DELIVERY)[number];
export const REPLY_DELIVERY_LABELS: Record<ReplyDelivery, string> = {
  fila: 'Na fila de envio',
  enviado: 'E-mail enviado',
  guardado: 'Guardada na caixa de saída: a loja não tem e-mail configurado',
  falhou: 'O e-mail não saiu: veja Envios com falha',
  'sem-registro': 'Sem registro do envio',
};

export const respostaSchema = z.object({
  id: z.number().int(),
  /** The member's name (or "Membro removido"). */
  por: z.string(),
  em: z.string(),
  para: z.string(),
  texto: z.string(),
  envio: z.enum(REPLY_DELIVERY),
});
export type Resposta = z.infer<typeof respostaSchema>;

export const conversaSchema = z.object({
  mensagem: mensagemSchema,
  respostas: z.array(respostaSchema),
  /** Whether it can be answered by e-mail here (it carries an address). */
  respondivelPorEmail: z.boolean(),
  /** The customer whose account has the sender's e-mail. */
  cliente: z.object({ id: z.number().int(), nome: z.string() }).optional(),
  /** The orders the message names that exist, with their status in words. */
  pedidos: z.array(z.object({ numero: z.number().int(), situacao: z.string(), email: z.string() })),
});
export type Conversa = z.infer<typeof conversaSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `Escreva ${label}.` })
    .trim()
    .min(1, `Escreva ${label}.`)
    .max(max, `${label[0]?.toUpperCase() ?? ''}${label.slice(1)}: até ${String(max)} caracteres.`);

/** `POST /v2/admin/inbox/{id}/replies`: a reply, optionally kept as a ready answer under a title. */
export const replyInputSchema = z.object({
  texto: text('a resposta', REPLY_MAX),
  salvarComo: z
    .string()
    .trim()
    .max(READY_TITLE_MAX, `O nome da resposta pronta: até ${String(READY_TITLE_MAX)} caracteres.`)
    .optional(),
});
export type ReplyInput = z.input<typeof replyInputSchema>;

export const readyAnswerSchema = z.object({ id: z.number().int(), titulo: z.string(), texto: z.string() });
export type RespostaPronta = z.infer<typeof readyAnswerSchema>;
export const readyAnswersSchema = z.object({ respostas: z.array(readyAnswerSchema) });

/** `POST /v2/admin/inbox/ready-answers` (a new one) and `PUT …/{id}` (renamed or rewritten). */
export const readyAnswerInputSchema = z.object({
  titulo: text('o nome da resposta pronta', READY_TITLE_MAX),
  texto: text('o texto da resposta pronta', REPLY_MAX),
});
export type ReadyAnswerInput = z.input<typeof readyAnswerInputSchema>;

/** A ready answer for one person: `{nome}` is their first name (or nothing, with its comma, when unknown). */
export function fillReadyAnswer(texto: string, nome: string): string {
  const first = nome.trim().split(/\s+/)[0] ?? '';
  return first ? texto.replaceAll('{nome}', first) : texto.replace(/,?\s*\{nome\}/g, '');
}

/**
 * A reply kept as a ready answer: the sender's first name, where the text says it as a word, becomes `{nome}`,
 * so the next person is greeted by their own ("Olá, Rita!" is kept as "Olá, {nome}!").
 */
export function readyAnswerFrom(texto: string, nome: string): string {
  const first = nome.trim().split(/\s+/)[0] ?? '';
  if (first.length < 2) return texto;
  const escaped = first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return texto.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), '{nome}');
}
