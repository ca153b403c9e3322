import { z } from 'zod';

/** Form answers (newsletter, contact, evaluations): 200 with sucesso and a message for the shopper. */
export const formAnswerSchema = z.object({
  sucesso: z.boolean(),
  mensagem: z.string(),
  /** Per-field problems, keyed by field name (only when sucesso is false). */
  erros: z.record(z.string(), z.string()).optional(),
});
export type FormAnswer = z.infer<typeof formAnswerSchema>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** A spam trap: people leave it empty; bots fill every field. */
export const HONEYPOT_FIELD = 'website';

export const newsletterSchema = z.object({
  nome: z.string().trim().max(120, { message: 'Use no máximo 120 caracteres no nome.' }).default(''),
  email: z
    .string({ message: 'Informe seu e-mail.' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'Informe seu e-mail.' })
    .max(254, { message: 'Este e-mail é longo demais.' })
    .regex(EMAIL, { message: 'Informe um e-mail válido, como nome@exemplo.com.br.' }),
  [HONEYPOT_FIELD]: z.string().max(500).default(''),
});
export type NewsletterRequest = z.infer<typeof newsletterSchema>;
