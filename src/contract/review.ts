import { z } from 'zod';
import { listSearch, wholeNumber } from './common.ts';
import { HONEYPOT_FIELD, honeypot, personName, stars, yesNo } from './forms.ts';
import { OFFSET_MAX } from './listing.ts';

/**
 * Product reviews (`GET/POST evaluations/product`). A logged-in customer writes one per product; it is
 * shown once the store's team approves it. `media` and `quantidade` (the product's `avaliacao`) count
 * approved reviews only.
 */

/** How many reviews the product page shows at a time. */
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEW_COMMENT_MIN = 10;
export const REVIEW_COMMENT_MAX = 2000;

/** `POST evaluations/product`: the contract's body; `email` is the account's (one sent is ignored). */
export const productReviewSchema = z.object({
  idProduto: wholeNumber('idProduto', { min: 1, required: 'Informe o produto.' }),
  nome: personName,
  nota: stars('o produto'),
  comentario: z
    .string({ message: 'Conte o que achou do produto.' })
    .trim()
    .min(REVIEW_COMMENT_MIN, {
      message: `Conte um pouco mais (pelo menos ${String(REVIEW_COMMENT_MIN)} caracteres).`,
    })
    .max(REVIEW_COMMENT_MAX, { message: `Use no máximo ${String(REVIEW_COMMENT_MAX)} caracteres.` }),
  recomenda: yesNo('Diga se recomenda o produto.'),
  email: z.string().max(254).optional(),
  [HONEYPOT_FIELD]: honeypot,
});
export type ProductReviewRequest = z.infer<typeof productReviewSchema>;

export const REVIEW_RECEIVED =
  'Obrigado pela avaliação! Ela aparece na página do produto assim que nossa equipe a aprovar.';

/** Ordering by date: newest first (`DESC`, the default) or oldest first. */
export const REVIEW_ORDERS = ['DESC', 'ASC'] as const;

/** The query of `GET evaluations/product`: whose reviews, which page, which order, only one star count. */
export const reviewQuerySchema = z.object({
  idProduto: wholeNumber('idProduto', { min: 1, required: 'Informe o produto (idProduto).' }),
  offset: wholeNumber('offset', { max: OFFSET_MAX }).default(0),
  limit: wholeNumber('limit', { min: 0, max: 50 }).default(REVIEWS_PAGE_SIZE),
  order: z.enum(REVIEW_ORDERS, { message: 'Ordenação inválida. Use DESC ou ASC.' }).default('DESC'),
  nota: wholeNumber('nota', { min: 1, max: 5 }).optional(),
});
export type ReviewQuery = z.output<typeof reviewQuerySchema>;

/** One approved review as shoppers read it. */
export const avaliacaoItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  nota: z.number().int().min(1).max(5),
  comentario: z.string(),
  recomenda: z.boolean(),
  /** ISO 8601. */
  data: z.string(),
  /** The author had bought the product ("Compra verificada"). */
  compraVerificada: z.boolean(),
});
export type AvaliacaoItem = z.infer<typeof avaliacaoItemSchema>;

export const REVIEW_STATUSES = ['pendente', 'aprovada', 'recusada'] as const;
export type ReviewSituacao = (typeof REVIEW_STATUSES)[number];

export const reviewListSchema = z.object({
  avaliacoes: z.array(avaliacaoItemSchema),
  /** Average and count of the product's approved reviews (as in the product's `avaliacao`). */
  media: z.number(),
  quantidade: z.number().int(),
  /** How many approved reviews match the query (`nota` narrows it), for paging. */
  total: z.number().int(),
  /** Approved reviews per star count: `notas[0]` has 1 star … `notas[4]` 5 stars. */
  notas: z.array(z.number().int()).length(5),
  /** How many approved reviews recommend the product. */
  recomendam: z.number().int(),
  /** The product, to name and link it. */
  produto: z.object({ id: z.number().int(), nome: z.string(), url: z.string() }),
  /** The logged-in caller's own review of this product, whatever its status. */
  minha: z.object({ nota: z.number().int(), situacao: z.enum(REVIEW_STATUSES), data: z.string() }).optional(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** The staff API (`/v2/admin/reviews`): the moderation queue and each review's decision. */
export const reviewStaffQuerySchema = z.object({
  situacao: z
    .enum(REVIEW_STATUSES, { message: 'Situação inválida: pendente, aprovada ou recusada.' })
    .optional(),
  /** Only this many stars. */
  nota: wholeNumber('nota', { min: 1, max: 5 }).optional(),
  /** Part of the product's name, the reviewer's name or e-mail, or the comment. */
  q: listSearch(),
  offset: wholeNumber('offset', { max: OFFSET_MAX }).default(0),
  limit: wholeNumber('limit', { min: 1, max: 100 }).default(50),
});
export type ReviewStaffQuery = z.output<typeof reviewStaffQuerySchema>;

export const reviewDecisionSchema = z.object({
  situacao: z.enum(REVIEW_STATUSES, {
    message: 'Informe a situação: aprovada, recusada ou pendente.',
  }),
  /** Why it is rejected (kept with the review for the team; only with `recusada`). */
  motivo: z.string().trim().max(300, { message: 'Motivo: no máximo 300 caracteres.' }).default(''),
});

export const avaliacaoAdminSchema = avaliacaoItemSchema.extend({
  idProduto: z.number().int(),
  produto: z.string(),
  /** The author's account e-mail, for the store's owners only ('' for other members). */
  email: z.string(),
  situacao: z.enum(REVIEW_STATUSES),
  moderadaEm: z.string().nullable(),
  /** Why the team rejected it ('' when not rejected or no reason given). */
  motivo: z.string(),
});
export const reviewStaffListSchema = z.object({
  avaliacoes: z.array(avaliacaoAdminSchema),
  total: z.number().int(),
});
export const reviewDecisionAnswerSchema = z.object({ avaliacao: avaliacaoAdminSchema });
export type AvaliacaoAdmin = z.infer<typeof avaliacaoAdminSchema>;
