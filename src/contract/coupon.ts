import { z } from 'zod';
import { atividadeSchema } from './activity.ts';
import { anyOf, listSearch, wholeNumber } from './common.ts';

/**
 * Coupons (`PUT/DELETE promotional/coupon/{code}`): one per cart, put on the session's cart and answered
 * with the whole cart. What a coupon takes off: a percentage or a fixed value of the products, a
 * percentage of the shipping, or the shipping itself.
 */
export const COUPON_KINDS = [
  'produtos-percentual',
  'produtos-valor',
  'frete-percentual',
  'frete-gratis',
] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** Each kind as the team reads it. */
export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  'produtos-percentual': '% dos produtos',
  'produtos-valor': 'R$ dos produtos',
  'frete-percentual': '% do frete',
  'frete-gratis': 'Frete grátis',
};

/** A code as shoppers type it: trimmed, any case; kept and compared in upper case. */
export const couponCodeSchema = z
  .string({ message: 'Informe o código do cupom.' })
  .trim()
  .min(1, { message: 'Informe o código do cupom.' })
  .max(40, { message: 'Este código é longo demais: confira o cupom.' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'O código do cupom tem só letras, números, hífen ou sublinhado.' })
  .transform((code) => code.toUpperCase());

/**
 * The coupon on a cart (our extension of the cart object): `desconto` is what it takes off the products
 * now, `freteDesconto` the percentage it takes off any shipping option (100: free). A coupon that stopped
 * applying (the cart changed) stays on the cart with `aplicado: false` and the reason in `motivo`.
 */
export const cupomSchema = z.object({
  codigo: z.string(),
  descricao: z.string(),
  tipo: z.enum(COUPON_KINDS),
  aplicado: z.boolean(),
  motivo: z.string(),
  desconto: z.number(),
  freteDesconto: z.number(),
});
export type Cupom = z.infer<typeof cupomSchema>;

/** A coupon as staff manage it (`/v2/admin/coupons`, our extension). Dates are ISO 8601 with their offset. */
const money = z.number({ message: 'Informe um valor em reais, como 199.9.' }).min(0).max(1_000_000);
const ids = z.array(z.number().int().positive().max(2_147_483_647)).max(500);
export const couponRestrictionSchema = z.object({
  categorias: ids.optional(),
  marcas: ids.optional(),
  produtos: ids.optional(),
  acabamentos: z.array(z.string().trim().min(1).max(40)).max(50).optional(),
});
const instant = z.iso.datetime({
  offset: true,
  message: 'Use data e hora ISO com o fuso, como 2026-11-27T23:59:59-03:00.',
});

/** Each field of a coupon, with its Portuguese refusal (no defaults: a change sends only what changes). */
const couponFields = {
  descricao: z.string().trim().min(1, { message: 'Descreva o cupom (o cliente lê esta linha).' }).max(120),
  tipo: z.enum(COUPON_KINDS, { message: `Escolha o tipo: ${COUPON_KINDS.join(', ')}.` }),
  valor: money,
  inicio: instant.nullable(),
  fim: instant.nullable(),
  valorMinimo: money,
  primeiraCompra: z.boolean(),
  usosPorCliente: z.number().int().min(1).max(1_000_000).nullable(),
  usosMaximos: z.number().int().min(1).max(100_000_000).nullable(),
  ativo: z.boolean(),
  restricao: couponRestrictionSchema,
};

/** A new coupon's fields: what is not sent takes its default (no limit, no dates, active). */
export const couponFieldsSchema = z.object({
  ...couponFields,
  valor: couponFields.valor.default(0),
  inicio: couponFields.inicio.default(null),
  fim: couponFields.fim.default(null),
  valorMinimo: couponFields.valorMinimo.default(0),
  primeiraCompra: couponFields.primeiraCompra.default(false),
  usosPorCliente: couponFields.usosPorCliente.default(null),
  usosMaximos: couponFields.usosMaximos.default(null),
  ativo: couponFields.ativo.default(true),
  restricao: couponFields.restricao.default({}),
});

/** `POST /v2/admin/coupons`: a new coupon (its code, and the fields). */
export const couponCreateSchema = couponFieldsSchema
  .extend({ codigo: couponCodeSchema })
  .superRefine((coupon, ctx) => {
    if (coupon.tipo.endsWith('percentual') && (coupon.valor <= 0 || coupon.valor > 100))
      ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Um percentual vai de 0,01 a 100.' });
    if (coupon.tipo === 'produtos-valor' && coupon.valor <= 0)
      ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Informe quanto o cupom tira, em reais.' });
    if (coupon.inicio && coupon.fim && new Date(coupon.fim) <= new Date(coupon.inicio))
      ctx.addIssue({ code: 'custom', path: ['fim'], message: 'O fim vem depois do início.' });
  });
export type CouponCreate = z.infer<typeof couponCreateSchema>;

/** `PUT /v2/admin/coupons/{code}`: the fields to change (switch off with `{"ativo": false}`). */
export const couponUpdateSchema = z.object(couponFields).partial();
export type CouponUpdate = z.infer<typeof couponUpdateSchema>;

/** A coupon in the staff API's answers. */
export const couponAdminSchema = couponFieldsSchema.extend({
  codigo: z.string(),
  usados: z.number().int(),
});
export type CouponAdmin = z.infer<typeof couponAdminSchema>;
/** What the team may restrict a coupon to (the back office's choices). */
export const couponOptionsSchema = z.object({
  marcas: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  categorias: z.array(
    /** `nome`: the category with its parents, as the team reads it ("Cozinha › Torneiras"). */
    z.object({ id: z.number().int(), caminho: z.string(), nome: z.string() }),
  ),
  acabamentos: z.array(z.object({ slug: z.string(), nome: z.string() })),
});
export type CouponOptions = z.infer<typeof couponOptionsSchema>;
export const couponAdminListSchema = z.object({
  cupons: z.array(couponAdminSchema),
  opcoes: couponOptionsSchema,
  /** Coupons that match the filters, and which page of them this is (25 a page). */
  total: z.number().int(),
  pagina: z.number().int(),
  paginas: z.number().int(),
  /** With `codigo` (one coupon's page): the team's changes to it, newest first. */
  historico: z.array(atividadeSchema).optional(),
});

export type CouponAdminList = z.infer<typeof couponAdminListSchema>;
export const COUPONS_PER_PAGE = 25;
export const couponAdminAnswerSchema = z.object({ cupom: couponAdminSchema });

/**
 * Where a coupon stands now: `vigente` (applies), `agendado` (starts later), `encerrado` (its end passed),
 * `esgotado` (every use taken), `desligado` (switched off by the team).
 */
export const COUPON_STATES = ['vigente', 'agendado', 'encerrado', 'esgotado', 'desligado'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
/** Each state as the team reads it in the panel. */
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  vigente: 'Ligado',
  agendado: 'Agendado',
  encerrado: 'Encerrado',
  esgotado: 'Esgotado',
  desligado: 'Desligado',
};

/** `GET /v2/admin/coupons` filters: part of the code or description, the state now, the page. */
export const staffCouponQuerySchema = z.object({
  q: listSearch(),
  situacao: anyOf(COUPON_STATES, 'Situação inválida.'),
  /** One coupon by its exact code (its record page). */
  codigo: z.string().trim().max(40).optional(),
  pagina: wholeNumber('pagina', { min: 1, max: 400 }).default(1),
});
export type StaffCouponQuery = z.output<typeof staffCouponQuerySchema>;

/** A coupon's state at `now`, from its switch, its dates and its uses (the order of the checks is the shopper's). */
export function couponState(
  coupon: Pick<CouponAdmin, 'ativo' | 'inicio' | 'fim' | 'usosMaximos' | 'usados'>,
  now: number,
): CouponState {
  if (!coupon.ativo) return 'desligado';
  if (coupon.fim && Date.parse(coupon.fim) < now) return 'encerrado';
  if (coupon.usosMaximos !== null && coupon.usados >= coupon.usosMaximos) return 'esgotado';
  if (coupon.inicio && Date.parse(coupon.inicio) > now) return 'agendado';
  return 'vigente';
}

/**
 * `GET /v2/front/promotional/coupon/{code}` (our extension): what a page that advertises a coupon may say of
 * it, read from the coupon itself (its minimum, first purchase, dates), so the page never contradicts it.
 */
export const cupomPublicoSchema = z.object({
  codigo: z.string(),
  descricao: z.string(),
  tipo: z.enum(COUPON_KINDS),
  valor: z.number(),
  valorMinimo: z.number(),
  primeiraCompra: z.boolean(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  situacao: z.enum(COUPON_STATES),
});
export type CupomPublico = z.infer<typeof cupomPublicoSchema>;
export const cupomPublicoAnswerSchema = z.object({ cupom: cupomPublicoSchema });
