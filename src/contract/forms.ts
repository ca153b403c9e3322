import { z } from 'zod';
import { wholeNumber } from './common.ts';

/** Form answers (newsletter, contact, evaluations): 200 with sucesso and a message for the shopper. */
export const formAnswerSchema = z.object({
  sucesso: z.boolean(),
  mensagem: z.string(),
  /** Per-field problems, keyed by field name (only when sucesso is false). */
  erros: z.record(z.string(), z.string()).optional(),
  /** The welcome coupon's code, for a newsletter sign-up that asked for it (`cupom: true`). */
  cupom: z.string().optional(),
  /** A sign-up's (or a held login's) challenge: sent back with the code the e-mail carried. */
  desafio: z.string().optional(),
  /** A login's token for this device (kept by the browser: it spares the code while the store is under attack). */
  dispositivo: z.string().optional(),
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
  /** Ask for the welcome coupon: the answer carries its code (the contract's `cupom`). */
  cupom: z.boolean().default(false),
  [HONEYPOT_FIELD]: z.string().max(500).default(''),
});
export type NewsletterRequest = z.infer<typeof newsletterSchema>;

export const personName = z
  .string({ message: 'Informe seu nome.' })
  .trim()
  .min(2, { message: 'Informe seu nome.' })
  .max(120, { message: 'Use no máximo 120 caracteres no nome.' });
const email = newsletterSchema.shape.email;
const phone = z
  .string({ message: 'Informe um telefone com DDD.' })
  .transform((v) => v.replace(/\D/g, ''))
  .refine((d) => /^[1-9]{2}9?\d{8}$/.test(d), {
    message: 'Informe um telefone com DDD, como (19) 3232-4500.',
  });
export const honeypot = z.string().max(500).default('');

export const CONTACT_SUBJECTS = [
  'Dúvida sobre produto',
  'Pedido e entrega',
  'Troca ou devolução',
  'Pagamento',
  'Outro assunto',
] as const;

/** `POST form/contact`: the customer-service form. */
export const contactSchema = z.object({
  nome: personName,
  email,
  contato: phone,
  pedido: z
    .string()
    .trim()
    .max(20, { message: 'O número do pedido tem no máximo 20 caracteres.' })
    .regex(/^[A-Za-z0-9-]*$/, { message: 'Use só letras, números e traço no número do pedido.' })
    .default(''),
  assunto: z.enum(CONTACT_SUBJECTS, { message: 'Escolha o assunto.' }),
  mensagem: z
    .string({ message: 'Escreva sua mensagem.' })
    .trim()
    .min(10, { message: 'Conte um pouco mais (pelo menos 10 caracteres).' })
    .max(3000, { message: 'Use no máximo 3000 caracteres.' }),
  [HONEYPOT_FIELD]: honeypot,
});

/** `POST form/architect`: joining the architect programme as a student or a professional. */
export const architectSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({
      tipo: z.literal('estudante'),
      nome: personName,
      email,
      celular: phone,
      instituicao: z.string().trim().min(2, { message: 'Informe a instituição de ensino.' }).max(120),
      curso: z.string().trim().min(2, { message: 'Informe o curso.' }).max(120),
      semestre: z.coerce
        .number({ message: 'Informe o semestre (1 a 12).' })
        .int({ message: 'Informe o semestre (1 a 12).' })
        .min(1, { message: 'Informe o semestre (1 a 12).' })
        .max(12, { message: 'Informe o semestre (1 a 12).' }),
      [HONEYPOT_FIELD]: honeypot,
    }),
    z.object({
      tipo: z.literal('profissional'),
      nome: personName,
      email,
      celular: phone,
      registro: z
        .string({ message: 'Informe o registro no CAU ou no CREA.' })
        .trim()
        .toUpperCase()
        .regex(/^(CAU|CREA)[\s-]*[A-Z]{0,2}[\s-]*[A-Z0-9./-]{4,20}$/, {
          message: 'Informe o registro com o conselho, como CAU A123456-7 ou CREA SP 5061234567.',
        }),
      escritorio: z.string().trim().max(120).default(''),
      cidade: z.string().trim().min(2, { message: 'Informe a cidade.' }).max(60),
      uf: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { message: 'Escolha o estado (UF).' }),
      portfolio: z
        .string()
        .trim()
        .max(300)
        .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]{2,}/.test(v), {
          message: 'Informe o endereço completo do portfólio, começando com https://.',
        })
        .default(''),
      [HONEYPOT_FIELD]: honeypot,
    }),
  ],
  { message: 'Escolha estudante ou profissional.' },
);

/** A rating of 1 to 5 stars, from a form's radios or JSON. */
export const stars = (label: string) =>
  z.coerce
    .number({ message: `Dê uma nota de 1 a 5 para ${label}.` })
    .int({ message: `Dê uma nota de 1 a 5 para ${label}.` })
    .min(1, { message: `Dê uma nota de 1 a 5 para ${label}.` })
    .max(5, { message: `Dê uma nota de 1 a 5 para ${label}.` });
/** Yes or no, from JSON (a boolean) or a form's radios (`sim`, `nao`). */
export const yesNo = (message: string) =>
  z.union([z.boolean(), z.enum(['sim', 'nao']).transform((v) => v === 'sim')], { message });

/** `POST evaluations/store/add/{key}`: the store evaluation. */
export const storeEvaluationSchema = z.object({
  experiencia: stars('a sua experiência de compra'),
  atendimento: stars('o atendimento'),
  satisfeito: yesNo('Diga se ficou satisfeito(a).'),
  publicar: yesNo('Diga se podemos publicar sua avaliação.'),
  mensagem: z.string().trim().max(2000, { message: 'Use no máximo 2000 caracteres.' }).default(''),
});

/**
 * `POST product/solicitation` ("Avise-me"): tell me when this finish is back. Answered alike whether the
 * e-mail was waiting already or not.
 */
export const stockRequestSchema = z.object({
  idProduto: wholeNumber('idProduto', { min: 1, required: 'Informe o produto.' }),
  idAtributoValor: wholeNumber('idAtributoValor', { min: 1, required: 'Escolha o acabamento.' }),
  nome: personName,
  email,
  contato: z.string().trim().max(30).default(''),
  mensagem: z.string().trim().max(500).default(''),
  mailing: z.boolean().default(false),
  [HONEYPOT_FIELD]: honeypot,
});
export type StockRequest = z.infer<typeof stockRequestSchema>;

export const STOCK_REQUEST_SAVED =
  'Pronto! Quando este acabamento voltar ao estoque, avisamos você por e-mail.';
