import { z } from 'zod';

export { ERROR_CODES, isErrorCode } from './error-codes.ts';
export type { ErrorCode } from './error-codes.ts';

/** A Vue-router-like location, as the platform sends it (`params`/`query` may be PHP's empty `[]`). */
export const rotaSchema = z.object({
  name: z.string(),
  route: z.string().optional(),
  path: z.string().optional(),
  params: z.union([z.record(z.string(), z.string()), z.array(z.never())]),
  query: z.union([z.record(z.string(), z.union([z.string(), z.array(z.string())])), z.array(z.never())]),
});
export type Rota = z.infer<typeof rotaSchema>;

/** The WebP + original-format pair every single-image entity carries. */
export const imagemSchema = z.object({ imagem: z.string(), imagemOriginal: z.string() });

export const seoSchema = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  titleSocial: z.string(),
  descriptionSocial: z.string(),
  openGraphUrlImagem: z.string(),
  twitterUrlImagem: z.string(),
  canonical: z.string(),
  indexar: z.boolean(),
});
export type Seo = z.infer<typeof seoSchema>;

export const breadcrumbSchema = z.object({
  label: z.string(),
  atual: z.boolean(),
  rota: rotaSchema,
  url: z.string(),
});
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

/** The first crumb of every trail, in the store's Portuguese (never "Home"). */
export const HOME_CRUMB = 'Início';

export const nivelSchema = z.enum([
  'home',
  'page',
  'product/detail',
  'list/listing',
  'list/detail',
  'product/listing/category',
  'product/listing/brand',
  'product/listing/landing-page',
  'product/listing/search',
]);
export type Nivel = z.infer<typeof nivelSchema>;

export const estruturaSchema = z.object({
  nivel: nivelSchema,
  seo: seoSchema,
  breadcrumb: z.array(breadcrumbSchema),
  dadosEstruturados: z.array(z.unknown()),
});
export type Estrutura = z.infer<typeof estruturaSchema>;

/** Error body of every failed call: `error` for platform clients, `mensagem` for shoppers (pt-BR). */
/** An error answer; an unexpected one also has `codigo`, the reference its log line carries. */
export const errorSchema = z.object({
  error: z.string(),
  mensagem: z.string(),
  codigo: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

/**
 * A reference for an unexpected error (8 hexadecimal digits): the log line carries it and the shopper is
 * shown it to quote to the store's service, instead of any detail of the failure.
 */
export const newErrorReference = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

/** Answer of action endpoints (newsletter, forms, wishlist ...). */
export const operationSchema = z.object({ sucesso: z.boolean(), mensagem: z.string().optional() });
export type Operation = z.infer<typeof operationSchema>;

/** The largest id or count the platform stores (PostgreSQL `integer`). */
export const INT_MAX = 2_147_483_647;

/**
 * A whole number from a JSON body or a form: a JSON integer, or a string of digits (forms and the
 * platform's ready-made payloads send strings). Nothing else is read as a number: not `true`, `[2]`,
 * `"1e2"` or `" 3 "`. Bounded to what the database stores, so no input reaches it out of range.
 */
export function wholeNumber(
  name: string,
  options: { min?: number; max?: number; required?: string; tooSmall?: string; tooLarge?: string } = {},
) {
  const { min = 0, max = INT_MAX } = options;
  const notNumber = `${name} deve ser um número inteiro.`;
  const digits = z
    .string()
    .regex(/^\d{1,10}$/, { message: notNumber })
    .transform(Number);
  // An empty field (a select left on "Escolha…") is a missing one: its own message, not "must be a number".
  const value = z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.number(), digits], {
      error: (issue) => (issue.input === undefined ? (options.required ?? notNumber) : notNumber),
    }),
  );
  return value.pipe(
    z
      .number()
      .int({ message: notNumber })
      .min(min, {
        message: options.tooSmall ?? (min > 0 ? `${name}: o mínimo é ${String(min)}.` : `${name} inválido.`),
      })
      .max(max, {
        message:
          options.tooLarge ?? (max < INT_MAX ? `${name}: o máximo é ${String(max)}.` : `${name} inválido.`),
      }),
  );
}

/** A staff list's text search (`q`): trimmed, at most 100 characters, empty as absent. */
export const listSearch = () =>
  z
    .string()
    .trim()
    .max(100, { message: 'Busca longa demais (no máximo 100 caracteres).' })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A staff list's `esgotados=1`: only what has no stock. */
export const soldOutOnly = () =>
  z
    .enum(['0', '1'], { error: 'esgotados: use 0 ou 1.' })
    .optional()
    .transform((v) => v === '1');

/** A day as `aaaa-mm-dd` (a date input's value), or nothing. */
export const dayFilter = (label: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`))),
      {
        message: `${label}: use uma data como 2026-11-25.`,
      },
    )
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** An empty select or field means "any". */
export const anyOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.literal(''), z.enum(values)], { error: message })
    .optional()
    .transform((v) => (v === '' ? undefined : v));
